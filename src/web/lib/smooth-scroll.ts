/** Scroll duration. Native smooth scrolling has no duration, so this animates it. */
export const SMOOTH_SCROLL_MS = 500;

const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** Scrolls to the element in `duration` ms (instantly for users who ask for reduced motion), then focuses it. */
export function smoothScrollTo(target: HTMLElement, duration = SMOOTH_SCROLL_MS): Promise<void> {
  const header = document.querySelector('header');
  const offset = header ? header.getBoundingClientRect().height : 0;
  const start = window.scrollY;
  const end = start + target.getBoundingClientRect().top - offset;
  const focus = () => target.focus({ preventScroll: true });
  if (prefersReducedMotion() || duration <= 0) {
    window.scrollTo(0, end);
    focus();
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const t0 = performance.now();
    const step = (now: number) => {
      const t = Math.min(1, (now - t0) / duration);
      window.scrollTo(0, start + (end - start) * easeInOut(t));
      if (t < 1) requestAnimationFrame(step);
      else {
        focus();
        resolve();
      }
    };
    requestAnimationFrame(step);
  });
}
