import Stripe from 'stripe';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { errorResponses } from '../../lib/openapi';

export interface StripeWebhookOptions {
  /** STRIPE_WEBHOOK_SECRET (whsec_…); without it every call is refused with 503. */
  webhookSecret: string | undefined;
  /** Marks the order paid; idempotent, throws AppError (4xx) when the payment does not match the order. */
  onPaymentSucceeded(p: { orderId: string; transactionId: string }): Promise<void>;
}

// Only `webhooks` is used: signature checks are local HMACs, this instance never talks to the network.
const webhooks = new Stripe('sk_unused').webhooks;

const receivedSchema = z.object({ received: z.literal(true) });

/**
 * Stripe's webhook (register under /api, encapsulated). The signature covers the exact bytes Stripe sent, so this
 * plugin replaces the JSON parser with one that keeps the raw body as a Buffer.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<StripeWebhookOptions> = async (app, opts) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.post(
    '/payments/webhook',
    {
      config: { invalidates: ['catalogue'] },
      schema: {
        tags: ['payments'],
        summary:
          'Stripe webhook (signed with STRIPE_WEBHOOK_SECRET); marks orders paid on payment_intent.succeeded',
        response: { 200: receivedSchema, ...errorResponses(400, 500, 503) },
      },
    },
    async (req) => {
      if (!opts.webhookSecret) {
        throw new AppError('unavailable', 'Stripe webhooks are not configured on this server');
      }
      const signature = req.headers['stripe-signature'];
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      if (typeof signature !== 'string' || !signature) {
        throw new AppError('bad_request', 'Invalid Stripe signature');
      }
      let event: Stripe.Event;
      try {
        event = webhooks.constructEvent(raw, signature, opts.webhookSecret);
      } catch (err) {
        req.log.warn({ err }, 'stripe webhook signature rejected');
        throw new AppError('bad_request', 'Invalid Stripe signature');
      }

      if (event.type !== 'payment_intent.succeeded') return { received: true as const };

      const intent = event.data.object;
      const orderId = intent.metadata?.orderId;
      if (!orderId) {
        // An intent this shop did not create (same Stripe account used elsewhere): nothing to do, don't retry.
        req.log.warn({ eventId: event.id, intentId: intent.id }, 'stripe payment without an orderId ignored');
        return { received: true as const };
      }
      try {
        await opts.onPaymentSucceeded({ orderId, transactionId: intent.id });
      } catch (err) {
        // A 4xx means "this payment cannot apply to that order" (amount mismatch, unknown order…): retrying will not
        // change that, so answer 200 and leave it to the logs. Anything else is ours: 500 and Stripe retries later.
        if (err instanceof AppError && err.status < 500) {
          req.log.error(
            { err, eventId: event.id, orderId, intentId: intent.id },
            'stripe payment not applied',
          );
          return { received: true as const };
        }
        throw err;
      }
      req.log.info({ eventId: event.id, orderId, intentId: intent.id }, 'stripe payment applied');
      return { received: true as const };
    },
  );
};
