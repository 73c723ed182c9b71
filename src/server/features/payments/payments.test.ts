import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { makeProduct, payOrder, placeOrder } from '../../test/shop';
import { markOrderPaid } from '../orders/orders.service';
import { luhnValid } from '@shared/payments/card';
import { checkTestCard } from './test-provider';

let t: TestApp;
let alice: Client;
let bob: Client;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' });
  alice = await signUp(t.app, { name: 'Alice Payer', verified: true });
  bob = await signUp(t.app, { name: 'Bob Payer', verified: true });
  await signUpAdmin(t.app);
});
afterAll(() => t.close());

async function newOrder(client = alice, quantity = 2, priceCents = 12_345) {
  const product = await makeProduct(t.app, { quantity: 50, priceCents });
  return (await placeOrder(t.app, client, { productId: product.id, quantity })).json().insertedId as string;
}
const order = async (id: string, client = alice) =>
  (await t.app.inject({ url: `/api/singleorderitem/${id}`, headers: client.headers })).json();

describe('POST /api/make-payment', () => {
  it("creates an intent for the stored order's amount, ignoring a total in the body; repeating returns the same intent", async () => {
    const id = await newOrder(alice, 2, 12_345);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/make-payment',
      headers: alice.headers,
      payload: { orderId: id, total: 0.5 },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      provider: 'test',
      publishableKey: null,
      amount: 246.9,
      clientSecret: expect.stringMatching(/^pi_test_/),
    });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/make-payment',
      headers: alice.headers,
      payload: { orderId: id },
    });
    expect(second.json().clientSecret).toBe(first.json().clientSecret);
  });

  it("refuses another customer's order (403), unknown orders (404), anonymous callers (401) and a paid order (409)", async () => {
    const id = await newOrder();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/make-payment',
          headers: bob.headers,
          payload: { orderId: id },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/make-payment',
          headers: alice.headers,
          payload: { orderId: '00000000-0000-4000-8000-000000000000' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/make-payment', payload: { orderId: id } })).statusCode,
    ).toBe(401);
    await payOrder(t.app, alice, id);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/make-payment',
          headers: alice.headers,
          payload: { orderId: id },
        })
      ).statusCode,
    ).toBe(409);
  });
});

describe('test-mode cards', () => {
  it.each([
    ['4000 0000 0000 0002', 402, 'Your card was declined.'],
    ['4000 0000 0000 9995', 402, 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 402, 'Your card has expired.'],
    ['4000 0000 0000 0127', 402, "Your card's security code is incorrect."],
    ['4242 4242 4242 4241', 400, 'cardNumber: Your card number is invalid.'],
  ])('%s → %i %s, and the order stays unpaid', async (card, status, message) => {
    const id = await newOrder();
    const { confirm, pay } = await payOrder(t.app, alice, id, card);
    expect(confirm!.statusCode).toBe(status);
    expect(confirm!.json().message).toBe(message);
    expect(pay).toBeUndefined();
    expect((await order(id)).paymentStatus).toBe(false);
  });

  it('checks the expiry date and the CVC', () => {
    const ok = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' };
    expect(() => checkTestCard(ok)).not.toThrow();
    expect(() => checkTestCard({ ...ok, expiry: '01/20' })).toThrow(/past/);
    expect(() => checkTestCard({ ...ok, expiry: '13/30' })).toThrow(/expiration date is invalid/);
    expect(() => checkTestCard({ ...ok, cvc: '12' })).toThrow(/security code is invalid/);
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424243')).toBe(false);
  });

  it('a declined card can be followed by a good one', async () => {
    const id = await newOrder();
    expect((await payOrder(t.app, alice, id, '4000000000000002')).confirm!.statusCode).toBe(402);
    const { pay } = await payOrder(t.app, alice, id);
    expect(pay!.statusCode).toBe(200);
  });
});

describe('PUT /api/order/{id}', () => {
  it('marks the order paid with the transaction id and phone after a successful payment, and mails the customer', async () => {
    const id = await newOrder();
    const { confirm, pay } = await payOrder(t.app, alice, id);
    expect(pay!.statusCode).toBe(200);
    expect(pay!.json().order).toMatchObject({
      paymentStatus: true,
      orderStatus: 'Pending',
      transactionId: confirm!.json().transactionId,
      phone: '5550100',
    });
    expect(t.mail.sent.some((m) => m.to === alice.email && m.subject.startsWith('Payment received'))).toBe(
      true,
    );
  });

  it('is idempotent: repeating the confirmation changes nothing', async () => {
    const id = await newOrder();
    const { confirm } = await payOrder(t.app, alice, id);
    const before = await order(id);
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/order/${id}`,
      headers: alice.headers,
      payload: { transactionId: confirm!.json().transactionId },
    });
    expect(again.statusCode).toBe(200);
    expect(await order(id)).toEqual(before);
    expect(
      t.mail.sent.filter(
        (m) =>
          m.to === alice.email &&
          m.subject.startsWith('Payment received') &&
          m.text.includes(before.transactionId),
      ),
    ).toHaveLength(1);
  });

  it('refuses a forged transaction id, and a real one that belongs to another order', async () => {
    const id = await newOrder();
    const forged = await t.app.inject({
      method: 'PUT',
      url: `/api/order/${id}`,
      headers: alice.headers,
      payload: { transactionId: 'pi_test_forged' },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toMatch(/^transactionId: /);
    const other = await newOrder();
    const { confirm } = await payOrder(t.app, alice, other);
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/order/${id}`,
      headers: alice.headers,
      payload: { transactionId: confirm!.json().transactionId },
    });
    expect(foreign.statusCode).toBe(400);
    expect((await order(id)).paymentStatus).toBe(false);
  });

  it('refuses an intent that has not succeeded (402)', async () => {
    const id = await newOrder();
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/make-payment',
      headers: alice.headers,
      payload: { orderId: id },
    });
    const intentId = intent.json().clientSecret.split('_secret_')[0];
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/order/${id}`,
      headers: alice.headers,
      payload: { transactionId: intentId },
    });
    expect(res.statusCode).toBe(402);
    expect((await order(id)).paymentStatus).toBe(false);
  });

  it('refuses a payment whose amount differs from the order', async () => {
    const id = await newOrder(alice, 2, 12_345);
    await expect(
      markOrderPaid(t.database.db, { orderId: id, transactionId: 'pi_x', amountCents: 100 }),
    ).rejects.toThrow(/amount/);
    expect((await order(id)).paymentStatus).toBe(false);
  });

  it('cannot pay for a cancelled order', async () => {
    const id = await newOrder();
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/make-payment',
      headers: alice.headers,
      payload: { orderId: id },
    });
    await t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: alice.headers });
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm',
      headers: alice.headers,
      payload: {
        clientSecret: intent.json().clientSecret,
        cardNumber: '4242424242424242',
        expiry: '12/40',
        cvc: '123',
      },
    });
    expect(confirm.statusCode).toBe(409);
  });

  it("another customer cannot confirm or use someone else's payment", async () => {
    const id = await newOrder();
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/make-payment',
      headers: alice.headers,
      payload: { orderId: id },
    });
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm',
      headers: bob.headers,
      payload: {
        clientSecret: intent.json().clientSecret,
        cardNumber: '4242424242424242',
        expiry: '12/40',
        cvc: '123',
      },
    });
    expect(confirm.statusCode).toBe(403);
  });
});
