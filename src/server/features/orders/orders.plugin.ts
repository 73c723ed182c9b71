import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderDocumentsRoutes } from './order-documents.routes';
import { orderJobsPlugin } from './orders.jobs';
import { ordersRoutes, type OrdersRoutesOptions } from './orders.routes';

/** How the app verifies payments for orders: given by it, since payments depends on orders, not the reverse. */
export interface OrdersFeatureOptions {
  verifyPayment: OrdersRoutesOptions['verifyPayment'];
}

/** The orders feature: single orders, their documents, and the expiry and refund jobs. */
export const ordersFeature: FastifyPluginAsyncZod<OrdersFeatureOptions> = async (app, opts) => {
  await app.register(ordersRoutes, { verifyPayment: opts.verifyPayment });
  await app.register(orderDocumentsRoutes);
  await app.register(orderJobsPlugin);
};
