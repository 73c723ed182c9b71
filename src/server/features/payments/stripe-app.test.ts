import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { signUp, type Client } from '../../test/auth';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { makeProduct, placeOrder } from '../../test/shop';
import { createStripeProvider } from './stripe-provider';

// The whole shop on Stripe: a local fake Stripe API, and webhooks signed like Stripe signs them.
const WEBHOOK_SECRET = 'whsec_test_shop';
let fake: FakeStripe;
let t: TestApp;
let alice: Client;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp(
    {
      SEED_DEMO: 'false',
      STRIPE_SECRET_KEY: 'sk_test_shop',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_shop',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
    {},
    {
      payments: createStripeProvider({
        secretKey: 'sk_test_shop',
        publishableKey: 'pk_test_shop',
        api: fake.api,
      }),
    },
  );
  alice = await signUp(t.app, { name: 'Alice Stripe', verified: true });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

function webhook(intentId: string, orderId: string, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: 'evt_test',
    object: 'event',
    type: 'payment_intent.succeeded',
    data: {
      object: {
        id: intentId,
        object: 'payment_intent',
        status: 'succeeded',
        amount: 0,
        currency: 'usd',
        metadata: { orderId },
      },
    },
  });
  const signature = new Stripe('sk_unused').webhooks.generateTestHeaderString({ payload, secret });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'stripe-signature': signature, 'content-type': 'application/json' },
    payload,
  });
}

describe('Stripe', () => {
  it('creates a PaymentIntent for the stored amount and marks the order paid from a signed webhook, once', async () => {
    const product = await makeProduct(t.app, { priceCents: 4_999, quantity: 10 });
    const orderId = (await placeOrder(t.app, alice, { productId: product.id, quantity: 3 })).json()
      .insertedId;
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/make-payment',
      headers: alice.headers,
      payload: { orderId, total: 1 },
    });
    expect(intent.statusCode, intent.body).toBe(200);
    expect(intent.json()).toMatchObject({
      provider: 'stripe',
      publishableKey: 'pk_test_shop',
      amount: 149.97,
    });
    const created = [...fake.intents.values()].find((i) => i.metadata.orderId === orderId)!;
    expect(created.amount).toBe(14_997);

    // Not paid yet: a webhook can't be faked by the customer, and the browser's confirmation is refused.
    expect((await webhook(created.id, orderId, 'whsec_wrong')).statusCode).toBe(400);
    const early = await t.app.inject({
      method: 'PUT',
      url: `/api/order/${orderId}`,
      headers: alice.headers,
      payload: { transactionId: created.id },
    });
    expect(early.statusCode).toBe(402);

    fake.succeed(created.id);
    expect((await webhook(created.id, orderId)).statusCode).toBe(200);
    const order = (
      await t.app.inject({ url: `/api/singleorderitem/${orderId}`, headers: alice.headers })
    ).json();
    expect(order).toMatchObject({ paymentStatus: true, transactionId: created.id });

    // The browser's confirmation arriving after the webhook changes nothing; a replayed webhook neither.
    const late = await t.app.inject({
      method: 'PUT',
      url: `/api/order/${orderId}`,
      headers: alice.headers,
      payload: { transactionId: created.id },
    });
    expect(late.statusCode).toBe(200);
    expect((await webhook(created.id, orderId)).statusCode).toBe(200);
    expect(
      t.mail.sent.filter((m) => m.to === alice.email && m.subject.startsWith('Payment received')),
    ).toHaveLength(1);
  });

  it('a webhook naming another order does not mark it paid', async () => {
    const product = await makeProduct(t.app, { priceCents: 1_000 });
    const a = (await placeOrder(t.app, alice, { productId: product.id, quantity: 1 })).json().insertedId;
    const b = (await placeOrder(t.app, alice, { productId: product.id, quantity: 1 })).json().insertedId;
    await t.app.inject({
      method: 'POST',
      url: '/api/make-payment',
      headers: alice.headers,
      payload: { orderId: a },
    });
    const intentA = [...fake.intents.values()].find((i) => i.metadata.orderId === a)!;
    fake.succeed(intentA.id);
    expect((await webhook(intentA.id, b)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/singleorderitem/${b}`, headers: alice.headers })).json().paymentStatus,
    ).toBe(false);
  });

  it('the test-mode card endpoint is off when Stripe is in use', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm',
      headers: alice.headers,
      payload: { clientSecret: 'x', cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
    });
    expect(res.statusCode).toBe(404);
  });
});
