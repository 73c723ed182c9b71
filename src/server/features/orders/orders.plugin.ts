import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderDocumentsRoutes } from './order-documents.routes';
import { orderJobsPlugin } from './orders.jobs';
import { ordersRoutes, type OrdersRoutesOptions } from './orders.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** How an order's payment is verified: a port payments fills, since payments depends on orders, not the reverse. */
    verifyOrderPayment: OrdersRoutesOptions['verifyPayment'];
  }
}

/** The orders feature: single orders, their documents, and the expiry and refund jobs. */
export const ordersFeature: FastifyPluginAsyncZod = async (app) => {
  await app.register(ordersRoutes, { verifyPayment: (p) => app.verifyOrderPayment(p) });
  await app.register(orderDocumentsRoutes);
  await app.register(orderJobsPlugin);
};
