import fp from 'fastify-plugin';
import { orderDeps, type OrderDeps } from './orders.model';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the order lines' code works with, built once for every feature under /api that needs it. */
    orderDeps: OrderDeps;
  }
}

/**
 * Builds the orders' dependencies from the app's parts once and decorates the instance with them: orders, checkout,
 * payments and quotes all charge, mail and refund through the same deps, so they are never rebuilt per route file.
 */
export const orderDepsPlugin = fp(
  async (app) => {
    app.decorate(
      'orderDeps',
      orderDeps({
        db: app.database.db,
        config: app.config,
        mailer: app.mailer,
        log: app.log,
        payments: app.payments,
        jobs: app.jobs,
      }),
    );
  },
  { name: 'order-deps', dependencies: ['config', 'database', 'mailer', 'payments', 'jobs'] },
);
