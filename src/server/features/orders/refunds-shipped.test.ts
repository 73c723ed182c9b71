import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockMovements } from '../../db/schema';
import type { TestApp } from '../../test/helper';
import type { Client } from '../../test/auth';
import { appWithPeople } from '../../test/people';
import { makeProduct, payOrder, placeOrder, stockOf } from '../../test/shop';
import { shipmentsApi, ups } from '../../test/shipments';
import { checkoutApi, twoLineCheckout } from '../../test/cart';

// Refunds never put shipped units back on the shelf (issue 38): only the units not shipped yet, and only when the
// admin says they can be sold again.
let t: TestApp;
let admin: Client;
let ann: Client;

beforeAll(async () => {
  [t, admin, ann] = await appWithPeople('Ann Partly');
});
afterAll(() => t.close());

/** A paid order of `quantity` units of a product with 10 in stock, `shipped` of them handed to the carrier. */
async function partlyShipped(quantity: number, shipped: number) {
  const product = await makeProduct(t.app, { quantity: 10, priceCents: 40_00 });
  const placed = await placeOrder(t.app, ann, {
    productId: product.id,
    quantity,
    number: '5550100',
    address: '1 Main St',
  });
  expect(placed.statusCode).toBe(200);
  const orderId = placed.json().insertedId as string;
  expect((await payOrder(t.app, ann, orderId)).pay?.statusCode).toBe(200);
  if (shipped > 0)
    expect((await shipmentsApi(t.app, admin).create(ups([{ orderId, quantity: shipped }]))).statusCode).toBe(
      201,
    );
  expect(await stockOf(t.app, product.id)).toBe(10 - quantity);
  return { productId: product.id, orderId };
}

const refund = (orderId: string, body?: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/order/${orderId}/refund`,
    headers: admin.headers,
    ...(body && { payload: body }),
  });

const movementsOf = (orderId: string) =>
  t.database.db.select().from(stockMovements).where(eq(stockMovements.orderId, orderId));

describe('refunding a paid order with units already shipped', () => {
  it('refunds the payment in full and puts back only the units not shipped', async () => {
    const { productId, orderId } = await partlyShipped(2, 1);
    const res = await refund(orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ orderStatus: 'Cancelled', refundStatus: 'refunded' });
    // One of two units is on its way to the customer: it does not come back into stock.
    expect(await stockOf(t.app, productId)).toBe(9);
    const back = (await movementsOf(orderId)).filter((m) => m.delta > 0);
    expect(back.map((m) => m.delta)).toEqual([1]);
  });

  it('with restock false the unshipped units stay out of stock too', async () => {
    const { productId, orderId } = await partlyShipped(3, 1);
    const res = await refund(orderId, { restock: false });
    expect(res.statusCode).toBe(200);
    expect(await stockOf(t.app, productId)).toBe(7);
    expect((await movementsOf(orderId)).filter((m) => m.delta > 0)).toEqual([]);
  });

  it('a fully shipped order gives nothing back to stock; an unshipped one gives everything (default)', async () => {
    const shipped = await partlyShipped(2, 2);
    expect((await refund(shipped.orderId)).statusCode).toBe(200);
    expect(await stockOf(t.app, shipped.productId)).toBe(8);
    const none = await partlyShipped(2, 0);
    expect((await refund(none.orderId, {})).statusCode).toBe(200);
    expect(await stockOf(t.app, none.productId)).toBe(10);
  });

  it("a checkout's refund: shipped units stay out, the rest go back unless restock is false", async () => {
    const first = await twoLineCheckout(t.app, ann);
    expect((await (await checkoutApi(t.app, ann).pay(first.co._id)).put()).statusCode).toBe(200);
    const lines = (await checkoutApi(t.app, ann).get(first.co._id)).json().lines as {
      _id: string;
      productId: string;
    }[];
    const drillLine = lines.find((l) => l.productId === first.drill.id)!;
    expect(
      (await shipmentsApi(t.app, admin).create(ups([{ orderId: drillLine._id, quantity: 1 }]))).statusCode,
    ).toBe(201);
    const refund = (id: string, body?: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/checkout/${id}/refund`,
        headers: admin.headers,
        ...(body && { payload: body }),
      });
    expect((await refund(first.co._id)).statusCode).toBe(200);
    // 3 drills ordered, 1 shipped: 2 back; 4 saws, none shipped: all 4 back.
    expect([await stockOf(t.app, first.drill.id), await stockOf(t.app, first.saw.id)]).toEqual([9, 10]);

    const second = await twoLineCheckout(t.app, ann);
    expect((await (await checkoutApi(t.app, ann).pay(second.co._id)).put()).statusCode).toBe(200);
    expect((await refund(second.co._id, { restock: false })).statusCode).toBe(200);
    expect([await stockOf(t.app, second.drill.id), await stockOf(t.app, second.saw.id)]).toEqual([7, 6]);
  });

  it('names a bad restock field (400)', async () => {
    const { orderId } = await partlyShipped(1, 0);
    const res = await refund(orderId, { restock: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/restock/);
  });
});
