import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper';
import { signUp, type Client } from '../test/auth';
import { makeProduct, stockOf } from '../test/shop';
import { cartApi, makeCartProduct } from '../test/cart';

let t: TestApp;
let alice: Client;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' });
  alice = await signUp(t.app, { name: 'Alice Retry', verified: true });
});
afterAll(() => t.close());

const call = (method: 'POST' | 'PUT', url: string, key: string, payload: object) =>
  t.app.inject({ method, url, headers: { ...alice.headers, 'idempotency-key': key }, payload });
const order = (key: string, productId: string, quantity = 1) =>
  call('POST', `/api/order/${alice.email}`, key, { productId, quantity, number: '1', address: 'x' });

describe('Idempotency-Key', () => {
  it('a retried order returns the first result and places one order; another body with the key is 409', async () => {
    const product = await makeProduct(t.app, { quantity: 10 });
    const first = await order('order-1', product.id);
    const again = await order('order-1', product.id);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await stockOf(t.app, product.id)).toBe(9);
    const other = await order('order-1', product.id, 2);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toContain('different request');
    expect(await stockOf(t.app, product.id)).toBe(9);
  });

  it('concurrent retries of one order resolve to one order', async () => {
    const product = await makeProduct(t.app, { quantity: 10 });
    const results = await Promise.all(Array.from({ length: 6 }, () => order('order-race', product.id)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(results.map((r) => r.json().insertedId)).size).toBe(1);
    expect(await stockOf(t.app, product.id)).toBe(9);
  });

  it("concurrent retries of one cart's checkout resolve to one checkout, its stock taken once", async () => {
    const product = await makeCartProduct(t.app, { quantity: 10 });
    expect((await cartApi(t.app, alice).add(product.id, 2)).statusCode).toBe(200);
    const checkout = () =>
      call('POST', `/api/checkout/${alice.email}`, 'checkout-race', { number: '1', address: 'x' });
    const results = await Promise.all(Array.from({ length: 4 }, checkout));
    expect(results.map((r) => r.statusCode)).toEqual(Array(4).fill(201));
    expect(new Set(results.map((r) => r.json()._id)).size).toBe(1);
    expect(await stockOf(t.app, product.id)).toBe(8);
  });

  it('make-payment, the test-card confirm and PUT /order/{id} replay their first result', async () => {
    const product = await makeProduct(t.app, { quantity: 10 });
    const id = (await order('order-pay', product.id)).json().insertedId;
    const intents = await Promise.all(
      [1, 2].map(() => call('POST', '/api/make-payment', 'pay-1', { orderId: id })),
    );
    expect(intents[1]!.json()).toEqual(intents[0]!.json());
    const card = {
      clientSecret: intents[0]!.json().clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
    };
    const confirms = await Promise.all(
      [1, 2].map(() => call('POST', '/api/payments/test/confirm', 'card-1', card)),
    );
    expect(confirms.map((c) => c.statusCode)).toEqual([200, 200]);
    expect(confirms[1]!.json()).toEqual(confirms[0]!.json());
    const body = { transactionId: confirms[0]!.json().transactionId, phone: '555' };
    const paid = await Promise.all([1, 2].map(() => call('PUT', `/api/order/${id}`, 'put-1', body)));
    expect(paid.map((p) => p.statusCode)).toEqual([200, 200]);
    expect(paid[1]!.json()).toEqual(paid[0]!.json());
    expect(
      t.mail.sent.filter(
        (m) =>
          m.to === alice.email &&
          m.subject.startsWith('Payment received') &&
          m.text.includes(body.transactionId),
      ),
    ).toHaveLength(1);
    expect((await call('PUT', `/api/order/${id}`, 'put-1', { ...body, phone: '666' })).statusCode).toBe(409);
  });

  it('refuses a malformed key with a 400 naming the header', async () => {
    const res = await order('x'.repeat(300), (await makeProduct(t.app)).id);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('Idempotency-Key');
  });
});
