import fp from 'fastify-plugin';
import type { SaleProviders } from '../pricing/index';
import { orderDeps, type OrderDeps } from './orders.model';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the order lines' code works with, built once for every feature under /api that needs it. */
    orderDeps: OrderDeps;
  }
}

/** A carrier's rates or a tax service in place of the admin's tables (`BuildOptions`); the tables when absent. */
export interface OrderDepsOptions {
  shipping?: SaleProviders['shipping'] | undefined;
  tax?: SaleProviders['tax'] | undefined;
}

/**
 * Builds the orders' dependencies from the app's parts once and decorates the instance with them: orders, checkout,
 * payments and quotes all charge, mail and refund through the same deps, so they are never rebuilt per route file.
 */
export const orderDepsPlugin = fp<OrderDepsOptions>(
  async (app, opts) => {
    app.decorate(
      'orderDeps',
      orderDeps({
        db: app.database.db,
        config: app.config,
        mailer: app.mailer,
        log: app.log,
        payments: app.payments,
        jobs: app.jobs,
        shipping: opts.shipping,
        tax: opts.tax,
      }),
    );
  },
  { name: 'order-deps', dependencies: ['config', 'database', 'mailer', 'payments', 'jobs'] },
);
