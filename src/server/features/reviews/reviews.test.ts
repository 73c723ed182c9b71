import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helper';
import { appWithPeople } from '../../test/people';
import type { Client } from '../../test/auth';
import { makeProduct, payOrder, placeOrder } from '../../test/shop';

let t: TestApp, alice: Client, bob: Client, admin: Client;
beforeAll(async () => {
  [t, admin, alice, bob] = await appWithPeople('Alice Reviewer', 'Bob Reviewer');
});
afterAll(() => t.close());

async function deliveredOrder(client: Client, product: { id: string }) {
  const id = (await placeOrder(t.app, client, { productId: product.id, quantity: 1 })).json()
    .insertedId as string;
  await payOrder(t.app, client, id);
  await t.app.inject({ method: 'PUT', url: `/api/delivery/${id}`, headers: admin.headers });
  return id;
}
const review = (client: Client, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/review',
    headers: client.headers,
    payload: { name: 'x', email: 'forged@example.com', ...body },
  });

describe('POST /api/review', () => {
  it('accepts one review per delivered order; the order shows it was reviewed; the product page shows it without email', async () => {
    const product = await makeProduct(t.app, { name: `Reviewed Grinder ${Date.now()}` });
    const orderId = await deliveredOrder(alice, product);
    const res = await review(alice, {
      orderId,
      productName: product.name,
      reviewMessage: 'Solid and quiet.',
      rating: 4,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/singleorderitem/${orderId}`, headers: alice.headers })).json()
        .reviewed,
    ).toBe(true);
    expect(
      (await review(alice, { orderId, productName: product.name, reviewMessage: 'Again', rating: 5 }))
        .statusCode,
    ).toBe(409);

    const mine = (await t.app.inject({ url: `/api/review/${alice.email}`, headers: alice.headers })).json();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      name: 'Alice Reviewer',
      email: alice.email,
      productName: product.name,
      reviewMessage: 'Solid and quiet.',
      rating: 4,
    });

    const bobOrder = await deliveredOrder(bob, product);
    await review(bob, {
      orderId: bobOrder,
      productName: product.name,
      reviewMessage: 'Good value.',
      rating: 5,
    });
    const page = await t.app.inject({ url: `/api/product/${product.id}/reviews` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ average: 4.5, count: 2 });
    expect(page.body).not.toContain('@example.com');
  });

  it('without an order id, uses the oldest delivered unreviewed order of that product', async () => {
    const product = await makeProduct(t.app);
    await deliveredOrder(alice, product);
    expect(
      (await review(alice, { productName: product.name, reviewMessage: 'Nice', rating: 5 })).statusCode,
    ).toBe(200);
    expect(
      (await review(alice, { productName: product.name, reviewMessage: 'Nice', rating: 5 })).statusCode,
    ).toBe(409);
  });

  it('refuses reviews before delivery, of other customers’ orders, and with bad input', async () => {
    const product = await makeProduct(t.app);
    const undelivered = (await placeOrder(t.app, alice, { productId: product.id, quantity: 1 })).json()
      .insertedId;
    expect(
      (
        await review(alice, {
          orderId: undelivered,
          productName: product.name,
          reviewMessage: 'Early',
          rating: 5,
        })
      ).statusCode,
    ).toBe(409);
    const delivered = await deliveredOrder(alice, product);
    expect(
      (
        await review(bob, {
          orderId: delivered,
          productName: product.name,
          reviewMessage: 'Not mine',
          rating: 1,
        })
      ).statusCode,
    ).toBe(404);
    for (const [body, field] of [
      [{ rating: 6 }, 'rating'],
      [{ rating: 2.5 }, 'rating'],
      [{ rating: undefined }, 'rating'],
      [{ reviewMessage: '' }, 'reviewMessage'],
    ] as const) {
      const res = await review(
        alice,
        Object.assign(
          { orderId: delivered, productName: product.name, reviewMessage: 'ok', rating: 3 },
          body,
        ),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(new RegExp(`^${field}: `));
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/review', payload: {} })).statusCode).toBe(401);
  });

  it('GET /api/review/{email} is for the customer and admins only', async () => {
    expect((await t.app.inject({ url: `/api/review/${alice.email}` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/review/${alice.email}`, headers: bob.headers })).statusCode).toBe(
      403,
    );
    expect(
      (await t.app.inject({ url: `/api/review/${alice.email}`, headers: admin.headers })).statusCode,
    ).toBe(200);
  });
});

describe('GET /api/product/{id}', () => {
  it('is for logged-in users; 404 unknown; 400 malformed', async () => {
    const product = await makeProduct(t.app, { minOrder: 3, quantity: 9 });
    expect((await t.app.inject({ url: `/api/product/${product.id}` })).statusCode).toBe(401);
    const res = await t.app.inject({ url: `/api/product/${product.id}`, headers: alice.headers });
    expect(res.json()).toMatchObject({ _id: product.id, minOrder: 3, quantity: 9 });
    expect(
      (
        await t.app.inject({
          url: '/api/product/00000000-0000-4000-8000-000000000000',
          headers: alice.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/api/product/nope', headers: alice.headers })).statusCode).toBe(400);
  });
});
