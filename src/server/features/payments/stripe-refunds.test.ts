import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { signUp, type Client } from '../../test/auth';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { createTestApp, type TestApp } from '../../test/helper';
import { makeProduct, orderDepsOf, placeOrder } from '../../test/shop';
import { recordPaymentIntent } from '../orders/index';
import { createStripeProvider } from './stripe-provider';

// The shop on Stripe (a local fake API, webhooks signed like Stripe's): refunds and cancellations through the SDK.
const WEBHOOK_SECRET = 'whsec_test_refunds';
let fake: FakeStripe;
let t: TestApp;
let alice: Client;
let rival: Client;

beforeAll(async () => {
  fake = await startFakeStripe();
  const keys = { STRIPE_SECRET_KEY: 'sk_test_refunds', STRIPE_PUBLISHABLE_KEY: 'pk_test_refunds' };
  t = await createTestApp(
    { SEED_DEMO: 'false', ...keys, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, REFUND_RETRY_DELAY_SECONDS: '1' },
    {},
    {
      payments: createStripeProvider({
        secretKey: keys.STRIPE_SECRET_KEY,
        publishableKey: 'pk',
        api: fake.api,
      }),
    },
  );
  alice = await signUp(t.app, { name: 'Alice Stripe', verified: true });
  rival = await signUp(t.app, { name: 'Rival Stripe', verified: true });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

function webhook(intentId: string, orderId: string) {
  const payload = JSON.stringify({
    id: `evt_${intentId}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    data: { object: { id: intentId, object: 'payment_intent', status: 'succeeded', metadata: { orderId } } },
  });
  const signature = new Stripe('sk_unused').webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'stripe-signature': signature, 'content-type': 'application/json' },
    payload,
  });
}

const orderOf = async (id: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const refundRequests = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');

/**
 * Make-payment checked the order and created the intent; before it recorded it, the order was cancelled and its
 * stock sold; then the customer paid through Stripe.js (which never asks the shop).
 */
async function paidAfterSellOut() {
  const product = await makeProduct(t.app, { priceCents: 2_500, quantity: 2 });
  const orderId: string = (await placeOrder(t.app, alice, { productId: product.id, quantity: 2 })).json()
    .insertedId;
  const intent = await t.app.payments.createIntent({ orderId, amountCents: 5_000, email: alice.email });
  expect(
    (await t.app.inject({ method: 'DELETE', url: `/api/order/${orderId}`, headers: alice.headers }))
      .statusCode,
  ).toBe(200);
  await recordPaymentIntent(t.database.db, orderId, intent.id);
  expect((await placeOrder(t.app, rival, { productId: product.id, quantity: 2 })).statusCode).toBe(200);
  fake.succeed(intent.id);
  return { orderId, intentId: intent.id };
}

describe('Stripe refunds', () => {
  it('the webhook of a payment for a gone order refunds it through Stripe with an idempotency key, once', async () => {
    const { orderId, intentId } = await paidAfterSellOut();
    const before = refundRequests().length;
    expect((await webhook(intentId, orderId)).statusCode).toBe(200);
    expect(refundRequests().slice(before)).toHaveLength(1);
    const request = refundRequests().at(-1)!;
    expect(request.idempotencyKey).toBe(`refund-order-${orderId}`);
    expect(request.form).toMatchObject({ payment_intent: intentId, amount: '5000' });
    const refund = [...fake.refunds.values()].find((r) => r.payment_intent === intentId)!;
    expect(await orderOf(orderId)).toMatchObject({
      refundStatus: 'refunded',
      refundId: refund.id,
      refundAmountCents: 5_000,
      paymentStatus: false,
    });
    // Stripe retries webhooks: a replay refunds nothing more.
    expect((await webhook(intentId, orderId)).statusCode).toBe(200);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === intentId)).toHaveLength(1);
    expect(
      t.mail.sent.filter((m) => m.subject.startsWith('Refunded') && m.text.includes(refund.id)),
    ).toHaveLength(1);
  });

  it('a Stripe outage leaves the refund pending; the job makes it once Stripe is back', async () => {
    const { orderId, intentId } = await paidAfterSellOut();
    fake.failNext(4, 500, '/v1/refunds');
    expect((await webhook(intentId, orderId)).statusCode).toBe(200);
    expect(await orderOf(orderId)).toMatchObject({ refundStatus: 'pending', refundId: null });
    await expect
      .poll(async () => (await orderOf(orderId)).refundStatus, { timeout: 20_000, interval: 250 })
      .toBe('refunded');
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === intentId)).toHaveLength(1);
  }, 40_000);

  it('cancelling an order cancels its PaymentIntent at Stripe; an intent that already succeeded makes it paid', async () => {
    const product = await makeProduct(t.app, { priceCents: 1_000, quantity: 5 });
    const place = async () =>
      (await placeOrder(t.app, alice, { productId: product.id, quantity: 1 })).json().insertedId as string;
    const pay = (orderId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/make-payment',
        headers: alice.headers,
        payload: { orderId },
      });
    const cancel = (id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: alice.headers });
    const [open, paid] = [await place(), await place()];
    await pay(open);
    await pay(paid);
    const intentOf = async (id: string) => (await orderOf(id)).paymentIntentId!;
    const openIntent = await intentOf(open);
    expect((await cancel(open)).statusCode).toBe(200);
    expect(fake.intents.get(openIntent)!.status).toBe('canceled');
    expect(fake.requests.some((r) => r.path === `/v1/payment_intents/${openIntent}/cancel`)).toBe(true);
    fake.succeed(await intentOf(paid));
    expect((await cancel(paid)).statusCode).toBe(409);
    expect(await orderOf(paid)).toMatchObject({ paymentStatus: true, orderStatus: 'Pending' });
    expect(await orderDepsOf(t.app).payments.cancelIntent(await intentOf(paid))).toMatchObject({
      status: 'succeeded',
    });
  });
});
