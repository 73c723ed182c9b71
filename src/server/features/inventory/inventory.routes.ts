import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@shared/common/common.schema';
import {
  backInStockSchema,
  stockHistoryQuerySchema,
  stockHistorySchema,
} from '@shared/inventory/inventory.schema';
import { errorResponses } from '../../http/openapi';
import { currentUser } from '../../http/auth-guard';
import {
  isWaiting,
  listMovements,
  requestNotice,
  withdrawNotice,
  type OrderNumbersOf,
} from './inventory.service';

export const inventoryRoutes: FastifyPluginAsyncZod<{ orderNumbers: OrderNumbersOf }> = async (app, opts) => {
  app.get(
    '/inventory/products/:id/movements',
    {
      config: { auth: 'admin', apiScope: 'products:read' },
      schema: {
        tags: ['inventory'],
        summary:
          "A product's stock movements, newest first (admin); page with `before` = the previous `nextBefore`",
        params: idParamsSchema,
        querystring: stockHistoryQuerySchema,
        response: { 200: stockHistorySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => listMovements(app.database.db, req.params.id, req.query, opts.orderNumbers),
  );

  const db = app.database.db;
  const notifyMe = '/product/:id/notify-me';

  app.get(
    notifyMe,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['inventory'],
        summary: 'Whether the caller waits for a mail when this product can be ordered again',
        params: idParamsSchema,
        response: { 200: backInStockSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => ({ waiting: await isWaiting(db, currentUser(req).id, req.params.id) }),
  );

  app.post(
    notifyMe,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['inventory'],
        summary:
          'Mail me once when this product can be ordered again; 403 until my address is verified, 409 when it can be ordered now (repeating is harmless)',
        params: idParamsSchema,
        response: { 200: backInStockSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      await requestNotice(db, currentUser(req), req.params.id);
      return { waiting: true };
    },
  );

  app.delete(
    notifyMe,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['inventory'],
        summary: 'Withdraw the back-in-stock request for this product (none is fine)',
        params: idParamsSchema,
        response: { 200: backInStockSchema, ...errorResponses(400, 401) },
      },
    },
    async (req) => {
      await withdrawNotice(db, currentUser(req).id, req.params.id);
      return { waiting: false };
    },
  );
};
