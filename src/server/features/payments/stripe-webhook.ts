import Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../infra/errors';

/**
 * Marks the order (or the checkout, when the intent is a checkout's) paid; idempotent, throws AppError (4xx) when the
 * payment does not match it.
 */
export type OnPaymentSucceeded = (p: {
  orderId?: string;
  checkoutId?: string;
  accountPaymentId?: string;
  transactionId: string;
}) => Promise<void>;

// Only `webhooks` is used: signature checks are local HMACs, this instance never talks to the network.
const webhooks = new Stripe('sk_unused').webhooks;

/** The event Stripe signed, or a 400 (a 503 while no secret is configured). */
export function verifyStripeEvent(
  raw: unknown,
  signature: string | string[] | undefined,
  secret: string | undefined,
  log: FastifyBaseLogger,
): Stripe.Event {
  if (!secret) throw new AppError('unavailable', 'Stripe webhooks are not configured on this server');
  if (typeof signature !== 'string' || !signature)
    throw new AppError('bad_request', 'Invalid Stripe signature');
  try {
    return webhooks.constructEvent(Buffer.isBuffer(raw) ? raw : Buffer.alloc(0), signature, secret);
  } catch (err) {
    log.warn({ err }, 'stripe webhook signature rejected');
    throw new AppError('bad_request', 'Invalid Stripe signature');
  }
}

/**
 * Applies a verified event: a succeeded payment marks its order paid. Returning normally answers 200 (Stripe stops
 * delivering it); throwing answers 5xx, and Stripe retries later.
 */
export async function applyStripeEvent(
  event: Stripe.Event,
  onPaymentSucceeded: OnPaymentSucceeded,
  log: FastifyBaseLogger,
): Promise<void> {
  if (event.type !== 'payment_intent.succeeded') return;
  const intent = event.data.object;
  const orderId = intent.metadata?.orderId;
  const checkoutId = intent.metadata?.checkoutId;
  const accountPaymentId = intent.metadata?.accountPaymentId;
  const context = { eventId: event.id, orderId, checkoutId, accountPaymentId, intentId: intent.id };
  if (!orderId && !checkoutId && !accountPaymentId) {
    // An intent this shop did not create (same Stripe account used elsewhere): nothing to do, don't retry.
    log.warn(context, 'stripe payment without an orderId or checkoutId ignored');
    return;
  }
  try {
    await onPaymentSucceeded(
      accountPaymentId
        ? { accountPaymentId, transactionId: intent.id }
        : checkoutId
          ? { checkoutId, transactionId: intent.id }
          : { orderId: orderId!, transactionId: intent.id },
    );
  } catch (err) {
    // A 4xx means "this payment cannot apply to that order" (amount mismatch, unknown order…): retrying will not
    // change that, so answer 200 and leave it to the logs. Anything else is ours: 500 and Stripe retries later.
    if (err instanceof AppError && err.status < 500) {
      log.error({ err, ...context }, 'stripe payment not applied');
      return;
    }
    throw err;
  }
  log.info(context, 'stripe payment applied');
}
