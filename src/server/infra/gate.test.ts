import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './db-unavailable';
import { Gate } from './gate';

/** A promise with its resolve handed out, for work the test finishes when it chooses. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('Gate (the sale gate, decision 074)', () => {
  it('lets at most `size` in at once and the rest in arrival order', async () => {
    const gate = new Gate(2, 5_000);
    const started: number[] = [];
    const work = Array.from({ length: 5 }, () => deferred());
    const runs = work.map((w, i) =>
      gate.run(async () => {
        started.push(i);
        await w.promise;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(gate.state).toEqual({ held: 2, waiting: 3 });
    work[1]!.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    work[0]!.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const w of work) w.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(gate.state).toEqual({ held: 0, waiting: 0 });
  });

  it('frees the place of work that fails', async () => {
    const gate = new Gate(1, 5_000);
    await expect(gate.run(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await gate.run(async () => 'next')).toBe('next');
    expect(gate.state).toEqual({ held: 0, waiting: 0 });
  });

  it('refuses a waiter past its wait as the database being unavailable (a 503), and forgets it', async () => {
    const gate = new Gate(1, 30);
    const first = deferred();
    const holding = gate.run(() => first.promise);
    const late = gate.run(async () => 'never');
    const err = await late.catch((e: unknown) => e);
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(gate.state).toEqual({ held: 1, waiting: 0 });
    first.resolve();
    await holding;
    expect(gate.state).toEqual({ held: 0, waiting: 0 });
  });
});
