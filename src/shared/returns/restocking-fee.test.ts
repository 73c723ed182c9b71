import { describe, expect, it } from 'vitest';
import { planRefund, type RefundableLine } from '../orders/refund-plan';

const line: RefundableLine = {
  orderId: 'a',
  quantity: 3,
  unitPriceCents: 33_33,
  shippingCents: 10_00,
  taxCents: 3_31,
  refundedQuantity: 0,
  refundedCents: 0,
};

describe("a return's restocking fee in the one refund plan (docs/decisions/065-returns.md)", () => {
  it('takes the percentage of the goods only, to the cent, and leaves the line open for the fee', () => {
    const plan = planRefund([line], {
      kind: 'lines',
      lines: [{ orderId: 'a', quantity: 2 }],
      feePercent: 15,
    });
    if (!plan.ok) throw new Error(plan.message);
    const [p] = plan.lines;
    // 15 % of $66.66 is $9.999: $10.00; shipping (6.67) and tax (2.21) shares are refunded whole.
    expect(p).toMatchObject({
      goodsCents: 66_66,
      shippingCents: 6_67,
      taxCents: 2_21,
      restockingFeeCents: 10_00,
    });
    expect(p!.amountCents).toBe(66_66 + 6_67 + 2_21 - 10_00);
    expect(p!.completesLine).toBe(false);
    expect(plan.amountCents).toBe(p!.amountCents);
  });

  it('no fee (0 %) plans exactly what a refund of the units plans', () => {
    const plain = planRefund([line], { kind: 'lines', lines: [{ orderId: 'a', quantity: 3 }] });
    const free = planRefund([line], { kind: 'lines', lines: [{ orderId: 'a', quantity: 3 }], feePercent: 0 });
    expect(free).toEqual(plain);
  });
});
