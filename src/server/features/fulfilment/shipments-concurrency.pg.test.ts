import { eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipmentLines } from '../../db/schema';
import type { TestApp } from '../../test/helper';
import type { Client } from '../../test/auth';
import { appWithPeople } from '../../test/people';
import { makeProduct, payOrder, placeOrder } from '../../test/shop';
import { orderAs, shipmentsApi, ups } from '../../test/shipments';

// PostgreSQL only: real concurrent transactions on a connection pool.
let t: TestApp;
let admin: Client;
let buyer: Client;

beforeAll(async () => {
  [t, admin, buyer] = await appWithPeople('Racing Buyer');
});
afterAll(() => t.close());

async function paidLine(quantity: number) {
  const product = await makeProduct(t.app, { quantity: 100 });
  const id = (await placeOrder(t.app, buyer, { productId: product.id, quantity })).json()
    .insertedId as string;
  expect((await payOrder(t.app, buyer, id)).pay!.statusCode).toBe(200);
  return id;
}

const shippedOf = async (orderId: string) => {
  const [row] = await t.app.database.db
    .select({ n: sum(shipmentLines.quantity).mapWith(Number) })
    .from(shipmentLines)
    .where(eq(shipmentLines.orderId, orderId));
  return row?.n ?? 0;
};

describe('shipping one line from several admins at once', () => {
  it('10 simultaneous shipments of 1 unit of a 3-unit line: exactly 3 ship, the rest get 409', async () => {
    const id = await paidLine(3);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        shipmentsApi(t.app, admin).create(ups([{ orderId: id, quantity: 1 }], `1ZRACE${i}`)),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    expect(await shippedOf(id)).toBe(3);
    expect(await orderAs(t.app, buyer, id)).toMatchObject({ shippedQuantity: 3, fulfilment: 'shipped' });
  });

  it('simultaneous "ship all that is left" of two lines in opposite orders: one wins, no deadlock, no over-shipping', async () => {
    const a = await paidLine(4);
    const b = await paidLine(5);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        shipmentsApi(t.app, admin).create(
          ups(i % 2 ? [{ orderId: a }, { orderId: b }] : [{ orderId: b }, { orderId: a }], `1ZALL${i}`),
        ),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect([await shippedOf(a), await shippedOf(b)]).toEqual([4, 5]);
  });
});
