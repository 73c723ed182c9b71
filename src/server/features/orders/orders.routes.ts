import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ordersContract as calls } from '@shared/orders/orders.contract';
import { sendPage } from '../../infra/keyset';
import { contractRoute } from '../../http/contract-route';
import { pagedListDescription } from '../../http/openapi';
import { currentUser } from '../../http/auth-guard';
import {
  assertNotCheckoutLine,
  cancelOrder,
  deliverOrder,
  getOrder,
  listAllOrders,
  listOrdersOf,
  payOrder,
  refundPaidOrder,
  type PaymentConfirmation,
} from './orders.service';

const tags = ['orders'];

export interface OrdersRoutesOptions {
  /**
   * Asks the payment provider whether this intent succeeded for this order, and for how much. Given by the app (it
   * is the payments feature's), so orders never imports payments: payments depends on orders, not the reverse.
   */
  verifyPayment(p: { orderId: string; transactionId: string }): Promise<PaymentConfirmation>;
}

export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (app, opts) => {
  const deps = app.orderDeps;

  app.route({
    ...contractRoute(calls.mine, {
      tags,
      summary: 'Orders of one customer, newest first, a page at a time (self or admin)',
      description: pagedListDescription,
      errors: [400, 401, 403],
    }),
    config: { auth: 'user', selfOrAdmin: 'email' },
    handler: async (req, reply) =>
      sendPage(req, reply, await listOrdersOf(deps, req.params.email, req.query)),
  });

  app.route({
    ...contractRoute(calls.all, {
      tags,
      summary: 'Every order, newest first, a page at a time (admin)',
      description: pagedListDescription,
      errors: [400, 401, 403],
    }),
    config: { auth: 'admin', apiScope: 'orders:read' },
    handler: async (req, reply) => sendPage(req, reply, await listAllOrders(deps, req.query)),
  });

  app.route({
    ...contractRoute(calls.order, {
      tags,
      summary: 'One order (its owner or an admin)',
      errors: [400, 401, 403, 404],
    }),
    config: { auth: 'user', apiScope: 'orders:read' },
    handler: async (req) => getOrder(deps, currentUser(req), req.params.id),
  });

  app.route({
    ...contractRoute(calls.cancel, {
      tags,
      summary: 'Cancel an unpaid order (its owner or an admin); kept as Cancelled, stock released',
      errors: [400, 401, 403, 404, 409],
    }),
    config: { auth: 'user', invalidates: ['catalogue'] },
    handler: async (req) => ({
      acknowledged: true as const,
      order: await cancelOrder(deps, currentUser(req), req.params.id),
    }),
  });

  app.route({
    ...contractRoute(calls.refund, {
      tags,
      summary:
        'Refund a paid, undelivered order through the payment provider (admin): all that is still refundable (it is cancelled; the body is `{restock}` or empty), some units (`lines: [{orderId, quantity}]`) or an amount (`amountCents`), each line with its shipping and tax shares to the cent, one credit note per refund; refunded units not shipped yet go back into stock unless `restock` is false, shipped units never do',
      errors: [400, 401, 403, 404, 409],
    }),
    config: { auth: 'admin', idempotent: true, invalidates: ['catalogue'] },
    handler: async (req) => ({
      acknowledged: true as const,
      order: await refundPaidOrder(deps, currentUser(req), req.params.id, req.body ?? {}),
    }),
  });

  app.route({
    ...contractRoute(calls.deliver, {
      tags,
      summary: 'Mark a paid order Delivered (admin); the customer may then review it',
      errors: [400, 401, 403, 404, 409],
    }),
    config: { auth: 'admin' },
    handler: async (req) => ({
      acknowledged: true as const,
      order: await deliverOrder(deps, currentUser(req), req.params.id),
    }),
  });

  app.route({
    ...contractRoute(calls.pay, {
      tags,
      summary: 'Mark an order paid once the provider confirms the payment (idempotent)',
      errors: [400, 401, 402, 403, 404, 409],
    }),
    // Paying an order that had expired takes its stock again.
    config: { auth: 'user', idempotent: true, invalidates: ['catalogue'] },
    handler: async (req) => {
      // Before asking the provider: a checkout's line has no payment of its own to verify.
      await assertNotCheckoutLine(deps.db, req.params.id);
      const verified = await opts.verifyPayment({
        orderId: req.params.id,
        transactionId: req.body.transactionId,
      });
      const payment = { ...verified, phone: req.body.phone };
      return { acknowledged: true as const, order: await payOrder(deps, payment, currentUser(req)) };
    },
  });
};
