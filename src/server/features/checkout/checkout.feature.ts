import type { FastifyPluginAsync } from 'fastify';
import { defineFeature } from '../../http/feature';
import { approvalsRoutes } from './approvals.routes';
import { checkoutJobsPlugin } from './checkout.jobs';
import { checkoutRoutes, type CheckoutRoutesOptions } from './checkout.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** How a checkout's payment is verified: a port payments fills, since payments depends on checkout. */
    verifyCheckoutPayment: CheckoutRoutesOptions['verifyPayment'];
  }
}

const checkoutFeature: FastifyPluginAsync = async (app) => {
  await app.register(checkoutRoutes, { verifyPayment: (p) => app.verifyCheckoutPayment(p) });
  await app.register(checkoutJobsPlugin);
  await app.register(approvalsRoutes);
};

export const feature = defineFeature({ name: 'checkout', api: checkoutFeature });
