import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@shared/common/common.schema';
import { invoiceListSchema } from '@shared/invoices/invoices.schema';
import { timelineSchema } from '@shared/invoices/timeline.schema';
import { errorResponses } from '../../http/openapi';
import { currentUser } from '../../http/auth-guard';
import { orderTimeline, orderWithDocuments } from './orders.timeline';

const tags = ['orders'];

/** What happened to an order, and the invoice and credit notes it got (its owner or an admin). */
export const orderDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.orderDeps;

  app.get(
    '/order/:id/invoices',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary:
          "An order's invoice (its own or its checkout's) and credit notes, oldest first (owner or admin)",
        params: idParamsSchema,
        response: { 200: invoiceListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => (await orderWithDocuments(deps, currentUser(req), req.params.id)).documents,
  );

  app.get(
    '/order/:id/timeline',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary:
          "An order's history, oldest first: placed, paid, invoiced, delivered, cancelled, expired, refunded (owner or admin; who did it: admins only)",
        params: idParamsSchema,
        response: { 200: timelineSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => orderTimeline(deps, currentUser(req), req.params.id),
  );
};
