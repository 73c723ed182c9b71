import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { overviewSchema } from '@shared/overview/overview.schema';
import { errorResponses } from '../../http/openapi';
import { storeOverview } from './overview.service';

export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/overview',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['overview'],
        summary: 'Revenue, orders by status, low stock and newest orders (admin)',
        response: { 200: overviewSchema, ...errorResponses(401, 403) },
      },
    },
    async () => storeOverview(app.database.db),
  );
};
