import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../infra/errors';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import type { PaymentProvider } from './payment-provider';
import { createStripeProvider } from './stripe-provider';

const SECRET_KEY = 'sk_test_toolhouse_contract';

describe('Stripe provider against a local fake API', () => {
  let fake: FakeStripe;
  let provider: PaymentProvider;

  beforeAll(async () => {
    fake = await startFakeStripe();
    provider = createStripeProvider({
      secretKey: SECRET_KEY,
      publishableKey: 'pk_test_toolhouse',
      api: fake.api,
    });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
  });

  it('is the stripe kind with the publishable key', () => {
    expect(provider.kind).toBe('stripe');
    expect(provider.publishableKey).toBe('pk_test_toolhouse');
  });

  it('creates an intent in cents and USD, for the order, with the secret key and an idempotency key', async () => {
    const intent = await provider.createIntent({
      orderId: 'ord_1',
      amountCents: 59_997,
      email: 'alice@example.com',
    });
    expect(intent).toEqual({
      id: expect.stringMatching(/^pi_/),
      clientSecret: expect.stringMatching(/^pi_.+_secret_/),
      status: 'requires_payment_method',
      amountCents: 59_997,
      currency: 'usd',
      orderId: 'ord_1',
      checkoutId: null,
      accountPaymentId: null,
    });
    expect(fake.requests).toHaveLength(1);
    const [req] = fake.requests;
    expect(req).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      authorization: `Bearer ${SECRET_KEY}`,
      idempotencyKey: 'order-ord_1-59997',
    });
    expect(req!.form).toEqual({
      amount: '59997',
      currency: 'usd',
      'metadata[orderId]': 'ord_1',
      receipt_email: 'alice@example.com',
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
    });
  });

  it("creates a checkout's intent with metadata.checkoutId and a key of its own", async () => {
    const intent = await provider.createIntent({
      checkoutId: 'co_1',
      amountCents: 1_200,
      email: 'a@example.com',
    });
    expect(intent).toMatchObject({ orderId: null, checkoutId: 'co_1', amountCents: 1_200 });
    const req = fake.requests.at(-1)!;
    expect(req.idempotencyKey).toBe('checkout-co_1-1200');
    expect(req.form).toMatchObject({ 'metadata[checkoutId]': 'co_1' });
    expect(req.form).not.toHaveProperty('metadata[orderId]');
  });

  it('returns the same intent for the same order and amount (double click), a new one when the amount changes', async () => {
    const a = await provider.createIntent({ orderId: 'ord_2', amountCents: 1_000, email: 'bob@example.com' });
    const b = await provider.createIntent({ orderId: 'ord_2', amountCents: 1_000, email: 'bob@example.com' });
    expect(b.id).toBe(a.id);
    expect(b.clientSecret).toBe(a.clientSecret);
    expect(fake.requests.map((r) => r.idempotencyKey)).toEqual(['order-ord_2-1000', 'order-ord_2-1000']);
    const c = await provider.createIntent({ orderId: 'ord_2', amountCents: 1_500, email: 'bob@example.com' });
    expect(c.id).not.toBe(a.id);
  });

  it('retrieves an intent with its status, amount and order', async () => {
    const created = await provider.createIntent({
      orderId: 'ord_3',
      amountCents: 4_200,
      email: 'carol@example.com',
    });
    expect(await provider.retrieveIntent(created.id)).toMatchObject({
      id: created.id,
      status: 'requires_payment_method',
      amountCents: 4_200,
      orderId: 'ord_3',
    });
    fake.succeed(created.id);
    expect(await provider.retrieveIntent(created.id)).toEqual({ ...created, status: 'succeeded' });
    const get = fake.requests.filter((r) => r.method === 'GET');
    expect(get.map((r) => r.path)).toEqual([
      `/v1/payment_intents/${created.id}`,
      `/v1/payment_intents/${created.id}`,
    ]);
    expect(get.every((r) => r.authorization === `Bearer ${SECRET_KEY}`)).toBe(true);
  });

  it('returns null for an unknown intent', async () => {
    expect(await provider.retrieveIntent('pi_does_not_exist')).toBeNull();
  });

  it('maps a Stripe outage (5xx after its one retry) to 503 unavailable', async () => {
    fake.failNext(2, 500);
    const err = await provider
      .createIntent({ orderId: 'ord_4', amountCents: 100, email: 'dan@example.com' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'unavailable', status: 503 });
    expect(fake.requests).toHaveLength(2); // maxNetworkRetries: 1, same idempotency key on the retry
    expect(new Set(fake.requests.map((r) => r.idempotencyKey))).toEqual(new Set(['order-ord_4-100']));
  });

  it('maps a connection failure to 503 unavailable', async () => {
    // A port that was just free on 127.0.0.1: connection refused, nothing leaves the machine.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const down = createStripeProvider({
      secretKey: SECRET_KEY,
      publishableKey: 'pk_test_toolhouse',
      api: { host: '127.0.0.1', port, protocol: 'http' },
    });
    const err = await down.retrieveIntent('pi_any').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      code: 'unavailable',
      message: 'The payment provider could not be reached. Please try again.',
    });
  });
});
