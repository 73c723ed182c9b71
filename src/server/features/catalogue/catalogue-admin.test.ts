import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helper';
import { appWithPeople } from '../../test/people';
import type { Client } from '../../test/auth';
import { makeProduct, payOrder, placeOrder } from '../../test/shop';
import { auditEntries, validProduct } from '../../test/admin';
import type { SessionUser } from '../../http/auth-guard';
import { updateProduct } from './product-writes.service';
import { orderDepsOf } from '../../test/shop';

const valid = validProduct;

let t: TestApp, customer: Client, admin: Client;
beforeAll(async () => {
  [t, admin, customer] = await appWithPeople('Casey');
});
afterAll(() => t.close());

const audit = (kind?: string) => auditEntries(t.app, admin, kind);

describe('POST /api/product', () => {
  it('adds a product that appears in the catalogue, with an audit entry', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: admin.headers,
      payload: valid,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().insertedId;
    const list = (await t.app.inject('/api/products')).json() as { _id: string; price: number }[];
    expect(list.find((p) => p._id === id)).toMatchObject({ price: 189.5 });
    const [entry] = await audit('product.created');
    expect(entry).toMatchObject({
      kind: 'product.created',
      entityId: id,
      actorEmail: admin.email,
      before: null,
    });
  });

  it.each([
    [{ name: '  ' }, 'name: Product Name is required'],
    [{ name: undefined }, 'name: Product Name is required'],
    [{ img: '' }, 'img: Product image is required'],
    [{ img: 'https://elsewhere.example/x.png' }, 'img: must be an image uploaded to this shop'],
    [{ minOrder: undefined }, 'minOrder: Minimum Order is required'],
    [{ minOrder: 0 }, 'minOrder: must be at least 1'],
    [{ price: undefined }, 'price: Price is required'],
    [{ price: 0 }, 'price: must be more than 0'],
    [{ price: 10.555 }, 'price: must have at most 2 decimals'],
    [{ quantity: undefined }, 'quantity: Quantity is required'],
    [{ quantity: -1 }, 'quantity: must be 0 or more'],
    [{ quantity: 1.5 }, 'quantity: must be a whole number'],
    [{ quantity: 1, minOrder: 2 }, 'quantity: must be at least the minimum order'],
    [{ desc: '' }, 'desc: Description are required'],
  ])('refuses %j with a 400 naming the field, and adds nothing', async (change, message) => {
    const before = ((await t.app.inject('/api/products')).json() as unknown[]).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: admin.headers,
      payload: { ...valid, ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(((await t.app.inject('/api/products')).json() as unknown[]).length).toBe(before);
  });
});

describe('PUT /api/product/{id}', () => {
  it('restocks and reprices, recording before and after', async () => {
    const product = await makeProduct(t.app, { quantity: 1, priceCents: 1000 });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/product/${product.id}`,
      headers: admin.headers,
      payload: { quantity: 40, price: 12.25 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product).toMatchObject({ quantity: 40, price: 12.25 });
    const [entry] = await audit('product.edited');
    expect(entry).toMatchObject({
      entityId: product.id,
      before: expect.objectContaining({ quantity: 1, price: 10 }),
      after: expect.objectContaining({ quantity: 40, price: 12.25 }),
    });
  });

  it('renames, trimmed, with the name in the audit entry; a blank or long name is a 400 naming it', async () => {
    const product = await makeProduct(t.app, { name: 'Old name' });
    const put = (name: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/product/${product.id}`,
        headers: admin.headers,
        payload: { name },
      });
    const res = await put('  New name  ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product.name).toBe('New name');
    const listed = (await t.app.inject('/api/products')).json() as { _id: string; name: string }[];
    expect(listed.find((p) => p._id === product.id)!.name).toBe('New name');
    const [entry] = await audit('product.edited');
    expect(entry).toMatchObject({
      entityId: product.id,
      before: expect.objectContaining({ name: 'Old name' }),
      after: expect.objectContaining({ name: 'New name' }),
    });
    for (const [name, message] of [
      [' ', 'name: Product Name is required'],
      ['x'.repeat(121), 'name: must be at most 120 characters'],
    ]) {
      const bad = await put(name!);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ field: 'name', message: expect.stringContaining(message!) });
    }
  });

  it('refuses bad values and empty changes', async () => {
    const product = await makeProduct(t.app);
    for (const payload of [{ quantity: -5 }, { price: -1 }, {}]) {
      expect(
        (
          await t.app.inject({
            method: 'PUT',
            url: `/api/product/${product.id}`,
            headers: admin.headers,
            payload,
          })
        ).statusCode,
      ).toBe(400);
    }
  });

  it('writes the change and its audit entry in one transaction: when the entry fails, the change is rolled back', async () => {
    const product = await makeProduct(t.app, { quantity: 5 });
    const brokenActor = {
      id: 'x',
      email: null,
      name: 'x',
      role: 'admin',
      emailVerified: true,
    } as unknown as SessionUser;
    await expect(
      updateProduct(t.database.db, brokenActor, product.id, { quantity: 99 }, orderDepsOf(t.app).mail),
    ).rejects.toThrow();
    const list = (await t.app.inject('/api/products')).json() as { _id: string; quantity: number }[];
    expect(list.find((p) => p._id === product.id)!.quantity).toBe(5);
  });
});

describe('DELETE /api/product/{id}', () => {
  it('archives: the product leaves the catalogue and cannot be ordered, while its orders stay readable', async () => {
    const product = await makeProduct(t.app, { quantity: 10 });
    const orderId = (await placeOrder(t.app, customer, { productId: product.id, quantity: 1 })).json()
      .insertedId;
    await payOrder(t.app, customer, orderId);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/product/${product.id}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(
      ((await t.app.inject('/api/products')).json() as { _id: string }[]).some((p) => p._id === product.id),
    ).toBe(false);
    expect(
      (await t.app.inject({ url: `/api/product/${product.id}`, headers: customer.headers })).statusCode,
    ).toBe(404);
    expect((await placeOrder(t.app, customer, { productId: product.id, quantity: 1 })).statusCode).toBe(404);
    const order = await t.app.inject({ url: `/api/singleorderitem/${orderId}`, headers: customer.headers });
    expect(order.json()).toMatchObject({ productName: product.name, paymentStatus: true });
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/delivery/${orderId}`, headers: admin.headers }))
        .statusCode,
    ).toBe(200);
    // Deleting twice is a conflict and leaves a single audit entry.
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/product/${product.id}`, headers: admin.headers }))
        .statusCode,
    ).toBe(409);
    expect((await audit('product.archived')).filter((e) => e.entityId === product.id)).toHaveLength(1);
  });
});
