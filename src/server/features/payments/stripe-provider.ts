import Stripe from 'stripe';
import { AppError } from '../../infra/errors';
import type { PaymentProvider, ProviderIntent, ProviderRefund } from './payment-provider';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  /** Where the API lives; tests point it at a local fake (src/server/test/fake-stripe.ts). Default: api.stripe.com. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  /** Per-request timeout; a checkout should fail fast rather than hang on a slow provider. */
  timeoutMs?: number;
}

const UNAVAILABLE = 'The payment provider could not be reached. Please try again.';

const statuses = new Set<ProviderIntent['status']>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
]);

function toIntent(pi: Stripe.PaymentIntent): ProviderIntent {
  // The shop captures automatically, so `requires_capture` never happens in practice: it counts as "not paid yet".
  const status = statuses.has(pi.status as ProviderIntent['status'])
    ? (pi.status as ProviderIntent['status'])
    : 'processing';
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? '',
    status,
    amountCents: pi.amount,
    currency: pi.currency,
    orderId: pi.metadata?.orderId ?? null,
    checkoutId: pi.metadata?.checkoutId ?? null,
    accountPaymentId: pi.metadata?.accountPaymentId ?? null,
  };
}

const refundStatuses = new Set<ProviderRefund['status']>([
  'succeeded',
  'pending',
  'failed',
  'canceled',
  'requires_action',
]);

const toRefund = (r: Stripe.Refund): ProviderRefund => ({
  id: r.id,
  status: refundStatuses.has(r.status as ProviderRefund['status'])
    ? (r.status as ProviderRefund['status'])
    : 'pending',
  amountCents: r.amount,
});

/**
 * Errors the customer can do nothing about (network, Stripe outage, rate limit, a wrong or revoked key) become a 503
 * with a retry hint; the original error is kept as `cause` for the logs. Anything else (a bad request we built) is a
 * bug and is rethrown as is (500).
 */
function mapError(err: unknown): never {
  if (err instanceof Stripe.errors.StripeError) {
    const unavailable =
      err instanceof Stripe.errors.StripeConnectionError ||
      err instanceof Stripe.errors.StripeAPIError ||
      err instanceof Stripe.errors.StripeRateLimitError ||
      err instanceof Stripe.errors.StripeAuthenticationError ||
      err instanceof Stripe.errors.StripePermissionError ||
      (err.statusCode !== undefined && err.statusCode >= 500);
    if (unavailable) throw Object.assign(new AppError('unavailable', UNAVAILABLE), { cause: err });
  }
  throw err;
}

/** Stripe through the official SDK: PaymentIntents with automatic payment methods, no redirects. */
export function createStripeProvider(opts: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(opts.secretKey, {
    maxNetworkRetries: 1,
    timeout: opts.timeoutMs ?? 10_000,
    telemetry: false,
    appInfo: { name: 'Toolhouse' },
    ...(opts.api && { host: opts.api.host, port: opts.api.port, protocol: opts.api.protocol }),
  });

  return {
    kind: 'stripe',
    publishableKey: opts.publishableKey,

    async createIntent({ orderId, checkoutId, accountPaymentId, amountCents, email }) {
      const key = accountPaymentId
        ? `account-payment-${accountPaymentId}`
        : checkoutId
          ? `checkout-${checkoutId}`
          : `order-${orderId}`;
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: 'usd',
            metadata: accountPaymentId
              ? { accountPaymentId }
              : checkoutId
                ? { checkoutId }
                : { orderId: orderId! },
            receipt_email: email,
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          },
          // Same order (checkout) and amount → same key → Stripe returns the first intent (double clicks, retries).
          { idempotencyKey: `${key}-${amountCents}` },
        );
        return toIntent(pi);
      } catch (err) {
        return mapError(err);
      }
    },

    async retrieveIntent(intentId) {
      try {
        return toIntent(await stripe.paymentIntents.retrieve(intentId));
      } catch (err) {
        if (
          err instanceof Stripe.errors.StripeError &&
          (err.code === 'resource_missing' || err.statusCode === 404)
        ) {
          return null;
        }
        return mapError(err);
      }
    },

    async refund(intentId, amountCents, idempotencyKey) {
      try {
        // A retry with the same key gets Stripe's first answer again; a refund that was still pending then is read
        // afresh, so its current status decides.
        const refund = await stripe.refunds.create(
          { payment_intent: intentId, amount: amountCents, metadata: { idempotencyKey } },
          { idempotencyKey },
        );
        return toRefund(refund.status === 'succeeded' ? refund : await stripe.refunds.retrieve(refund.id));
      } catch (err) {
        return mapError(err);
      }
    },

    async cancelIntent(intentId) {
      try {
        return toIntent(await stripe.paymentIntents.cancel(intentId));
      } catch (err) {
        // Too late to cancel (it succeeded or is processing): Stripe says so with this code; report where it is.
        if (err instanceof Stripe.errors.StripeError && err.code === 'payment_intent_unexpected_state') {
          try {
            return toIntent(await stripe.paymentIntents.retrieve(intentId));
          } catch (again) {
            return mapError(again);
          }
        }
        return mapError(err);
      }
    },
  };
}
