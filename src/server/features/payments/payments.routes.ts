import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@shared/common/common.schema';
import { orderPaySchema, orderUpdatedSchema } from '@shared/orders/orders.schema';
import {
  paymentIntentRequestSchema,
  paymentIntentSchema,
  testCardConfirmedSchema,
  testCardConfirmSchema,
} from '@shared/payments/payments.schema';
import { errorResponses } from '../../lib/openapi';
import { currentUser } from '../../plugins/auth-guard';
import { toOrder } from '../orders/orders.service';
import { confirmOrderPayment, confirmTestCard, createPayment } from './payments.service';
import { stripeWebhookRoutes } from './stripe-webhook.routes';

const tags = ['payments'];

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/make-payment',
    {
      config: { auth: 'user', idempotent: true },
      schema: {
        tags,
        summary:
          "A payment intent for an unpaid order; the amount is the stored order's total (a body total is ignored)",
        body: paymentIntentRequestSchema,
        response: { 200: paymentIntentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => createPayment(app, currentUser(req), req.body.orderId),
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
      transactionId: await confirmTestCard(app, currentUser(req), req.body),
    }),
  );

  app.put(
    '/order/:id',
    {
      // Paying an order that had expired takes its stock again.
      config: { auth: 'user', idempotent: true, invalidates: ['catalogue'] },
      schema: {
        tags,
        summary: 'Mark an order paid once the provider confirms the payment (idempotent)',
        params: idParamsSchema,
        body: orderPaySchema,
        response: { 200: orderUpdatedSchema, ...errorResponses(400, 401, 402, 403, 404, 409) },
      },
    },
    async (req) => {
      const row = await confirmOrderPayment(
        app,
        { orderId: req.params.id, transactionId: req.body.transactionId, phone: req.body.phone },
        currentUser(req),
      );
      return { acknowledged: true as const, order: toOrder(row, app.config.orderExpiryMs) };
    },
  );

  const { stripe } = app.config;
  if (stripe) {
    await app.register(stripeWebhookRoutes, {
      webhookSecret: stripe.webhookSecret,
      // The same checks as the browser's confirmation: this intent, succeeded, for this order and amount.
      onPaymentSucceeded: async (p) => void (await confirmOrderPayment(app, p)),
    });
  }
};
