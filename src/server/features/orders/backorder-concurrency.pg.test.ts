import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products, stockMovements } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { signUp, type Client } from '../../test/auth';
import { cartApi, checkoutApi, makeCartProduct } from '../../test/cart';
import { placeOrder } from '../../test/shop';

// PostgreSQL only: real concurrent transactions on a connection pool (issue 39, item 2). Every order's insert holds
// a key-share lock on its product through the foreign key; a backorderable product's reservation then locked the row
// for update, which waits on the other buyers' key-share locks while they wait on its: "deadlock detected".
let t: TestApp;
let buyers: Client[];

beforeAll(async () => {
  t = await createTestApp({
    SEED_DEMO: 'false',
    MAX_UNPAID_ORDERS: '1000',
    MAX_RESERVED_UNITS: '100000',
    AUTH_RATE_LIMIT: 'false',
  });
  buyers = [];
  for (let i = 0; i < 12; i++)
    buyers.push(await signUp(t.app, { name: `Backorder Racer ${i}`, verified: true }));
});
afterAll(() => t.close());

async function backorderable(quantity: number) {
  const p = await makeCartProduct(t.app, { quantity, priceCents: 1_000 });
  await t.app.database.db
    .update(products)
    .set({ backorderable: true, leadTimeDays: 10 })
    .where(eq(products.id, p.id));
  await t.app.readCache.changed('catalogue');
  return p;
}

/** Stock, the ledger's movements and the pending orders of one product, as the database holds them. */
async function books(productId: string) {
  const db = t.app.database.db;
  const [product] = await db.select().from(products).where(eq(products.id, productId));
  const ledger = await db.select().from(stockMovements).where(eq(stockMovements.productId, productId));
  const [held] = await db
    .select({
      reserved: sql<number>`coalesce(sum(${orders.quantity} - coalesce(${orders.backorderedQuantity}, 0)), 0)::int`,
      backordered: sql<number>`coalesce(sum(${orders.backorderedQuantity}), 0)::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(orders)
    .where(eq(orders.productId, productId));
  // The ledger's sum is the stock (its opening row included); the orders' rows are what they took.
  const balance = ledger.reduce((s, m) => s + m.delta, 0);
  const taken = ledger.filter((m) => m.reason === 'order_reserved');
  return { stock: product!.quantity, balance, ledger: taken, ...held! };
}

describe('a backorderable product under concurrent buyers', () => {
  it('30 simultaneous Order Now: every one placed or a clear 409, none 500, stock and ledger exact', async () => {
    const product = await backorderable(10);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        placeOrder(t.app, buyers[i % buyers.length]!, { productId: product.id, quantity: 1 }),
      ),
    );
    for (const r of results) expect([200, 409], r.body).toContain(r.statusCode);
    // The product may go on backorder: nothing refuses these orders.
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(30);
    const b = await books(product.id);
    expect(b.count).toBe(30);
    expect(b.stock).toBe(0);
    expect(b.balance).toBe(0);
    expect(b.reserved).toBe(10);
    expect(b.backordered).toBe(20);
    // One ledger row per order that took stock, each exact under the row lock, summing to what left the shelf.
    expect(b.ledger).toHaveLength(10);
    expect(b.ledger.reduce((s, m) => s + m.delta, 0)).toBe(-10);
    for (const m of b.ledger) expect(m.quantityAfter).toBe(m.quantityBefore + m.delta);
    expect(new Set(b.ledger.map((m) => m.quantityAfter)).size).toBe(10);
  });

  it('12 simultaneous checkouts with a backorderable and a plain line: 201 or a clear 409, stock and ledger exact', async () => {
    const jack = await backorderable(5);
    const plain = await makeCartProduct(t.app, { quantity: 8, priceCents: 500 });
    for (const buyer of buyers) {
      await cartApi(t.app, buyer).empty();
      expect((await cartApi(t.app, buyer).add(jack.id, 1)).statusCode).toBe(200);
      expect((await cartApi(t.app, buyer).add(plain.id, 1)).statusCode).toBe(200);
    }
    const results = await Promise.all(buyers.map((b) => checkoutApi(t.app, b).create()));
    for (const r of results) expect([201, 409], r.body).toContain(r.statusCode);
    const placed = results.filter((r) => r.statusCode === 201);
    // The plain line holds 8: exactly 8 checkouts fit, the other 4 are told which line is short.
    expect(placed).toHaveLength(8);
    for (const r of results.filter((r) => r.statusCode === 409))
      expect(r.json().lines.map((l: { productId: string }) => l.productId)).toEqual([plain.id]);
    const j = await books(jack.id);
    expect(j.count).toBe(8);
    expect(j.stock).toBe(0);
    expect(j.balance).toBe(0);
    expect(j.reserved).toBe(5);
    expect(j.backordered).toBe(3);
    expect(j.ledger.reduce((s, m) => s + m.delta, 0)).toBe(-5);
    const p = await books(plain.id);
    expect(p.stock).toBe(0);
    expect(p.balance).toBe(0);
    expect(p.ledger.reduce((s, m) => s + m.delta, 0)).toBe(-8);
  });
});
