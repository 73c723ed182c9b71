import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { signUp, type Client } from '../../test/auth';
import type { Checkout } from '@shared/checkout/checkout.schema';
import { cartApi, changeProduct, checkoutApi, makeCartProduct } from '../../test/cart';
import { stockOf } from '../../test/shop';

// PostgreSQL only: real concurrent transactions on a connection pool.
let t: TestApp;
let ann: Client;
let bob: Client;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false', MAX_UNPAID_ORDERS: '1000', MAX_RESERVED_UNITS: '100000' });
  ann = await signUp(t.app, { name: 'Ann Racer', verified: true });
  bob = await signUp(t.app, { name: 'Bob Racer', verified: true });
});
afterAll(() => t.close());

/** Units of the product that unpaid, pending lines hold. */
async function reservedOf(productId: string) {
  const [row] = await t.app.database.db
    .select({ n: sql<number>`coalesce(sum(${orders.quantity}), 0)::int` })
    .from(orders)
    .where(sql`${eq(orders.productId, productId)} and ${orders.orderStatus} = 'Pending'`);
  return Number(row!.n);
}

describe('checkouts under concurrency', () => {
  it('two carts over the same products in opposite order: no deadlock, no oversell, reserved = lines', async () => {
    const products = await Promise.all([1, 2, 3].map(() => makeCartProduct(t.app, { quantity: 50 })));
    const statuses: number[] = [];
    for (let round = 0; round < 15; round++) {
      await Promise.all(products.map((p) => changeProduct(t.app, p.id, { quantity: 50 })));
      // Ann adds the products first to last, Bob last to first: the carts' orders are opposite.
      for (const p of products)
        expect((await cartApi(t.app, ann).add(p.id, 1 + (round % 2))).statusCode).toBe(200);
      for (const p of [...products].reverse())
        expect((await cartApi(t.app, bob).add(p.id, 2)).statusCode).toBe(200);
      // 3 of each left: every other round only one of the two checkouts fits.
      await Promise.all(products.map((p) => changeProduct(t.app, p.id, { quantity: 3 })));
      const results = await Promise.all([checkoutApi(t.app, ann).create(), checkoutApi(t.app, bob).create()]);
      statuses.push(...results.map((r) => r.statusCode));
      const placed = results.filter((r) => r.statusCode === 201).map((r) => r.json() as Checkout);
      for (const r of results) if (r.statusCode === 409) expect(r.json().lines.length).toBeGreaterThan(0);
      for (const p of products) {
        const stock = await stockOf(t.app, p.id);
        expect(stock).toBeGreaterThanOrEqual(0);
        const taken = placed.flatMap((c) => c.lines).filter((l) => l.productId === p.id);
        expect(3 - stock).toBe(taken.reduce((sum, l) => sum + l.quantity, 0));
      }
      await Promise.all([cartApi(t.app, ann).empty(), cartApi(t.app, bob).empty()]);
    }
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(15);
    expect(statuses.filter((s) => s === 409).length).toBeGreaterThan(0);
    // Every reservation is a line: the ledger of unpaid, pending lines matches what left the shelf in total.
    const held = await Promise.all(products.map((p) => reservedOf(p.id)));
    expect(held.every((n) => n > 0)).toBe(true);
  });
});
