import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import type { TestApp } from '../../test/helper';
import { appWithPeople } from '../../test/people';
import type { Client } from '../../test/auth';
import { makeProduct, orderDepsOf, payOrder, placeOrder, stockOf } from '../../test/shop';
import { expireUnpaidOrders } from './orders.service';

let t: TestApp, alice: Client, bob: Client, admin: Client;
beforeAll(async () => {
  [t, admin, alice, bob] = await appWithPeople('Alice Buyer', 'Bob Buyer');
});
afterAll(() => t.close());

describe('POST /api/order/{email}', () => {
  it('creates a Pending unpaid order with the catalogue name and price, reserves stock and mails the customer', async () => {
    const product = await makeProduct(t.app, { quantity: 10, minOrder: 2, priceCents: 19_999 });
    const res = await placeOrder(t.app, alice, {
      productId: product.id,
      quantity: 3,
      // Older clients also send these; forged values must be ignored.
      price: 0.01,
      productName: 'Free stuff',
      paymentStatus: true,
      orderStatus: 'Delivered',
      review: true,
      name: 'Mallory',
      email: bob.email,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      acknowledged: true,
      insertedId: expect.any(String),
      message: expect.stringContaining(product.name),
    });
    const order = (
      await t.app.inject({ url: `/api/singleorderitem/${body.insertedId}`, headers: alice.headers })
    ).json();
    expect(order).toMatchObject({
      name: 'Alice Buyer',
      email: alice.email,
      productId: product.id,
      productName: product.name,
      price: 199.99,
      quantity: 3,
      total: 599.97,
      paymentStatus: false,
      orderStatus: 'Pending',
      review: false,
      reviewed: false,
      transactionId: null,
    });
    expect(Date.parse(order.expiresAt) - Date.parse(order.createdAt)).toBe(30 * 60_000);
    expect(await stockOf(t.app, product.id)).toBe(7);
    expect(t.mail.sent.some((m) => m.to === alice.email && m.subject.includes(product.name))).toBe(true);
  });

  it.each([
    [{ quantity: 1 }, 'quantity: You cannot order below the minimum order.'],
    [{ quantity: 0 }, 'quantity: Quantity is required'],
    [{ quantity: undefined }, 'quantity: Quantity is required'],
    [{ quantity: 2.5 }, 'quantity: must be a whole number'],
    [{ number: '' }, 'number: Number is required'],
    [{ address: '   ' }, 'address: Address is required'],
  ])('refuses %j with a 400 naming the field and takes no stock', async (change, message) => {
    const product = await makeProduct(t.app, { quantity: 10, minOrder: 2 });
    const res = await placeOrder(t.app, alice, { productId: product.id, quantity: 2, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await stockOf(t.app, product.id)).toBe(10);
  });

  it('refuses orders for someone else (403), unknown products (404) and anonymous callers (401)', async () => {
    const product = await makeProduct(t.app);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/order/${bob.email}`,
          headers: alice.headers,
          payload: { productId: product.id, quantity: 1, number: '1', address: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await placeOrder(t.app, alice, { productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/order/${alice.email}`, payload: {} })).statusCode,
    ).toBe(401);
  });

  it('answers 409 with the spec message when the order is more than the stock left', async () => {
    const product = await makeProduct(t.app, { quantity: 3 });
    expect((await placeOrder(t.app, alice, { productId: product.id, quantity: 4 })).statusCode).toBe(409);
    expect((await placeOrder(t.app, alice, { productId: product.id, quantity: 3 })).statusCode).toBe(200);
    const res = await placeOrder(t.app, bob, { productId: product.id, quantity: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('quantity: You can not buy more then stock');
    expect(await stockOf(t.app, product.id)).toBe(0);
  });
});

describe('reading orders', () => {
  it('customers see their own orders; admins see all; others get 403', async () => {
    const product = await makeProduct(t.app);
    const id = (await placeOrder(t.app, bob, { productId: product.id, quantity: 1 })).json().insertedId;
    const mine = (await t.app.inject({ url: `/api/myorder/${bob.email}`, headers: bob.headers })).json() as {
      _id: string;
    }[];
    expect(mine.map((o) => o._id)).toContain(id);
    expect(
      (await t.app.inject({ url: `/api/myorder/${bob.email}`, headers: alice.headers })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: `/api/myorder/${bob.email}`, headers: admin.headers })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/singleorderitem/${id}`, headers: alice.headers })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: `/api/singleorderitem/${id}`, headers: admin.headers })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: '/api/order', headers: alice.headers })).statusCode).toBe(403);
    const all = (await t.app.inject({ url: '/api/order', headers: admin.headers })).json() as {
      _id: string;
    }[];
    expect(all.map((o) => o._id)).toContain(id);
    expect(
      (await t.app.inject({ url: '/api/singleorderitem/not-an-id', headers: admin.headers })).statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject({
          url: '/api/singleorderitem/00000000-0000-4000-8000-000000000000',
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('DELETE /api/order/{id}', () => {
  it('cancels an unpaid order, keeps it on record as Cancelled and gives the stock back', async () => {
    const product = await makeProduct(t.app, { quantity: 5 });
    const id = (await placeOrder(t.app, alice, { productId: product.id, quantity: 4 })).json().insertedId;
    expect(await stockOf(t.app, product.id)).toBe(1);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: bob.headers })).statusCode,
    ).toBe(403);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: alice.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().order.orderStatus).toBe('Cancelled');
    expect(await stockOf(t.app, product.id)).toBe(5);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: alice.headers });
    expect(again.statusCode).toBe(409);
    expect(await stockOf(t.app, product.id)).toBe(5);
  });

  it('an admin may cancel an unpaid order; nobody may cancel a paid one', async () => {
    const product = await makeProduct(t.app, { quantity: 5 });
    const unpaid = (await placeOrder(t.app, alice, { productId: product.id, quantity: 1 })).json().insertedId;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/order/${unpaid}`, headers: admin.headers }))
        .statusCode,
    ).toBe(200);
    const paid = (await placeOrder(t.app, alice, { productId: product.id, quantity: 1 })).json().insertedId;
    expect((await payOrder(t.app, alice, paid)).pay!.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/order/${paid}`, headers: alice.headers }))
        .statusCode,
    ).toBe(409);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/order/${paid}`, headers: admin.headers }))
        .statusCode,
    ).toBe(409);
  });
});

describe('PUT /api/delivery/{id}', () => {
  it('delivers a paid order (admin only), enabling its review; anything else is 409', async () => {
    const product = await makeProduct(t.app, { quantity: 5 });
    const id = (await placeOrder(t.app, alice, { productId: product.id, quantity: 1 })).json().insertedId;
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/delivery/${id}`, headers: admin.headers })).statusCode,
    ).toBe(409);
    await payOrder(t.app, alice, id);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/delivery/${id}`, headers: alice.headers })).statusCode,
    ).toBe(403);
    const res = await t.app.inject({ method: 'PUT', url: `/api/delivery/${id}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({ orderStatus: 'Delivered', review: true, paymentStatus: true });
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/delivery/${id}`, headers: admin.headers })).statusCode,
    ).toBe(409);
    expect(t.mail.sent.some((m) => m.to === alice.email && m.subject.startsWith('Delivered'))).toBe(true);
  });
});

describe('expiry of unpaid orders', () => {
  it('expires unpaid orders older than the limit, releasing their stock; paid and recent ones stay', async () => {
    const product = await makeProduct(t.app, { quantity: 10 });
    const old = (await placeOrder(t.app, alice, { productId: product.id, quantity: 3 })).json().insertedId;
    const oldPaid = (await placeOrder(t.app, alice, { productId: product.id, quantity: 2 })).json()
      .insertedId;
    await payOrder(t.app, alice, oldPaid);
    const recent = (await placeOrder(t.app, alice, { productId: product.id, quantity: 1 })).json().insertedId;
    const longAgo = new Date(Date.now() - 49 * 3_600_000);
    for (const id of [old, oldPaid])
      await t.database.db.update(orders).set({ createdAt: longAgo }).where(eq(orders.id, id));
    expect(await stockOf(t.app, product.id)).toBe(4);

    expect(
      await expireUnpaidOrders(t.database.db, t.config.orderExpiryMs, orderDepsOf(t.app).mail),
    ).toBeGreaterThanOrEqual(1);
    // Called directly here; the app's sweep announces released stock to the catalogue cache the same way.
    await t.app.readCache.changed('catalogue');
    const status = async (id: string) =>
      (await t.app.inject({ url: `/api/singleorderitem/${id}`, headers: alice.headers })).json().orderStatus;
    expect(await status(old)).toBe('Expired');
    expect(await status(oldPaid)).toBe('Pending');
    expect(await status(recent)).toBe('Pending');
    expect(await stockOf(t.app, product.id)).toBe(7);
    // An expired order can't be paid or cancelled any more.
    expect((await payOrder(t.app, alice, old)).intent.statusCode).toBe(409);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/order/${old}`, headers: alice.headers })).statusCode,
    ).toBe(409);
  });
});
