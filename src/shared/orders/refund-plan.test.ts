import { describe, expect, it } from 'vitest';
import { planRefund, type RefundableLine, type RefundPlan } from './refund-plan';

const line = (over: Partial<RefundableLine> = {}): RefundableLine => ({
  orderId: 'a',
  quantity: 3,
  unitPriceCents: 40_00,
  shippingCents: 10_00,
  taxCents: 3_31,
  refundedQuantity: 0,
  refundedCents: 0,
  ...over,
});

const ok = (plan: RefundPlan) => {
  if (!plan.ok) throw new Error(`${plan.field}: ${plan.message}`);
  return plan;
};

/** Applies a plan to the lines, as the server records it. */
const apply = (lines: RefundableLine[], plan: RefundPlan) =>
  lines.map((l) => {
    const p = ok(plan).lines.find((x) => x.orderId === l.orderId);
    if (!p) return l;
    return {
      ...l,
      refundedQuantity: p.completesLine ? l.quantity : l.refundedQuantity + p.quantity,
      refundedCents: l.refundedCents + p.amountCents,
    };
  });

describe('planRefund', () => {
  it('units carry their shares of shipping and tax; one unit at a time adds up to the line exactly', () => {
    let lines = [line()];
    const amounts: number[] = [];
    for (let i = 0; i < 3; i++) {
      const plan = ok(planRefund(lines, { kind: 'lines', lines: [{ orderId: 'a', quantity: 1 }] }));
      amounts.push(plan.amountCents);
      lines = apply(lines, plan);
    }
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(133_31);
    // Shipping 3.33 + 3.34 + 3.33, tax 1.10 + 1.11 + 1.10: each unit within a cent of its exact share.
    expect(amounts).toEqual([44_43, 44_45, 44_43]);
    expect(planRefund(lines, { kind: 'all' })).toMatchObject({ ok: false, field: null });
  });

  it('an amount is spread over the lines by what each still holds, and the rest after it is exact', () => {
    const lines = [
      line(),
      line({ orderId: 'b', quantity: 1, unitPriceCents: 10_00, shippingCents: 0, taxCents: 0 }),
    ];
    const amount = ok(planRefund(lines, { kind: 'amount', amountCents: 1_00 }));
    expect(amount.lines.map((l) => l.amountCents)).toEqual([93, 7]);
    const after = apply(lines, amount);
    const rest = ok(planRefund(after, { kind: 'all' }));
    expect(rest.amountCents).toBe(143_31 - 1_00);
    expect(rest.lines[0]).toMatchObject({ quantity: 3, goodsCents: 120_00, lessEarlierCents: 93 });
  });

  it('names the field at fault', () => {
    const lines = [line()];
    expect(planRefund(lines, { kind: 'lines', lines: [{ orderId: 'a', quantity: 4 }] })).toMatchObject({
      ok: false,
      field: 'lines.0.quantity',
    });
    expect(planRefund(lines, { kind: 'lines', lines: [{ orderId: 'x', quantity: 1 }] })).toMatchObject({
      ok: false,
      field: 'lines.0.orderId',
    });
    expect(
      planRefund(lines, {
        kind: 'lines',
        lines: [
          { orderId: 'a', quantity: 1 },
          { orderId: 'a', quantity: 1 },
        ],
      }),
    ).toMatchObject({ ok: false, field: 'lines.1.orderId' });
    expect(planRefund(lines, { kind: 'amount', amountCents: 133_32 })).toMatchObject({
      ok: false,
      field: 'amountCents',
      message: 'must be at most $133.31, what is still refundable',
    });
    expect(planRefund(lines, { kind: 'amount', amountCents: 0 })).toMatchObject({
      ok: false,
      field: 'amountCents',
    });
  });
});
