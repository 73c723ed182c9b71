import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companiesContract as calls } from '@shared/companies/companies.contract';
import { currentUser } from '../../http/auth-guard';
import { contractRoute } from '../../http/contract-route';
import { pagedListDescription } from '../../http/openapi';
import { sendPage } from '../../infra/keyset';
import { addPriceList, deletePriceList, listPriceLists, updatePriceList } from './price-lists.service';

const tags = ['companies'];
const admin = { auth: 'admin' } as const;

/** Contract prices (docs/decisions/039-trade-accounts.md): the shop's admins keep each company's price lists. */
export const priceListsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.route({
    ...contractRoute(calls.priceLists, {
      tags,
      summary: "A company's contract price lists with their rules, newest first (admin, at most 20 a page)",
      description: pagedListDescription,
      errors: [400, 401, 403, 404],
    }),
    config: admin,
    handler: async (req, reply) => sendPage(req, reply, await listPriceLists(db, req.params.id, req.query)),
  });
  app.route({
    ...contractRoute(calls.addPriceList, {
      tags,
      summary:
        'Add a price list: validity days and rules (fixed SKU prices, percent off a category or brand)',
      errors: [400, 401, 403, 404, 409],
    }),
    config: admin,
    handler: async (req, reply) =>
      reply.code(201).send(await addPriceList(db, currentUser(req), req.params.id, req.body)),
  });
  app.route({
    ...contractRoute(calls.updatePriceList, {
      tags,
      summary: "Replace a price list's name, validity and rules (admin)",
      errors: [400, 401, 403, 404, 409],
    }),
    config: admin,
    handler: async (req) => updatePriceList(db, currentUser(req), req.params.id, req.params.itemId, req.body),
  });
  app.route({
    ...contractRoute(calls.deletePriceList, {
      tags,
      summary: 'Delete a price list and its rules (admin)',
      errors: [400, 401, 403, 404],
    }),
    config: admin,
    handler: async (req) => deletePriceList(db, currentUser(req), req.params.id, req.params.itemId),
  });
};
