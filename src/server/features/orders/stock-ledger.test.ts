import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helper';
import { appWithPeople } from '../../test/people';
import { signUp, type Client } from '../../test/auth';
import { makeProduct, orderDepsOf, placeOrder } from '../../test/shop';
import { validProduct } from '../../test/admin';
import { expireUnpaidOrders } from './orders.service';
import type { StockHistory } from '@shared/inventory/inventory.schema';

let t: TestApp, admin: Client, customers: Client[];
beforeAll(async () => {
  [t, admin] = await appWithPeople();
  customers = [];
  for (let i = 0; i < 4; i++) customers.push(await signUp(t.app, { name: `Buyer ${i}`, verified: true }));
});
afterAll(() => t.close());

const historyUrl = (id: string, query = '') => `/api/inventory/products/${id}/movements${query}`;
async function history(id: string, query = ''): Promise<StockHistory> {
  const res = await t.app.inject({ url: historyUrl(id, query), headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every movement of a product, oldest first, straight from the database. */
async function ledger(productId: string) {
  const { rows } = await t.database.db.execute<{ delta: number; before: number; after: number }>(sql`
    select delta, quantity_before as before, quantity_after as after from stock_movements
    where product_id = ${productId} order by id`);
  return rows;
}

async function quantityOf(productId: string) {
  const { rows } = await t.database.db.execute<{ quantity: number }>(
    sql`select quantity from products where id = ${productId}`,
  );
  return rows[0]!.quantity;
}

/** The invariant: stock = sum of movements, and each movement starts where the previous one ended. */
async function expectBalanced(productId: string) {
  const rows = await ledger(productId);
  const sum = rows.reduce((s, r) => s + r.delta, 0);
  expect(sum).toBe(await quantityOf(productId));
  rows.forEach((r, i) => {
    expect(r.after).toBe(r.before + r.delta);
    expect(r.before).toBe(i === 0 ? 0 : rows[i - 1]!.after);
  });
}

describe('GET /api/inventory/products/{id}/movements', () => {
  it('is for admins only: anonymous 401, customer 403', async () => {
    const product = await makeProduct(t.app);
    expect((await t.app.inject({ url: historyUrl(product.id) })).statusCode).toBe(401);
    const asCustomer = await t.app.inject({ url: historyUrl(product.id), headers: customers[0]!.headers });
    expect(asCustomer.statusCode).toBe(403);
  });

  it('names bad input: malformed id 400, unknown product 404, bad limit and cursor 400', async () => {
    const product = await makeProduct(t.app);
    const get = (url: string) => t.app.inject({ url, headers: admin.headers });
    expect((await get('/api/inventory/products/nope/movements')).statusCode).toBe(400);
    const unknown = await get(historyUrl('00000000-0000-4000-8000-000000000000'));
    expect(unknown.statusCode).toBe(404);
    const limit = await get(historyUrl(product.id, '?limit=0'));
    expect(limit.statusCode).toBe(400);
    expect(limit.json().field).toBe('limit');
    expect((await get(historyUrl(product.id, '?before=abc'))).json().field).toBe('before');
  });

  it('records creation, an admin restock, an order, its cancellation and an expiry, with before and after', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: admin.headers,
      payload: { ...validProduct, sku: 'LEDGER-1', quantity: 12, minOrder: 1 },
    });
    const id = created.json().insertedId as string;
    const restock = await t.app.inject({
      method: 'PUT',
      url: `/api/product/${id}`,
      headers: admin.headers,
      payload: { quantity: 20 },
    });
    expect(restock.statusCode, restock.body).toBe(200);
    const buyer = customers[0]!;
    const first = (await placeOrder(t.app, buyer, { productId: id, quantity: 3 })).json().insertedId;
    await t.app.inject({ method: 'DELETE', url: `/api/order/${first}`, headers: buyer.headers });
    const second = (await placeOrder(t.app, buyer, { productId: id, quantity: 5 })).json().insertedId;
    await expireUnpaidOrders(t.database.db, 0, orderDepsOf(t.app).mail, new Date(Date.now() + 60_000));

    const page = await history(id);
    expect(page.quantity).toBe(20);
    expect(page.movements.map((m) => [m.reason, m.delta, m.before, m.after, m.orderId])).toEqual([
      ['order_expired', 5, 15, 20, second],
      ['order_reserved', -5, 20, 15, second],
      ['order_cancelled', 3, 17, 20, first],
      ['order_reserved', -3, 20, 17, first],
      ['restock', 8, 12, 20, null],
      ['created', 12, 0, 12, null],
    ]);
    expect(page.movements.at(-1)!.actorEmail).toBe(admin.email);
    expect(page.movements.at(-2)!.actorEmail).toBe(admin.email);
    // Each order's line names it by its number (decision 049), as the admin's stock history shows it.
    const numberOf = async (orderId: string) =>
      (
        await t.database.db.execute<{ n: number }>(
          sql`select order_number as n from orders where id = ${orderId}`,
        )
      ).rows[0]!.n;
    const [firstNumber, secondNumber] = [await numberOf(first), await numberOf(second)];
    expect(firstNumber).toBeGreaterThanOrEqual(1001);
    expect(page.movements.map((m) => m.orderNumber)).toEqual([
      secondNumber,
      secondNumber,
      firstNumber,
      firstNumber,
      null,
      null,
    ]);
    await expectBalanced(id);
  });

  it('pages newest first with a cursor', async () => {
    const product = await makeProduct(t.app, { quantity: 50 });
    for (let i = 0; i < 4; i++)
      await placeOrder(t.app, customers[1]!, { productId: product.id, quantity: 1 });
    const first = await history(product.id, '?limit=2');
    expect(first.movements.map((m) => m.after)).toEqual([46, 47]);
    const second = await history(product.id, `?limit=2&before=${first.nextBefore}`);
    expect(second.movements.map((m) => m.after)).toEqual([48, 49]);
    const last = await history(product.id, `?limit=2&before=${second.nextBefore}`);
    expect(last.movements.map((m) => m.reason)).toEqual(['created']);
    expect(last.nextBefore).toBeNull();
  });
});

describe('the ledger invariant', () => {
  it('holds after a storm of concurrent orders, cancellations and restocks', async () => {
    const product = await makeProduct(t.app, { quantity: 15, minOrder: 1 });
    const orderOne = (i: number) =>
      placeOrder(t.app, customers[i % customers.length]!, { productId: product.id, quantity: 1 + (i % 2) });
    const firstWave = await Promise.all(Array.from({ length: 24 }, (_, i) => orderOne(i)));
    const placed = firstWave.filter((r) => r.statusCode === 200);
    expect(placed.length).toBeGreaterThan(0);
    expect(firstWave.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    await Promise.all([
      ...placed.slice(0, 5).map((r) =>
        t.app.inject({
          method: 'DELETE',
          url: `/api/order/${r.json().insertedId}`,
          headers: admin.headers,
        }),
      ),
      t.app.inject({
        method: 'PUT',
        url: `/api/product/${product.id}`,
        headers: admin.headers,
        payload: { quantity: 30 },
      }),
      ...Array.from({ length: 12 }, (_, i) => orderOne(i)),
    ]);
    await expectBalanced(product.id);
    expect((await quantityOf(product.id)) >= 0).toBe(true);
  });
});
