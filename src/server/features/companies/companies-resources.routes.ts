import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companiesContract as calls } from '@shared/companies/companies.contract';
import { currentUser } from '../../http/auth-guard';
import { contractRoute } from '../../http/contract-route';
import { pagedListDescription } from '../../http/openapi';
import { sendPage } from '../../infra/keyset';
import { companyInvoices, companyOrders, companyQuotes, reorderCompanyOrder } from './companies.activity';
import {
  addSharedList,
  deleteSharedList,
  listSharedLists,
  sharedListToCart,
  updateSharedList,
} from './companies.lists';
import {
  addLocation,
  deleteLocation,
  listCompanyExemptions,
  listLocations,
  updateLocation,
} from './companies.locations';

const tags = ['companies'];
const member = { auth: 'user' } as const;

/**
 * What a company holds besides its people: ship-to locations, members' exemptions, order/quote/invoice history and
 * shared lists. Registered by companiesRoutes in the same scope, so the same errors apply (403 outside the company).
 */
export const companyResourceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.route({
    ...contractRoute(calls.locations, {
      tags,
      summary: "A company's ship-to locations, newest first",
      description: pagedListDescription,
      errors: [400, 401, 403, 404],
    }),
    config: member,
    handler: async (req, reply) =>
      sendPage(req, reply, await listLocations(db, currentUser(req), req.params.id, req.query)),
  });
  app.route({
    ...contractRoute(calls.addLocation, {
      tags,
      summary: 'Add a location (company admin)',
      errors: [400, 401, 403, 404, 409],
    }),
    config: member,
    handler: async (req, reply) =>
      reply.code(201).send(await addLocation(db, currentUser(req), req.params.id, req.body)),
  });
  app.route({
    ...contractRoute(calls.updateLocation, {
      tags,
      summary: 'Edit a location (company admin)',
      errors: [400, 401, 403, 404, 409],
    }),
    config: member,
    handler: async (req) => updateLocation(db, currentUser(req), req.params.id, req.params.itemId, req.body),
  });
  app.route({
    ...contractRoute(calls.deleteLocation, {
      tags,
      summary: 'Remove a location (company admin)',
      errors: [400, 401, 403, 404],
    }),
    config: member,
    handler: async (req) => deleteLocation(db, currentUser(req), req.params.id, req.params.itemId),
  });
  app.route({
    ...contractRoute(calls.exemptions, {
      tags,
      summary:
        "Approved exemption certificates of the company's members, which a location may name (company admin)",
      errors: [400, 401, 403, 404],
    }),
    config: member,
    handler: async (req) => listCompanyExemptions(db, currentUser(req), req.params.id),
  });

  const history = (what: string) => ({
    tags,
    summary: `The company's ${what}, newest first, with who placed them (any member)`,
    description: pagedListDescription,
  });
  app.route({
    ...contractRoute(calls.orders, {
      ...history('orders (single orders and checkout lines)'),
      errors: [400, 401, 403, 404],
    }),
    config: member,
    handler: async (req, reply) =>
      sendPage(req, reply, await companyOrders(db, currentUser(req), req.params.id, req.query)),
  });
  app.route({
    ...contractRoute(calls.quotes, { ...history('requests for quote'), errors: [400, 401, 403, 404] }),
    config: member,
    handler: async (req, reply) =>
      sendPage(req, reply, await companyQuotes(db, currentUser(req), req.params.id, req.query)),
  });
  app.route({
    ...contractRoute(calls.invoices, {
      ...history('invoices and credit notes'),
      errors: [400, 401, 403, 404],
    }),
    config: member,
    handler: async (req, reply) =>
      sendPage(req, reply, await companyInvoices(db, currentUser(req), req.params.id, req.query)),
  });
  app.route({
    ...contractRoute(calls.reorder, {
      tags,
      summary: "Order a company order's product again, into the caller's own cart (any member)",
      errors: [400, 401, 403, 404, 409],
    }),
    config: member,
    handler: async (req) => reorderCompanyOrder(db, currentUser(req), req.params.id, req.params.itemId),
  });

  app.route({
    ...contractRoute(calls.lists, {
      tags,
      summary: "The company's shared lists with their lines, newest first (any member; at most 50 a page)",
      description: pagedListDescription,
      errors: [400, 401, 403, 404],
    }),
    config: member,
    handler: async (req, reply) =>
      sendPage(req, reply, await listSharedLists(db, currentUser(req), req.params.id, req.query)),
  });
  app.route({
    ...contractRoute(calls.addList, {
      tags,
      summary: 'Create a shared list of SKUs and quantities (company admin or buyer)',
      errors: [400, 401, 403, 404, 409],
    }),
    config: member,
    handler: async (req, reply) =>
      reply.code(201).send(await addSharedList(db, currentUser(req), req.params.id, req.body)),
  });
  app.route({
    ...contractRoute(calls.updateList, {
      tags,
      summary: 'Replace a shared list (company admin or buyer)',
      errors: [400, 401, 403, 404, 409],
    }),
    config: member,
    handler: async (req) =>
      updateSharedList(db, currentUser(req), req.params.id, req.params.itemId, req.body),
  });
  app.route({
    ...contractRoute(calls.deleteList, {
      tags,
      summary: 'Delete a shared list (company admin or buyer)',
      errors: [400, 401, 403, 404],
    }),
    config: member,
    handler: async (req) => deleteSharedList(db, currentUser(req), req.params.id, req.params.itemId),
  });
  app.route({
    ...contractRoute(calls.listToCart, {
      tags,
      summary:
        "Every line of a shared list into the caller's cart, by the cart's rules, saying what changed (any member)",
      errors: [400, 401, 403, 404, 409],
    }),
    config: member,
    handler: async (req) => sharedListToCart(db, currentUser(req), req.params.id, req.params.itemId),
  });
};
