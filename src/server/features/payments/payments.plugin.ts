import fp from 'fastify-plugin';
import type { PaymentProvider } from './payment-provider';
import { createStripeProvider } from './stripe-provider';
import { createTestProvider } from './test-provider';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
  }
}

/**
 * `app.payments`: Stripe when its keys are configured, otherwise the built-in test-mode processor, or the caller's
 * provider (contract tests point Stripe at a local fake). Registered on the app itself, before the API: orders and
 * quotes charge and refund through it without importing payments.
 */
export const paymentProviderPlugin = fp<{ provider?: PaymentProvider | undefined }>(
  async (app, opts) => {
    const { stripe } = app.config;
    app.decorate(
      'payments',
      opts.provider ??
        (stripe
          ? createStripeProvider({ secretKey: stripe.secretKey, publishableKey: stripe.publishableKey })
          : createTestProvider(app.database.db, { refuseRefunds: app.config.testRefundRefusals })),
    );
  },
  { name: 'payments', dependencies: ['config', 'database'] },
);
