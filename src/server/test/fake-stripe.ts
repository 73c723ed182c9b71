import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { FakeIntent, FakeRefund, FakeStripeRequest } from './fake-stripe-types';

export type { FakeIntent, FakeRefund, FakeStripeRequest };

export interface FakeStripe {
  refunds: Map<string, FakeRefund>;
  /** Give to createStripeProvider({ api }). */
  api: { host: string; port: number; protocol: 'http' };
  requests: FakeStripeRequest[];
  intents: Map<string, FakeIntent>;
  /** Simulates the customer paying: the intent becomes `succeeded`. */
  succeed(id: string): FakeIntent;
  setStatus(id: string, status: string): FakeIntent;
  /** The next `n` requests (to `path` only, if given) get this HTTP status and an `api_error` body (an outage). */
  failNext(n: number, status?: number, path?: string): void;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify(body));
}

const stripeError = (type: string, message: string, code?: string) => ({
  error: { type, message, ...(code && { code }) },
});

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Picks `prefix[key]` entries out of a flat form into an object. */
const nested = (form: Record<string, string>, prefix: string) =>
  Object.fromEntries(
    Object.entries(form).flatMap(([k, v]) => {
      const m = new RegExp(`^${prefix}\\[([^\\]]+)\\]$`).exec(k);
      return m ? [[m[1]!, v]] : [];
    }),
  );

/** A tiny stand-in for api.stripe.com, with only what stripe-provider.ts uses. Listens on 127.0.0.1. */
export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const intents = new Map<string, FakeIntent>();
  const byIdempotencyKey = new Map<string, string>();
  const refunds = new Map<string, FakeRefund>();
  let failures: { left: number; status: number; path?: string | undefined } = { left: 0, status: 500 };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const raw = await readBody(req);
      const form = Object.fromEntries(new URLSearchParams(raw));
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        idempotencyKey,
        authorization: req.headers.authorization,
        form,
      });

      if (failures.left > 0 && (!failures.path || failures.path === url.pathname)) {
        failures.left--;
        return send(res, failures.status, stripeError('api_error', 'Fake Stripe outage'));
      }
      if (!req.headers.authorization?.startsWith('Bearer sk_')) {
        return send(res, 401, stripeError('invalid_request_error', 'Invalid API Key provided'));
      }

      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const existing = idempotencyKey && byIdempotencyKey.get(idempotencyKey);
        if (existing) return send(res, 200, intents.get(existing));
        const amount = Number(form.amount);
        if (!Number.isInteger(amount) || amount < 1) {
          return send(
            res,
            400,
            stripeError('invalid_request_error', 'Invalid integer: amount', 'parameter_invalid_integer'),
          );
        }
        if (!form.currency) {
          return send(
            res,
            400,
            stripeError('invalid_request_error', 'Missing required param: currency.', 'parameter_missing'),
          );
        }
        const apm = nested(form, 'automatic_payment_methods');
        const piId = id('pi');
        const intent: FakeIntent = {
          id: piId,
          object: 'payment_intent',
          client_secret: `${piId}_secret_${randomBytes(12).toString('hex')}`,
          amount,
          currency: form.currency,
          status: 'requires_payment_method',
          metadata: nested(form, 'metadata'),
          receipt_email: form.receipt_email ?? null,
          automatic_payment_methods:
            apm.enabled !== undefined
              ? { enabled: apm.enabled === 'true', allow_redirects: apm.allow_redirects ?? null }
              : null,
          created: Math.floor(Date.now() / 1000),
          livemode: false,
        };
        intents.set(piId, intent);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, piId);
        return send(res, 200, intent);
      }

      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const existing = idempotencyKey && byIdempotencyKey.get(idempotencyKey);
        if (existing) return send(res, 200, refunds.get(existing));
        const intent = intents.get(form.payment_intent ?? '');
        const amount = Number(form.amount);
        const given = [...refunds.values()]
          .filter((r) => r.payment_intent === intent?.id)
          .reduce((sum, r) => sum + r.amount, 0);
        if (!intent || intent.status !== 'succeeded' || given + amount > intent.amount) {
          return send(
            res,
            400,
            stripeError('invalid_request_error', 'Cannot refund', 'charge_already_refunded'),
          );
        }
        const refund: FakeRefund = {
          id: id('re'),
          object: 'refund',
          amount,
          currency: intent.currency,
          payment_intent: intent.id,
          status: 'succeeded',
          metadata: nested(form, 'metadata'),
          created: Math.floor(Date.now() / 1000),
        };
        refunds.set(refund.id, refund);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, refund.id);
        return send(res, 200, refund);
      }

      const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
      if (req.method === 'POST' && cancel) {
        const intent = intents.get(decodeURIComponent(cancel[1]!));
        if (!intent)
          return send(
            res,
            404,
            stripeError('invalid_request_error', 'No such payment_intent', 'resource_missing'),
          );
        if (['succeeded', 'canceled', 'processing'].includes(intent.status)) {
          return send(
            res,
            400,
            stripeError(
              'invalid_request_error',
              `status ${intent.status}`,
              'payment_intent_unexpected_state',
            ),
          );
        }
        intent.status = 'canceled';
        return send(res, 200, intent);
      }

      const m = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && m) {
        const intent = intents.get(decodeURIComponent(m[1]!));
        if (!intent) {
          return send(
            res,
            404,
            stripeError('invalid_request_error', `No such payment_intent: '${m[1]}'`, 'resource_missing'),
          );
        }
        return send(res, 200, intent);
      }

      return send(
        res,
        404,
        stripeError('invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname})`),
      );
    })().catch((err: unknown) => {
      send(res, 500, stripeError('api_error', String(err)));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;

  const setStatus = (intentId: string, status: string) => {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`fake-stripe: no intent ${intentId}`);
    intent.status = status;
    return intent;
  };

  return {
    api: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    intents,
    refunds,
    setStatus,
    succeed: (intentId) => setStatus(intentId, 'succeeded'),
    failNext(n, status = 500, path) {
      failures = { left: n, status, path };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
