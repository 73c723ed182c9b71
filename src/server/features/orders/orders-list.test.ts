import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Order } from '@shared/orders/orders.schema';
import { orders, user } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { allPages } from '../../test/paging';
import { makeProduct } from '../../test/shop';

let t: TestApp;
let alice: Client;
let bob: Client;
let admin: Client;

/** 30 orders straight in the database, ten seconds apart, all within the checkout window, in a known mix of statuses. */
async function seedOrders() {
  const product = await makeProduct(t.app, { quantity: 1000, priceCents: 1_000 });
  const ids = new Map<string, string>();
  for (const c of [alice, bob]) {
    const [row] = await t.app.database.db.select({ id: user.id }).from(user).where(eq(user.email, c.email));
    ids.set(c.email, row!.id);
  }
  const start = Date.now() - 10 * 60_000;
  await t.app.database.db.insert(orders).values(
    Array.from({ length: 30 }, (_, i) => {
      const email = i % 3 === 0 ? bob.email : alice.email;
      const status = i % 5 === 0 ? 'Delivered' : i % 5 === 1 ? 'Cancelled' : 'Pending';
      return {
        userId: ids.get(email)!,
        name: 'Buyer',
        email,
        productId: product.id,
        productName: product.name,
        unitPriceCents: 1_000,
        quantity: i + 1,
        number: '555',
        address: '1 Road',
        paymentStatus: status === 'Delivered' || i % 5 === 2,
        orderStatus: status as 'Pending' | 'Delivered' | 'Cancelled',
        createdAt: new Date(start + i * 10_000),
      };
    }),
  );
}

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' });
  alice = await signUp(t.app, { name: 'Alice', email: `alice-${Date.now().toString(36)}@example.com` });
  bob = await signUp(t.app, { name: 'Bob', email: `bob-${Date.now().toString(36)}@example.com` });
  admin = await signUpAdmin(t.app);
  await seedOrders();
});
afterAll(() => t.close());

const get = (url: string, who: Client | null = admin) => t.app.inject({ url, headers: who?.headers ?? {} });

describe('GET /api/order, paged', () => {
  it('answers the spec array of every order without parameters, newest first, with the total and no next page', async () => {
    const res = await get('/api/order');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Order[];
    expect(list).toHaveLength(30);
    expect(list[0]!.quantity).toBe(30);
    expect(list.at(-1)!.quantity).toBe(1);
    expect(res.headers['x-total-count']).toBe('30');
    expect(res.headers['x-next-cursor']).toBeUndefined();
    expect(res.headers.link).toBeUndefined();
  });

  it('pages with limit and the X-Next-Cursor / Link headers, without gaps or repeats', async () => {
    const first = await get('/api/order?limit=7&status=Pending');
    const cursor = first.headers['x-next-cursor'] as string;
    expect(cursor).toMatch(/^[\w-]+$/);
    expect(first.headers.link).toBe(`</api/order?limit=7&status=Pending&cursor=${cursor}>; rel="next"`);
    const { pages, items, total } = await allPages<Order>(t.app, admin, '/api/order?limit=7&status=Pending');
    expect(total).toBe(18);
    expect(pages.map((p) => p.length)).toEqual([7, 7, 4]);
    expect(new Set(items.map((o) => o._id)).size).toBe(18);
    expect(items.every((o) => o.orderStatus === 'Pending')).toBe(true);
    const times = items.map((o) => o.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('filters by payment and searches by customer email prefix or order id', async () => {
    const unpaid = (await get('/api/order?paid=false')).json() as Order[];
    expect(unpaid.length).toBe(18);
    expect(unpaid.every((o) => !o.paymentStatus)).toBe(true);
    const bobs = await get(`/api/order?q=${encodeURIComponent(bob.email.slice(0, 6).toUpperCase())}`);
    expect(bobs.headers['x-total-count']).toBe('10');
    expect((bobs.json() as Order[]).every((o) => o.email === bob.email)).toBe(true);
    const one = (bobs.json() as Order[])[3]!;
    expect((await get(`/api/order?q=${one._id}`)).json()).toEqual([one]);
    // Pattern characters are plain text.
    expect((await get('/api/order?q=%25')).json()).toEqual([]);
  });

  it('sorts oldest first and by total, paging each order', async () => {
    const oldest = await allPages<Order>(t.app, admin, '/api/order?sort=oldest&limit=8');
    expect(oldest.items.map((o) => o.quantity)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    const total = await allPages<Order>(t.app, admin, '/api/order?sort=total&limit=8');
    expect(total.items.map((o) => o.total)).toEqual(Array.from({ length: 30 }, (_, i) => (30 - i) * 10));
  });

  it("sorts by the sale's total, shipping and tax included, as the Total column shows", async () => {
    // The smallest order by goods ($10) becomes the largest sale with $500 of freight and $42.08 of tax.
    const where = eq(orders.quantity, 1);
    await t.app.database.db.update(orders).set({ shippingCents: 50_000, taxCents: 4_208 }).where(where);
    try {
      const total = await allPages<Order>(t.app, admin, '/api/order?sort=total&limit=8');
      expect(total.items[0]).toMatchObject({ quantity: 1, total: 552.08 });
      expect(total.items.slice(1).map((o) => o.total)).toEqual(
        Array.from({ length: 29 }, (_, i) => (30 - i) * 10),
      );
    } finally {
      await t.app.database.db.update(orders).set({ shippingCents: 0, taxCents: 0 }).where(where);
    }
  });

  it('shows an unpaid order past its checkout window under Expired, before the sweep', async () => {
    const [old] = await t.app.database.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '2 days'`, paymentStatus: false, orderStatus: 'Pending' })
      .where(eq(orders.quantity, 3))
      .returning();
    const expired = (await get('/api/order?status=Expired')).json() as Order[];
    expect(expired.map((o) => o._id)).toEqual([old!.id]);
    expect(expired[0]!.orderStatus).toBe('Expired');
    const pending = (await get('/api/order?status=Pending')).json() as Order[];
    expect(pending.map((o) => o._id)).not.toContain(old!.id);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=1001', 'limit'],
    ['limit=ten', 'limit'],
    ['sort=price', 'sort'],
    ['status=Lost', 'status'],
    ['paid=yes', 'paid'],
    ['cursor=not!a*cursor', 'cursor'],
    ['cursor=bm90IGpzb24', 'cursor'],
    [`q=${'x'.repeat(201)}`, 'q'],
  ])('?%s is a 400 naming %s', async (query, field) => {
    const res = await get(`/api/order?${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', field });
  });

  it('refuses a cursor of another sort order', async () => {
    const cursor = (await get('/api/order?limit=2')).headers['x-next-cursor'] as string;
    const res = await get(`/api/order?sort=oldest&cursor=${cursor}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'cursor', message: 'cursor: belongs to another sort order' });
  });

  it('is 401 for anonymous callers and 403 for customers, whatever they pass', async () => {
    expect((await get('/api/order?limit=5', null)).statusCode).toBe(401);
    expect((await get('/api/order?limit=0', alice)).statusCode).toBe(403);
  });
});

describe('GET /api/myorder/{email}, paged', () => {
  it("answers the customer's whole list without parameters (up to 1,000), newest first, with the total", async () => {
    const res = await get(`/api/myorder/${alice.email}`, alice);
    expect(res.statusCode).toBe(200);
    const list = res.json() as Order[];
    expect(list).toHaveLength(20);
    expect(list.every((o) => o.email === alice.email)).toBe(true);
    expect(list[0]!.quantity).toBe(30);
    expect(res.headers['x-total-count']).toBe('20');
    expect(res.headers['x-next-cursor']).toBeUndefined();
  });

  it('pages with limit and the cursor headers, without gaps or repeats; the admin reads it too', async () => {
    const { pages, items, total } = await allPages<Order>(
      t.app,
      alice,
      `/api/myorder/${alice.email}?limit=6`,
    );
    expect(total).toBe(20);
    expect(pages.map((p) => p.length)).toEqual([6, 6, 6, 2]);
    expect(new Set(items.map((o) => o._id)).size).toBe(20);
    const times = items.map((o) => o.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect((await allPages<Order>(t.app, admin, `/api/myorder/${bob.email}?limit=4`)).items).toHaveLength(10);
  });

  it('refuses a bad limit or cursor with a 400 naming it, and another customer with 403', async () => {
    expect((await get(`/api/myorder/${alice.email}?limit=1001`, alice)).json().message).toMatch(/^limit:/);
    expect((await get(`/api/myorder/${alice.email}?cursor=nope`, alice)).json().message).toMatch(/^cursor:/);
    expect((await get(`/api/myorder/${alice.email}`, bob)).statusCode).toBe(403);
  });
});
