import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailParamsSchema } from '@shared/accounts/accounts.schema';
import { idParamsSchema } from '@shared/common/common.schema';
import {
  orderCreatedSchema,
  orderCreateSchema,
  orderListSchema,
  orderPaySchema,
  orderSchema,
  orderUpdatedSchema,
} from '@shared/orders/orders.schema';
import { myOrdersQuerySchema, orderListQuerySchema } from '@shared/orders/orders-list.schema';
import { sendPage } from '../../infra/keyset';
import { errorResponses, pagedListDescription } from '../../http/openapi';
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
  placeOrder,
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

  app.post(
    '/order/:email',
    {
      config: {
        auth: 'user',
        self: { param: 'email', message: 'You can only place orders for your own account.' },
        idempotent: true,
        invalidates: ['catalogue'],
      },
      schema: {
        tags,
        summary:
          "Place an order for the caller's own email; name and price come from the catalogue, stock is reserved",
        params: emailParamsSchema,
        body: orderCreateSchema,
        response: { 200: orderCreatedSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => placeOrder(deps, currentUser(req), req.body),
  );

  app.get(
    '/myorder/:email',
    {
      config: { auth: 'user', selfOrAdmin: 'email' },
      schema: {
        tags,
        summary: 'Orders of one customer, newest first, a page at a time (self or admin)',
        description: pagedListDescription,
        params: emailParamsSchema,
        querystring: myOrdersQuerySchema,
        response: { 200: orderListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => sendPage(req, reply, await listOrdersOf(deps, req.params.email, req.query)),
  );

  app.get(
    '/order',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Every order, newest first, a page at a time (admin)',
        description: pagedListDescription,
        querystring: orderListQuerySchema,
        response: { 200: orderListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => sendPage(req, reply, await listAllOrders(deps, req.query)),
  );

  app.get(
    '/singleorderitem/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'One order (its owner or an admin)',
        params: idParamsSchema,
        response: { 200: orderSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => getOrder(deps, currentUser(req), req.params.id),
  );

  app.delete(
    '/order/:id',
    {
      config: { auth: 'user', invalidates: ['catalogue'] },
      schema: {
        tags,
        summary: 'Cancel an unpaid order (its owner or an admin); kept as Cancelled, stock released',
        params: idParamsSchema,
        response: { 200: orderUpdatedSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => ({
      acknowledged: true as const,
      order: await cancelOrder(deps, currentUser(req), req.params.id),
    }),
  );

  app.post(
    '/order/:id/refund',
    {
      config: { auth: 'admin', idempotent: true, invalidates: ['catalogue'] },
      schema: {
        tags,
        summary:
          'Cancel a paid, undelivered order and refund it in full through the payment provider (admin); stock returns',
        params: idParamsSchema,
        response: { 200: orderUpdatedSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => ({
      acknowledged: true as const,
      order: await refundPaidOrder(deps, currentUser(req), req.params.id),
    }),
  );

  app.put(
    '/delivery/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Mark a paid order Delivered (admin); the customer may then review it',
        params: idParamsSchema,
        response: { 200: orderUpdatedSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => ({
      acknowledged: true as const,
      order: await deliverOrder(deps, currentUser(req), req.params.id),
    }),
  );

  app.put(
    '/order/:id',
    {
      // Paying an order that had expired takes its stock again.
      config: { auth: 'user', idempotent: true, invalidates: ['catalogue'] },
      schema: {
        tags,
        summary: 'Mark an order paid once the provider confirms the payment (idempotent)',
        params: idParamsSchema,
        body: orderPaySchema,
        response: { 200: orderUpdatedSchema, ...errorResponses(400, 401, 402, 403, 404, 409) },
      },
    },
    async (req) => {
      // Before asking the provider: a checkout's line has no payment of its own to verify.
      await assertNotCheckoutLine(deps.db, req.params.id);
      const verified = await opts.verifyPayment({
        orderId: req.params.id,
        transactionId: req.body.transactionId,
      });
      const payment = { ...verified, phone: req.body.phone };
      return { acknowledged: true as const, order: await payOrder(deps, payment, currentUser(req)) };
    },
  );
};
