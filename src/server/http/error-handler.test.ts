import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/helper';
import { appWithPeople } from '../test/people';
import type { Client } from '../test/auth';
import { makeProduct, placeOrder } from '../test/shop';

let t: TestApp, alice: Client, admin: Client;
beforeAll(async () => {
  [t, admin, alice] = await appWithPeople('Alice Fields');
});
afterAll(() => t.close());

describe('error body { error, message, field? }', () => {
  it('names the field of a rule the service checks (quantity below the minimum order)', async () => {
    const product = await makeProduct(t.app, { quantity: 10, minOrder: 2 });
    const res = await placeOrder(t.app, alice, { productId: product.id, quantity: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'bad_request',
      message: 'quantity: You cannot order below the minimum order.',
      field: 'quantity',
    });
  });

  it('names the first invalid body field of a schema validation error', async () => {
    const product = await makeProduct(t.app, { quantity: 10, minOrder: 1 });
    const res = await placeOrder(t.app, alice, { productId: product.id, quantity: 2.5, address: ' ' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.field).toBe('quantity');
    expect(body.message).toContain('quantity: must be a whole number');
    expect(body.message).toContain('address: Address is required');
  });

  it('names the field of a cross-field product rule and of a bad price', async () => {
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/product', headers: admin.headers, payload });
    const valid = {
      name: 'Grease Gun',
      img: '/media/x.webp',
      price: 10,
      quantity: 5,
      minOrder: 1,
      desc: 'd',
    };
    const price = await post({ ...valid, price: 0 });
    expect(price.statusCode).toBe(400);
    expect(price.json()).toMatchObject({ message: 'price: must be more than 0', field: 'price' });
    const quantity = await post({ ...valid, quantity: 1, minOrder: 2 });
    expect(quantity.statusCode).toBe(400);
    expect(quantity.json().field).toBe('quantity');
  });

  it('names the profile field that cannot be changed', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/userprofile/${alice.email}`,
      headers: alice.headers,
      payload: { email: 'someone-else@example.com' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'bad_request',
      message: 'email: cannot be changed here',
      field: 'email',
    });
  });

  it('names a bad path parameter, and leaves field out when no field is at fault', async () => {
    const bad = await t.app.inject('/api/news/not-an-id');
    expect(bad.json()).toEqual({ error: 'bad_request', message: 'id: must be a valid id', field: 'id' });
    const missing = await t.app.inject('/api/news/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).not.toHaveProperty('field');
  });

  it('documents field in the OpenAPI error body', async () => {
    const spec = (await t.app.inject('/api/docs/json')).json();
    const op = spec.paths['/api/order/{email}'].post;
    const schema = op.responses['400'].content['application/json'].schema;
    expect(Object.keys(schema.properties)).toEqual(['error', 'message', 'field']);
    expect(schema.required).toEqual(['error', 'message']);
  });
});
