import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, user } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { signUp, type Client } from '../../test/auth';
import { makeProduct, payOrder, placeOrder, stockOf } from '../../test/shop';

// Limits low enough to reach; the checkout window as short as a test can wait for (3 s, swept every 1.5 s).
let t: TestApp;
let quick: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false', MAX_UNPAID_ORDERS: '2', MAX_RESERVED_UNITS: '10' });
  quick = await createTestApp({ SEED_DEMO: 'false', CHECKOUT_WINDOW_MINUTES: '0.05' });
});
afterAll(async () => {
  await t.close();
  await quick.close();
});

const orderStatus = async (app: TestApp, client: Client, id: string) =>
  (await app.app.inject({ url: `/api/singleorderitem/${id}`, headers: client.headers })).json().orderStatus;
const makePayment = (app: TestApp, client: Client, orderId: string) =>
  app.app.inject({
    method: 'POST',
    url: '/api/make-payment',
    headers: client.headers,
    payload: { orderId, total: 1 },
  });

describe('limits of one', () => {
  it('say "1 unit" and "1 unpaid order", not "1 units" and "1 unpaid orders"', async () => {
    const single = await createTestApp({
      SEED_DEMO: 'false',
      MAX_UNPAID_ORDERS: '1',
      MAX_RESERVED_UNITS: '1',
    });
    try {
      const fay = await signUp(single.app, { name: 'Fay', verified: true });
      const product = await makeProduct(single.app, { quantity: 10 });
      const two = await placeOrder(single.app, fay, { productId: product.id, quantity: 2 });
      expect(two.statusCode).toBe(409);
      expect(two.json().message).toMatch(/may reserve at most 1 unit together \(0 reserved now\)/);
      expect((await placeOrder(single.app, fay, { productId: product.id, quantity: 1 })).statusCode).toBe(
        200,
      );
      const again = await placeOrder(single.app, fay, { productId: product.id, quantity: 1 });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(/^You already have 1 unpaid order, the most allowed at once\./);
    } finally {
      await single.close();
    }
  });
});

describe('who may hold stock', () => {
  it('an unverified customer gets 403 asking to verify, and no stock is taken; once verified they may order', async () => {
    const casey = await signUp(t.app, { name: 'Unverified Casey' });
    const product = await makeProduct(t.app, { quantity: 5 });
    const res = await placeOrder(t.app, casey, { productId: product.id, quantity: 2 });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Please verify your email address before ordering: follow the link in the verification mail we sent you.',
    );
    expect(await stockOf(t.app, product.id)).toBe(5);
    await t.database.db.update(user).set({ emailVerified: true }).where(eq(user.email, casey.email));
    expect((await placeOrder(t.app, casey, { productId: product.id, quantity: 2 })).statusCode).toBe(200);
  });

  it('refuses a third unpaid order with 409 until one is cancelled', async () => {
    const dana = await signUp(t.app, { name: 'Dana', verified: true });
    const product = await makeProduct(t.app, { quantity: 50 });
    const first = (await placeOrder(t.app, dana, { productId: product.id, quantity: 1 })).json().insertedId;
    expect((await placeOrder(t.app, dana, { productId: product.id, quantity: 1 })).statusCode).toBe(200);
    const third = await placeOrder(t.app, dana, { productId: product.id, quantity: 1 });
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toMatch(/2 unpaid orders.*pay for or cancel one/);
    expect(await stockOf(t.app, product.id)).toBe(48);
    await t.app.inject({ method: 'DELETE', url: `/api/order/${first}`, headers: dana.headers });
    expect((await placeOrder(t.app, dana, { productId: product.id, quantity: 1 })).statusCode).toBe(200);
  });

  it('refuses an order that would reserve more units than allowed with 409 naming quantity', async () => {
    const erin = await signUp(t.app, { name: 'Erin', verified: true });
    const product = await makeProduct(t.app, { quantity: 50 });
    expect((await placeOrder(t.app, erin, { productId: product.id, quantity: 6 })).statusCode).toBe(200);
    const res = await placeOrder(t.app, erin, { productId: product.id, quantity: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      field: 'quantity',
      message: expect.stringContaining('at most 10 units'),
    });
    expect((await placeOrder(t.app, erin, { productId: product.id, quantity: 4 })).statusCode).toBe(200);
    expect(await stockOf(t.app, product.id)).toBe(40);
  });

  it('simultaneous orders of one customer never exceed the limits', async () => {
    const fay = await signUp(t.app, { name: 'Fay', verified: true });
    const product = await makeProduct(t.app, { quantity: 100 });
    const results = await Promise.all(
      Array.from({ length: 12 }, () => placeOrder(t.app, fay, { productId: product.id, quantity: 1 })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    expect(await stockOf(t.app, product.id)).toBe(98);
  });
});

describe('the checkout window', () => {
  it('an order past its window reads as Expired and cannot be paid, before any sweep', async () => {
    const gus = await signUp(t.app, { name: 'Gus', verified: true });
    const product = await makeProduct(t.app, { quantity: 5 });
    const id = (await placeOrder(t.app, gus, { productId: product.id, quantity: 1 })).json().insertedId;
    const order = (await t.app.inject({ url: `/api/singleorderitem/${id}`, headers: gus.headers })).json();
    expect(Date.parse(order.expiresAt) - Date.parse(order.createdAt)).toBe(30 * 60_000);
    const justPast = new Date(Date.now() - 30 * 60_000 - 1_000);
    await t.database.db.update(orders).set({ createdAt: justPast }).where(eq(orders.id, id));
    expect(await orderStatus(t, gus, id)).toBe('Expired');
    const pay = await makePayment(t, gus, id);
    expect(pay.statusCode).toBe(409);
    expect(pay.json().message).toBe('This order is expired and can no longer be paid.');
  });

  it('releases the stock of an order past its window within a minute, and the order cannot be paid', async () => {
    const hal = await signUp(quick.app, { name: 'Hal', verified: true });
    const product = await makeProduct(quick.app, { quantity: 5 });
    const placed = Date.now();
    const id = (await placeOrder(quick.app, hal, { productId: product.id, quantity: 3 })).json().insertedId;
    expect(await stockOf(quick.app, product.id)).toBe(2);
    await expect.poll(() => stockOf(quick.app, product.id), { timeout: 60_000, interval: 500 }).toBe(5);
    expect(Date.now() - placed).toBeLessThan(60_000);
    const [row] = await quick.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row!.orderStatus).toBe('Expired');
    expect(await orderStatus(quick, hal, id)).toBe('Expired');
    expect((await makePayment(quick, hal, id)).statusCode).toBe(409);
  }, 90_000);
});

describe('the largest order', () => {
  it('accepts and takes payment for a total of exactly $999,999.99; one cent more is a 400 naming quantity', async () => {
    const ivy = await signUp(t.app, { name: 'Ivy', verified: true });
    const product = await makeProduct(t.app, { quantity: 10, priceCents: 33_333_333 });
    const over = await placeOrder(t.app, ivy, { productId: product.id, quantity: 4 });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      field: 'quantity',
      message:
        'quantity: The order total may be at most $999,999.99, the most one card payment can take; order at most 3.',
    });
    expect(await stockOf(t.app, product.id)).toBe(10);
    const id = (await placeOrder(t.app, ivy, { productId: product.id, quantity: 3 })).json().insertedId;
    const paid = await payOrder(t.app, ivy, id);
    expect(paid.pay?.statusCode).toBe(200);
    expect(paid.pay!.json().order).toMatchObject({ total: 999_999.99, paymentStatus: true });

    const dearest = await makeProduct(t.app, { quantity: 10, priceCents: 100_000_000 });
    const one = await placeOrder(t.app, ivy, { productId: dearest.id, quantity: 1 });
    expect(one.statusCode).toBe(400);
    expect(one.json().message).toBe(
      'quantity: The order total may be at most $999,999.99, the most one card payment can take.',
    );
  });
});
