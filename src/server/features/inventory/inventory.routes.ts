import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@shared/common/common.schema';
import { stockHistoryQuerySchema, stockHistorySchema } from '@shared/inventory/inventory.schema';
import { errorResponses } from '../../lib/openapi';
import { listMovements } from './inventory.service';

export const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/inventory/products/:id/movements',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['inventory'],
        summary:
          "A product's stock movements, newest first (admin); page with `before` = the previous `nextBefore`",
        params: idParamsSchema,
        querystring: stockHistoryQuerySchema,
        response: { 200: stockHistorySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => listMovements(app.database.db, req.params.id, req.query),
  );
};
