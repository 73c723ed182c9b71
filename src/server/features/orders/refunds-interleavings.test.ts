import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type Client } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/helper';
import { assertSettled, newScenario, otherSteps, paySteps, run, type Step } from '../../test/refunds';

let t: TestApp;
let buyer: Client;
let rival: Client;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false', MAX_RESERVED_UNITS: '100000' });
  buyer = await signUp(t.app, { name: 'Interleaved Buyer', verified: true });
  rival = await signUp(t.app, { name: 'Rival Buyer', verified: true });
});
afterAll(() => t.close());

/** Every order of the seven steps in which the payment's own steps keep their order. */
function interleavings(pay: Step[], others: Step[]): Step[][] {
  if (!others.length) return [pay];
  if (!pay.length) return permutations(others);
  return [
    ...interleavings(pay.slice(1), others).map((rest) => [pay[0]!, ...rest]),
    ...others.flatMap((o, i) =>
      interleavings(pay, [...others.slice(0, i), ...others.slice(i + 1)]).map((rest) => [o, ...rest]),
    ),
  ];
}
function permutations(steps: Step[]): Step[][] {
  if (steps.length <= 1) return [steps];
  return steps.flatMap((s, i) =>
    permutations([...steps.slice(0, i), ...steps.slice(i + 1)]).map((rest) => [s, ...rest]),
  );
}

describe('pay / cancel / expire / sell-out, in every order', () => {
  const all = interleavings(paySteps, otherSteps);

  it('covers all 210 interleavings', () => {
    expect(all).toHaveLength(210);
    expect(new Set(all.map((a) => a.join())).size).toBe(210);
  });

  it('every one ends with a paid order, a full refund, or no charge at all — never a charge with neither', async () => {
    const outcomes: Record<string, number> = {};
    for (const steps of all) {
      const s = await newScenario(t.app, buyer, rival);
      for (const step of steps) await run(s, step);
      const outcome = await assertSettled(s);
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
    // Each ending really happens: the check above is not vacuous.
    expect(Object.keys(outcomes).sort()).toEqual(['no charge', 'paid', 'refunded']);
  }, 600_000);

  it('the same holds when the payment races a cancel, the sweep or a sell-out', async () => {
    for (const other of otherSteps) {
      for (let round = 0; round < 4; round++) {
        const s = await newScenario(t.app, buyer, rival);
        await Promise.all([
          (async () => {
            for (const step of paySteps) await run(s, step);
          })(),
          run(s, other),
        ]);
        await assertSettled(s);
      }
    }
  }, 300_000);
});
