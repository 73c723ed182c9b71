import fp from 'fastify-plugin';
import { defineFeature } from '../../http/feature';
import { orderDepsPlugin, type OrderDepsOptions } from './orders.deps';
import { orderNumbersOf } from './orders.numbers';
import { ordersFeature } from './orders.plugin';

/** The orders' deps on the app, for every feature that charges, mails and refunds; and inventory's port. */
const ordersOnApp = fp<OrderDepsOptions>(
  async (app, opts) => {
    await app.register(orderDepsPlugin, { shipping: opts.shipping, tax: opts.tax });
    app.decorate('inventoryOrderNumbers', (ids: string[]) => orderNumbersOf(app.database.db, ids));
  },
  { name: 'orders-on-app', dependencies: ['database'] },
);

/** After payments: the deps charge and refund through `app.payments`. */
export const feature = defineFeature({
  name: 'orders',
  after: ['payments'],
  app: ordersOnApp,
  api: ordersFeature,
});
