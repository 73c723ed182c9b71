import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products, stockMovements } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { signUp, type Client } from '../../test/auth';
import { cartApi, checkoutApi, makeCartProduct } from '../../test/cart';
import { placeOrder } from '../../test/shop';

// PostgreSQL only: every kind of sale at once on real concurrent transactions (issue 39, item 2). Order Now and the
// cart's checkout take a backorderable product's row by different steps; each must queue behind the others, never
// wait in a circle ("deadlock detected" answered 503 or 500).
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
  for (let i = 0; i < 12; i++) buyers.push(await signUp(t.app, { name: `Lock Racer ${i}`, verified: true }));
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

/** Stock, ledger and the orders' reserved and backordered units of one product, as the database holds them. */
async function books(productId: string) {
  const db = t.app.database.db;
  const [product] = await db.select().from(products).where(eq(products.id, productId));
  const ledger = await db.select().from(stockMovements).where(eq(stockMovements.productId, productId));
  const [held] = await db
    .select({
      units: sql<number>`coalesce(sum(${orders.quantity}), 0)::int`,
      reserved: sql<number>`coalesce(sum(${orders.quantity} - ${orders.backorderedQuantity}), 0)::int`,
      backordered: sql<number>`coalesce(sum(${orders.backorderedQuantity}), 0)::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(orders)
    .where(eq(orders.productId, productId));
  const taken = ledger.filter((m) => m.reason === 'order_reserved');
  // Each ledger row is exact under the row lock, and the rows chain: no two saw the same stock.
  for (const m of taken) expect(m.quantityAfter).toBe(m.quantityBefore + m.delta);
  expect(new Set(taken.map((m) => m.quantityBefore)).size).toBe(taken.length);
  return {
    stock: product!.quantity,
    balance: ledger.reduce((s, m) => s + m.delta, 0),
    takenUnits: -taken.reduce((s, m) => s + m.delta, 0),
    ...held!,
  };
}

const fill = async (buyer: Client, lines: [string, number][]) => {
  await cartApi(t.app, buyer).empty();
  for (const [id, quantity] of lines)
    expect((await cartApi(t.app, buyer).add(id, quantity)).statusCode).toBe(200);
};

describe('every sale at once on a backorderable product', () => {
  it('30 Order Now and 12 checkouts together: 200/201 or a clear 409, none 5xx; stock, ledger and backorders exact', async () => {
    const jack = await backorderable(20);
    const plain = await makeCartProduct(t.app, { quantity: 9, priceCents: 500 });
    // Half the carts list the plain product first: the cart's order must not be the lock order.
    for (const [i, buyer] of buyers.entries())
      await fill(
        buyer,
        i % 2
          ? [
              [jack.id, 2],
              [plain.id, 1],
            ]
          : [
              [plain.id, 1],
              [jack.id, 2],
            ],
      );
    const orderNow = Array.from({ length: 30 }, (_, i) =>
      placeOrder(t.app, buyers[i % buyers.length]!, { productId: jack.id, quantity: 1 }),
    );
    const checkouts = buyers.map((b) => checkoutApi(t.app, b).create());
    const now = await Promise.all(orderNow);
    const carts = await Promise.all(checkouts);
    for (const r of now) expect([200, 409], r.body).toContain(r.statusCode);
    for (const r of carts) expect([201, 409], r.body).toContain(r.statusCode);
    // A backorderable product refuses no Order Now; the plain line (9 in stock) lets exactly 9 carts through.
    expect(now.filter((r) => r.statusCode === 200)).toHaveLength(30);
    expect(carts.filter((r) => r.statusCode === 201)).toHaveLength(9);
    for (const r of carts.filter((r) => r.statusCode === 409))
      expect(r.json().lines.map((l: { productId: string }) => l.productId)).toEqual([plain.id]);
    const j = await books(jack.id);
    expect(j.count).toBe(30 + 9);
    expect(j.units).toBe(30 + 18);
    expect(j.stock).toBe(0);
    expect(j.balance).toBe(0);
    expect(j.reserved).toBe(20);
    expect(j.takenUnits).toBe(20);
    expect(j.backordered).toBe(28);
    const p = await books(plain.id);
    expect(p.stock).toBe(0);
    expect(p.balance).toBe(0);
    expect(p.takenUnits).toBe(9);
  });

  it('two backorderable products in opposite cart order, with Order Now of each: no 5xx, books exact', async () => {
    const a = await backorderable(15);
    const b = await backorderable(15);
    for (const [i, buyer] of buyers.entries())
      await fill(
        buyer,
        i % 2
          ? [
              [a.id, 2],
              [b.id, 1],
            ]
          : [
              [b.id, 2],
              [a.id, 1],
            ],
      );
    const orderNow = Array.from({ length: 24 }, (_, i) =>
      placeOrder(t.app, buyers[i % buyers.length]!, { productId: (i % 2 ? a : b).id, quantity: 1 }),
    );
    const checkouts = buyers.map((buyer) => checkoutApi(t.app, buyer).create());
    const now = await Promise.all(orderNow);
    const carts = await Promise.all(checkouts);
    for (const r of now) expect(r.statusCode, r.body).toBe(200);
    for (const r of carts) expect(r.statusCode, r.body).toBe(201);
    for (const p of [a, b]) {
      const k = await books(p.id);
      // 12 Order Now units and 6 carts × 2 + 6 carts × 1 of each product.
      expect(k.units).toBe(12 + 18);
      expect(k.stock).toBe(0);
      expect(k.balance).toBe(0);
      expect(k.reserved).toBe(15);
      expect(k.takenUnits).toBe(15);
      expect(k.backordered).toBe(15);
    }
  });

  // Every sale queues on the order-number counter (decision 049). A sale slow to commit — as all are on a busy
  // machine — held it; each waiting sale borrowed a pool connection for the wait, and the rest of the instance's
  // requests, sales and others, got 503 after the pool's 5 s. The sale gate keeps the waiting off the pool.
  it('a sale holding the order counter for 6 s: the others queue and all place, and the shop keeps answering', async () => {
    const jack = await backorderable(10);
    expect((await placeOrder(t.app, buyers[0]!, { productId: jack.id, quantity: 1 })).statusCode).toBe(200);
    const holder = new pg.Client({ connectionString: t.app.database.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select last from order_counter for update');
      const released = Date.now() + 6_000;
      const sales = Array.from({ length: 30 }, (_, i) =>
        placeOrder(t.app, buyers[i % buyers.length]!, { productId: jack.id, quantity: 1 }),
      );
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      // Another page of the shop, read from the database, while 30 sales wait.
      const cart = await cartApi(t.app, buyers[0]!).get();
      expect(cart.statusCode, cart.body).toBe(200);
      expect(Date.now()).toBeLessThan(released);
      await new Promise((resolve) => setTimeout(resolve, released - Date.now()));
      await holder.query('commit');
      const results = await Promise.all(sales);
      for (const r of results) expect(r.statusCode, r.body).toBe(200);
    } finally {
      await holder.end();
    }
    const j = await books(jack.id);
    expect(j.count).toBe(31);
    expect(j.stock).toBe(0);
    expect(j.balance).toBe(0);
    expect(j.reserved).toBe(10);
    expect(j.backordered).toBe(21);
  });
});
