import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../infra/errors';
import { stripeWebhookRoutes } from './stripe-webhook.routes';

const WEBHOOK_SECRET = 'whsec_toolhouse_contract';
const signer = new Stripe('sk_unused').webhooks;

describe('POST /api/payments/webhook', () => {
  type Call = { orderId?: string; checkoutId?: string; transactionId: string };
  let app: FastifyInstance;
  let calls: Call[];
  let failWith: Error | undefined;

  async function buildWebhookApp(webhookSecret: string | undefined) {
    const a = Fastify({ logger: false });
    a.setValidatorCompiler(validatorCompiler);
    a.setSerializerCompiler(serializerCompiler);
    // The few lines of app.ts's error handler this route relies on.
    a.setErrorHandler((err: FastifyError, _req, reply) => {
      if (err instanceof AppError)
        return reply.status(err.status).send({ error: err.code, message: err.message });
      return reply
        .status(500)
        .send({ error: 'internal', message: 'Something went wrong on our side. Please try again.' });
    });
    // A JSON route outside the plugin: the raw-body parser must stay encapsulated.
    a.post('/api/echo', async (req) => ({ body: req.body }));
    await a.register(stripeWebhookRoutes, {
      prefix: '/api',
      webhookSecret,
      onPaymentSucceeded: async (p) => {
        calls.push(p);
        if (failWith) throw failWith;
      },
    });
    await a.ready();
    return a;
  }

  const succeededEvent = (intent: { id: string; orderId?: string }, type = 'payment_intent.succeeded') => ({
    id: `evt_${intent.id}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: {
      object: {
        id: intent.id,
        object: 'payment_intent',
        amount: 59_997,
        currency: 'usd',
        status: 'succeeded',
        metadata: intent.orderId ? { orderId: intent.orderId } : {},
      },
    },
  });

  // Stripe sends pretty-printed JSON; the signature covers those exact bytes.
  const post = (payload: string, signature?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature !== undefined && { 'stripe-signature': signature }),
      },
      payload,
    });
  const signed = (event: unknown, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify(event, null, 2);
    return { payload, signature: signer.generateTestHeaderString({ payload, secret }) };
  };

  beforeAll(async () => {
    app = await buildWebhookApp(WEBHOOK_SECRET);
  });
  afterAll(() => app.close());
  beforeEach(() => {
    calls = [];
    failWith = undefined;
  });

  it('applies a correctly signed payment_intent.succeeded to its order', async () => {
    const { payload, signature } = signed(succeededEvent({ id: 'pi_paid_1', orderId: 'ord_paid_1' }));
    const res = await post(payload, signature);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(calls).toEqual([{ orderId: 'ord_paid_1', transactionId: 'pi_paid_1' }]);
  });

  it('passes a redelivered event on again (idempotency is the orders service’s job)', async () => {
    const { payload, signature } = signed(succeededEvent({ id: 'pi_paid_2', orderId: 'ord_paid_2' }));
    expect((await post(payload, signature)).statusCode).toBe(200);
    expect((await post(payload, signature)).statusCode).toBe(200);
    expect(calls).toEqual([
      { orderId: 'ord_paid_2', transactionId: 'pi_paid_2' },
      { orderId: 'ord_paid_2', transactionId: 'pi_paid_2' },
    ]);
  });

  it('refuses an event signed with another secret', async () => {
    const { payload, signature } = signed(
      succeededEvent({ id: 'pi_forged', orderId: 'ord_x' }),
      'whsec_attacker',
    );
    const res = await post(payload, signature);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: 'Invalid Stripe signature' });
    expect(calls).toEqual([]);
  });

  it('refuses an event without a signature', async () => {
    const { payload } = signed(succeededEvent({ id: 'pi_unsigned', orderId: 'ord_x' }));
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: 'Invalid Stripe signature' });
    expect(calls).toEqual([]);
  });

  it('verifies the raw bytes: the same event re-serialised no longer matches its signature', async () => {
    const { payload, signature } = signed(succeededEvent({ id: 'pi_reformatted', orderId: 'ord_x' }));
    const res = await post(JSON.stringify(JSON.parse(payload)), signature);
    expect(res.statusCode).toBe(400);
    expect(calls).toEqual([]);
  });

  it('refuses a replayed event whose signature is too old', async () => {
    const payload = JSON.stringify(succeededEvent({ id: 'pi_old', orderId: 'ord_x' }));
    const timestamp = Math.floor(Date.now() / 1000) - 3600;
    const signature = signer.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp });
    expect((await post(payload, signature)).statusCode).toBe(400);
    expect(calls).toEqual([]);
  });

  it('acknowledges other event types without touching orders', async () => {
    const { payload, signature } = signed(
      succeededEvent({ id: 'pi_failed', orderId: 'ord_y' }, 'payment_intent.payment_failed'),
    );
    const res = await post(payload, signature);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(calls).toEqual([]);
  });

  it('acknowledges a payment without an orderId (not ours) without touching orders', async () => {
    const { payload, signature } = signed(succeededEvent({ id: 'pi_foreign' }));
    expect((await post(payload, signature)).statusCode).toBe(200);
    expect(calls).toEqual([]);
  });

  it('answers 200 when the order refuses the payment (AppError 4xx), so Stripe does not retry forever', async () => {
    failWith = new AppError('conflict', 'The payment does not match the order total');
    const { payload, signature } = signed(succeededEvent({ id: 'pi_mismatch', orderId: 'ord_z' }));
    const res = await post(payload, signature);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(calls).toHaveLength(1);
  });

  it('answers 500 on an unexpected failure, so Stripe retries', async () => {
    failWith = new Error('database down');
    const { payload, signature } = signed(succeededEvent({ id: 'pi_retry', orderId: 'ord_z' }));
    const res = await post(payload, signature);
    expect(res.statusCode).toBe(500);
    expect(calls).toHaveLength(1);
  });

  it('passes a 5xx AppError from the orders service through, so Stripe retries', async () => {
    failWith = new AppError('unavailable', 'Database is not reachable');
    const { payload, signature } = signed(succeededEvent({ id: 'pi_retry_2', orderId: 'ord_z' }));
    expect((await post(payload, signature)).statusCode).toBe(503);
  });

  it('keeps JSON parsing for routes outside the plugin', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/echo', payload: { a: 1 } });
    expect(res.json()).toEqual({ body: { a: 1 } });
  });

  it('answers 503 when no webhook secret is configured', async () => {
    const bare = await buildWebhookApp(undefined);
    try {
      const { payload, signature } = signed(succeededEvent({ id: 'pi_nosecret', orderId: 'ord_n' }));
      const res = await bare.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: 'unavailable' });
      expect(calls).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
