import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ordersContract as calls } from '@shared/orders/orders.contract';
import { contractRoute } from '../../http/contract-route';
import { currentUser } from '../../http/auth-guard';
import { orderTimeline, orderWithDocuments } from './orders.timeline';

const tags = ['orders'];

/** What happened to an order, and the invoice and credit notes it got (its owner or an admin). */
export const orderDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.orderDeps;

  app.route({
    ...contractRoute(calls.invoices, {
      tags,
      summary:
        "An order's invoice (its own or its checkout's) and credit notes, oldest first (owner or admin)",
      errors: [400, 401, 403, 404],
    }),
    config: { auth: 'user', apiScope: 'invoices:read' },
    handler: async (req) => (await orderWithDocuments(deps, currentUser(req), req.params.id)).documents,
  });

  app.route({
    ...contractRoute(calls.timeline, {
      tags,
      summary:
        "An order's history, oldest first: placed, paid, invoiced, delivered, cancelled, expired, refunded (owner or admin; who did it: admins only)",
      errors: [400, 401, 403, 404],
    }),
    config: { auth: 'user' },
    handler: async (req) => orderTimeline(deps, currentUser(req), req.params.id),
  });
};
