import fp from 'fastify-plugin';
import { defineFeature } from '../../http/feature';
import type { PaymentProvider } from './payment-provider';
import { paymentProviderPlugin } from './payments.plugin';
import { paymentsRoutes } from './payments.routes';
import { verifyCheckoutPayment, verifyPayment } from './payments.service';

/**
 * `app.payments`, and the ports orders and checkout verify their payments through: they cannot import payments,
 * which depends on them.
 */
const paymentsOnApp = fp<{ payments?: PaymentProvider | undefined }>(
  async (app, opts) => {
    await app.register(paymentProviderPlugin, { provider: opts.payments });
    app.decorate('verifyOrderPayment', (p) => verifyPayment(app.payments, p));
    app.decorate('verifyCheckoutPayment', (p) => verifyCheckoutPayment(app.payments, p));
  },
  { name: 'payments-on-app' },
);

export const feature = defineFeature({ name: 'payments', app: paymentsOnApp, api: paymentsRoutes });
