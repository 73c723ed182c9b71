import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '@shared/checkout/checkout.schema';
import { saleRefunds } from '../../db/schema';
import type { TestApp } from '../../test/helper';
import type { Client } from '../../test/auth';
import { appWithPeople } from '../../test/people';
import { makeProduct, payOrder, placeOrder } from '../../test/shop';
import { checkoutApi, twoLineCheckout } from '../../test/cart';

// PostgreSQL only: partial refunds of one sale in real concurrent transactions on a connection pool
// (docs/decisions/053-partial-refunds.md). The sale's lines are locked, so two refunds at once never give back more
// than was paid.
let t: TestApp;
let admin: Client;
let buyer: Client;

beforeAll(async () => {
  [t, admin, buyer] = await appWithPeople('Racing Refunds');
});
afterAll(() => t.close());

const refund = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: admin.headers, payload });

describe('partial refunds at once', () => {
  it('ten amount refunds of 30 % of one order: three go through, the rest are refused, never more than paid', async () => {
    const product = await makeProduct(t.app, { quantity: 10, priceCents: 10_00 });
    const orderId = (await placeOrder(t.app, buyer, { productId: product.id, quantity: 10 })).json()
      .insertedId as string;
    expect((await payOrder(t.app, buyer, orderId)).pay?.statusCode).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => refund(`/api/order/${orderId}/refund`, { amountCents: 30_00 })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 400)).toHaveLength(7);
    const made = await t.database.db.select().from(saleRefunds).where(eq(saleRefunds.orderId, orderId));
    expect(made.reduce((s, r) => s + r.amountCents, 0)).toBe(90_00);
    const order = (
      await t.app.inject({ url: `/api/singleorderitem/${orderId}`, headers: buyer.headers })
    ).json();
    expect(order.refundedCents).toBe(90_00);
  });

  it("a checkout's lines refunded by quantity and in full at once: each unit and cent given back once", async () => {
    const { co, drill } = await twoLineCheckout(t.app, buyer);
    const paid = (await (await checkoutApi(t.app, buyer).pay(co._id)).put()).json().checkout as Checkout;
    const drills = paid.lines.find((l) => l.productId === drill.id)!;
    const url = `/api/checkout/${co._id}/refund`;
    const results = await Promise.all([
      refund(url, { lines: [{ orderId: drills._id, quantity: 2 }] }),
      refund(url, { lines: [{ orderId: drills._id, quantity: 2 }] }),
      refund(url, {}),
      refund(url, { amountCents: 100_00 }),
    ]);
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of results) expect([200, 400, 409]).toContain(r.statusCode);
    const made = await t.database.db.select().from(saleRefunds).where(eq(saleRefunds.checkoutId, co._id));
    const refunded = made.reduce((s, r) => s + r.amountCents, 0);
    expect(refunded).toBeLessThanOrEqual(120_00);
    const after = (await checkoutApi(t.app, buyer).get(co._id)).json() as Checkout;
    expect(after.refundedCents).toBe(refunded);
    expect(after.lines.reduce((s, l) => s + (l.refundedQuantity ?? 0), 0)).toBeLessThanOrEqual(7);
  });
});
