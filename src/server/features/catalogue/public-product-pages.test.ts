import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { signUp, type Client } from '../../test/auth';
import { makeProduct } from '../../test/shop';

// PUBLIC_PRODUCT_PAGES opens GET /api/product/{id} (what /product/{id} shows) to anonymous visitors; ordering stays
// behind sign-in. Without it, the spec's rule holds: the product needs a signed-in caller.
describe.each([
  ['off by default', {}, false],
  ['on with PUBLIC_PRODUCT_PAGES=true', { PUBLIC_PRODUCT_PAGES: 'true' }, true],
] as const)('product pages %s', (_label, env, open) => {
  let t: TestApp;
  let customer: Client;
  let productId: string;
  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'false', ...env });
    customer = await signUp(t.app, { name: 'Ann', verified: true });
    productId = (await makeProduct(t.app, { quantity: 10, minOrder: 2, priceCents: 1250 })).id;
  });
  afterAll(() => t.close());

  it(open ? 'lets anonymous visitors read a product' : 'asks anonymous visitors to log in', async () => {
    const res = await t.app.inject(`/api/product/${productId}`);
    if (open) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ _id: productId, price: 12.5, minOrder: 2 });
      expect(res.headers['cache-control']).toBe('public, no-cache');
    } else {
      expect(res.statusCode).toBe(401);
    }
  });

  it('still serves signed-in customers', async () => {
    const res = await t.app.inject({ url: `/api/product/${productId}`, headers: customer.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: productId });
  });

  it('still answers 404 for an unknown product and 400 for a malformed id', async () => {
    const headers = open ? {} : customer.headers;
    const unknown = await t.app.inject({
      url: '/api/product/00000000-0000-4000-8000-000000000000',
      headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/product/not-an-id', headers })).statusCode).toBe(400);
  });

  it('never lets an anonymous visitor order', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order/ann@example.com',
      payload: { productId, quantity: 2, number: '5550100', address: '1 Main Street' },
    });
    expect(res.statusCode).toBe(401);
  });
});
