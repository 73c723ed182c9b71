import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailParamsSchema } from '@shared/accounts/accounts.schema';
import { idParamsSchema } from '@shared/common/common.schema';
import {
  orderCreatedSchema,
  orderCreateSchema,
  orderListSchema,
  orderSchema,
  orderUpdatedSchema,
} from '@shared/orders/orders.schema';
import { AppError } from '../../lib/errors';
import { errorResponses } from '../../lib/openapi';
import { assertSelfOrAdmin, currentUser } from '../../plugins/auth-guard';
import { sendOrderMail } from '../payments/payments.service';
import {
  cancelOrder,
  deliverOrder,
  getOrder,
  listAllOrders,
  listOrdersOf,
  placeOrder,
  toOrder,
} from './orders.service';
import { countOrderPlaced } from '../../lib/metrics';

const tags = ['orders'];

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const expiry = app.config.orderExpiryMs;
  const holdRules = { expiryMs: expiry, limits: app.config.orderLimits };

  app.post(
    '/order/:email',
    {
      config: { auth: 'user', idempotent: true, invalidates: ['catalogue'] },
      schema: {
        tags,
        summary:
          "Place an order for the caller's own email; name and price come from the catalogue, stock is reserved",
        params: emailParamsSchema,
        body: orderCreateSchema,
        response: { 200: orderCreatedSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const customer = currentUser(req);
      if (customer.email.toLowerCase() !== req.params.email.toLowerCase()) {
        throw new AppError('forbidden', 'You can only place orders for your own account.');
      }
      const row = countOrderPlaced(await placeOrder(db, customer, req.body, holdRules));
      void sendOrderMail(app, 'placed', row);
      return {
        acknowledged: true as const,
        insertedId: row.id,
        message: `Your order for ${row.quantity} × ${row.productName} is placed. Please pay for it to confirm it.`,
      };
    },
  );

  app.get(
    '/myorder/:email',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Orders of one customer, newest first (self or admin)',
        params: emailParamsSchema,
        response: { 200: orderListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      assertSelfOrAdmin(currentUser(req), req.params.email);
      return (await listOrdersOf(db, req.params.email)).map((r) => toOrder(r, expiry));
    },
  );

  app.get(
    '/order',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Every order, newest first (admin)',
        response: { 200: orderListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => (await listAllOrders(db)).map((r) => toOrder(r, expiry)),
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
    async (req) => toOrder(await getOrder(db, currentUser(req), req.params.id), expiry),
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
      order: toOrder(await cancelOrder(db, currentUser(req), req.params.id), expiry),
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
    async (req) => {
      const row = await deliverOrder(db, currentUser(req), req.params.id);
      void sendOrderMail(app, 'delivered', row);
      return { acknowledged: true as const, order: toOrder(row, expiry) };
    },
  );
};
