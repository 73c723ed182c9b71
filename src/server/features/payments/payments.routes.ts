import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  paymentIntentRequestSchema,
  paymentIntentSchema,
  testCardConfirmedSchema,
  testCardConfirmSchema,
} from '@shared/payments/payments.schema';
import { errorResponses } from '../../http/openapi';
import { currentUser } from '../../http/auth-guard';
import { confirmPayment, confirmTestCard, createPayment, type PaymentDeps } from './payments.service';
import { stripeWebhookRoutes } from './stripe-webhook.routes';

const tags = ['payments'];

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const deps: PaymentDeps = {
    db,
    provider: app.payments,
    orders: app.orderDeps,
    credit: { orders: app.orderDeps, provider: app.payments, credit: app.config.credit },
  };

  app.post(
    '/make-payment',
    {
      config: { auth: 'user', idempotent: true },
      schema: {
        tags,
        summary:
          'A payment intent for an unpaid order (orderId) or checkout (checkoutId); the amount is the stored total (a body total is ignored)',
        body: paymentIntentRequestSchema,
        response: { 200: paymentIntentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => createPayment(deps, currentUser(req), req.body),
  );

  app.post(
    '/payments/test/confirm',
    {
      config: { auth: 'user', idempotent: true },
      schema: {
        tags,
        summary: 'Pay an intent with a card in the built-in test mode (Stripe test card numbers)',
        body: testCardConfirmSchema,
        response: { 200: testCardConfirmedSchema, ...errorResponses(400, 401, 402, 403, 404, 409) },
      },
    },
    async (req) => ({
      status: 'succeeded' as const,
      transactionId: await confirmTestCard(deps, currentUser(req), req.body),
    }),
  );

  const { stripe } = app.config;
  if (stripe) {
    await app.register(stripeWebhookRoutes, {
      webhookSecret: stripe.webhookSecret,
      // The same checks as the browser's confirmation: this intent, succeeded, for this order (checkout) and amount.
      onPaymentSucceeded: (p) => confirmPayment(deps, p),
    });
  }
};
