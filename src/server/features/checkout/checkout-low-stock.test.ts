import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '@shared/checkout/checkout.schema';
import { orders, products } from '../../db/schema';
import { signUp, type Client } from '../../test/auth';
import { cartApi, checkoutApi, makeCartProduct } from '../../test/cart';
import { createTestApp, type TestApp } from '../../test/helper';

// Decision 068: a checkout's lines take their stock in one statement. What each product's fall tells staff is what
// one update per line told them: a mail for each product that crossed its threshold, naming the line's own order.
const OPS = 'ops-low@example.com';
let t: TestApp;
let buyer: Client;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false', STAFF_EMAILS: OPS });
  buyer = await signUp(t.app, { name: 'Low Stock Buyer', verified: true });
});
afterAll(() => t.close());

describe('a multi-line checkout that takes products to their low-stock threshold', () => {
  it('tells staff of each product that crossed, once, naming its own line; each ledger row names its order', async () => {
    const falls = await makeCartProduct(t.app, { quantity: 10 });
    const stays = await makeCartProduct(t.app, { quantity: 50 });
    const alsoFalls = await makeCartProduct(t.app, { quantity: 4 });
    await t.app.database.db
      .update(products)
      .set({ lowStockThreshold: 5 })
      .where(inArray(products.id, [falls.id, stays.id, alsoFalls.id]));
    const cart = cartApi(t.app, buyer);
    expect((await cart.add(falls.id, 5)).statusCode).toBe(200); // 10 → 5: crossed
    expect((await cart.add(stays.id, 5)).statusCode).toBe(200); // 50 → 45
    expect((await cart.add(alsoFalls.id, 1)).statusCode).toBe(200); // 4 → 3: already low, no news
    const res = await checkoutApi(t.app, buyer).create();
    expect(res.statusCode, res.body).toBe(201);
    const co = res.json() as Checkout;
    expect(co.lines).toHaveLength(3);

    const low = (name: string) => t.mail.sent.filter((m) => m.subject.startsWith(`Low stock: ${name}`));
    await expect.poll(() => low(falls.name).length, { timeout: 20_000 }).toBe(1);
    const line = co.lines.find((l) => l.productId === falls.id)!;
    const [row] = await t.app.database.db
      .select({ n: orders.orderNumber })
      .from(orders)
      .where(eq(orders.id, line._id));
    const mail = low(falls.name)[0]!;
    expect(mail.subject).toBe(`Low stock: ${falls.name} (5 left)`);
    expect(mail.text).toContain(`Last change: order reserved (order #${row!.n}).`);
    expect(low(stays.name)).toEqual([]);
    expect(low(alsoFalls.name)).toEqual([]);

    // Each line's ledger row names its own order.
    const { rows: ledger } = await t.app.database.db.execute<{ product_id: string; order_id: string }>(
      sql`select product_id, order_id from stock_movements where reason = 'order_reserved'`,
    );
    expect(new Set(ledger.map((r) => `${r.product_id}:${r.order_id}`))).toEqual(
      new Set(co.lines.map((l) => `${l.productId}:${l._id}`)),
    );
  });
});
