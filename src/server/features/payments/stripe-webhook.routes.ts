import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/openapi';
import { applyStripeEvent, verifyStripeEvent, type OnPaymentSucceeded } from './stripe-webhook';

export interface StripeWebhookOptions {
  /** STRIPE_WEBHOOK_SECRET (whsec_…); without it every call is refused with 503. */
  webhookSecret: string | undefined;
  onPaymentSucceeded: OnPaymentSucceeded;
}

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
      const event = verifyStripeEvent(req.body, req.headers['stripe-signature'], opts.webhookSecret, req.log);
      await applyStripeEvent(event, opts.onPaymentSucceeded, req.log);
      return { received: true as const };
    },
  );
};
