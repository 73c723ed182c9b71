import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalescedAnnouncer, type BusScope } from './cache-bus';

describe('coalescedAnnouncer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setUp = () => {
    const sent: [BusScope, number][] = [];
    const errors: unknown[] = [];
    const announcer = coalescedAnnouncer(
      async (scope) => void sent.push([scope, Date.now()]),
      (err) => errors.push(err),
      50,
    );
    return { sent, errors, announcer };
  };

  it('sends the first announcement at once and folds a burst into one at the end of the window', async () => {
    const { sent, announcer } = setUp();
    const t0 = Date.now();
    await announcer.announce('catalogue');
    expect(sent).toEqual([['catalogue', t0]]);
    for (let i = 0; i < 20; i++) await announcer.announce('catalogue');
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(50);
    expect(sent).toEqual([
      ['catalogue', t0],
      ['catalogue', t0 + 50],
    ]);
    // Quiet windows send nothing more; the next change goes out at once again.
    await vi.advanceTimersByTimeAsync(200);
    expect(sent).toHaveLength(2);
    await announcer.announce('catalogue');
    expect(sent).toHaveLength(3);
  });

  it('every change is followed by an announcement within the window, scope by scope', async () => {
    const { sent, announcer } = setUp();
    const changes: [BusScope, number][] = [];
    for (let ms = 0; ms < 500; ms += 7) {
      const scope: BusScope = ms % 2 ? 'catalogue' : 'sessions';
      changes.push([scope, Date.now()]);
      await announcer.announce(scope);
      await vi.advanceTimersByTimeAsync(7);
    }
    await vi.advanceTimersByTimeAsync(100);
    for (const [scope, at] of changes)
      expect(sent.some(([s, t]) => s === scope && t >= at && t <= at + 50)).toBe(true);
    expect(sent.length).toBeLessThan(changes.length / 2);
  });

  it('logs a failed announcement instead of throwing, and sends nothing once closed', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const announcer = coalescedAnnouncer(
      async () => {
        calls++;
        throw new Error('database gone');
      },
      (err) => errors.push(err),
      50,
    );
    await announcer.announce('news');
    expect(errors).toHaveLength(1);
    await announcer.announce('news');
    announcer.close();
    await vi.advanceTimersByTimeAsync(100);
    await announcer.announce('news');
    expect(calls).toBe(1);
  });
});
