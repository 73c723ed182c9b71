import fp from 'fastify-plugin';
import type { PaymentProvider } from '../features/payments/payment-provider';
import { createStripeProvider } from '../features/payments/stripe-provider';
import { createTestProvider } from '../features/payments/test-provider';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
  }
}

/**
 * `app.payments`: Stripe when its keys are configured, otherwise the built-in test-mode processor, or the caller's
 * provider (contract tests point Stripe at a local fake).
 */
export const paymentsPlugin = fp<{ provider?: PaymentProvider | undefined }>(
  async (app, opts) => {
    const { stripe } = app.config;
    app.decorate(
      'payments',
      opts.provider ??
        (stripe
          ? createStripeProvider({ secretKey: stripe.secretKey, publishableKey: stripe.publishableKey })
          : createTestProvider(app.database.db)),
    );
  },
  { name: 'payments', dependencies: ['config', 'database'] },
);
