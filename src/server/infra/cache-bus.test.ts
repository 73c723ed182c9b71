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

  it('sends a failed announcement again, backing off, until one goes out', async () => {
    const errors: unknown[] = [];
    const tries: number[] = [];
    let down = true;
    const t0 = Date.now();
    const announcer = coalescedAnnouncer(
      async () => {
        tries.push(Date.now() - t0);
        if (down) throw new Error('pool timed out');
      },
      (err) => errors.push(err),
      50,
      400,
    );
    await announcer.announce('catalogue');
    await vi.advanceTimersByTimeAsync(1_500);
    // 0, then 100, 200, 400 and 400 ms later: doubling from two windows, at most `maxRetryMs` apart.
    expect(tries).toEqual([0, 100, 300, 700, 1_100, 1_500]);
    expect(errors).toHaveLength(6);
    down = false;
    await vi.advanceTimersByTimeAsync(400);
    expect(tries).toHaveLength(7);
    // Out: no more retries.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(tries).toHaveLength(7);
    announcer.close();
  });

  it('a send that started before the failed one does not cancel its retry', async () => {
    const results: ((ok: boolean) => void)[] = [];
    const announcer = coalescedAnnouncer(
      () =>
        new Promise<void>((resolve, reject) => {
          results.push((ok) => (ok ? resolve() : reject(new Error('lost'))));
        }),
      () => {},
      50,
    );
    void announcer.announce('catalogue');
    await vi.advanceTimersByTimeAsync(50);
    void announcer.announce('catalogue');
    // The second (for a later change) fails, then the first, older one succeeds: the change must still go out.
    results[1]!(false);
    await vi.advanceTimersByTimeAsync(0);
    results[0]!(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(results).toHaveLength(3);
    results[2]!(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(results).toHaveLength(3);
    announcer.close();
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
