import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { prefersReducedMotion } from '@/lib/smooth-scroll';

/** The trust counters animate for this long. */
export const COUNTER_DURATION_MS = 3000;

const noChanges = () => () => {};

const easeOut = (t: number) => 1 - (1 - t) ** 3;

/**
 * Counts from 0 to `end` over `duration` ms once the returned ref's element comes into view.
 * Users who prefer reduced motion, and browsers without IntersectionObserver, see the end value at once.
 */
export function useCountUp<T extends Element>(end: number, duration = COUNTER_DURATION_MS) {
  const ref = useRef<T>(null);
  // The server cannot know: it renders the counters at 0, and so does the hydration of its page; then the browser's
  // answer applies.
  const still = useSyncExternalStore(
    noChanges,
    () => prefersReducedMotion() || typeof IntersectionObserver === 'undefined',
    () => false,
  );
  const [count, setValue] = useState(0);
  const value = still ? end : count;

  useEffect(() => {
    const el = ref.current;
    if (!el || still) return;
    let frame = 0;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        // Frame timestamps only: one clock from the first frame to the last.
        let t0: number | undefined;
        const tick = (now: number) => {
          t0 ??= now;
          const t = Math.min(1, (now - t0) / duration);
          setValue(Math.round(end * easeOut(t)));
          if (t < 1) frame = requestAnimationFrame(tick);
        };
        frame = requestAnimationFrame(tick);
      },
      { threshold: 0.3 },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [end, duration, still]);

  return { ref, value };
}
