import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companiesContract as calls } from '@shared/companies/companies.contract';
import { MAX_PRICE_LIST_CSV_BYTES, MAX_PRICE_RULES } from '@shared/companies/price-lists.schema';
import { currentUser } from '../../http/auth-guard';
import { contractRoute } from '../../http/contract-route';
import { pagedListDescription } from '../../http/openapi';
import { receiveSmallCsv } from '../../infra/csv';
import { sendPage } from '../../infra/keyset';
import { exportPriceListCsv, importPriceListCsv } from './price-lists-csv.service';
import { addPriceList, deletePriceList, listPriceLists, updatePriceList } from './price-lists.service';

const tags = ['companies'];
const admin = { auth: 'admin' } as const;

/** Contract prices (docs/decisions/039-trade-accounts.md): the shop's admins keep each company's price lists. */
export const priceListsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  await app.register(multipart, {
    limits: { fileSize: MAX_PRICE_LIST_CSV_BYTES, files: 1, fields: 0, parts: 1 },
  });
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
  app.route({
    ...contractRoute(calls.exportPriceList, {
      tags,
      summary:
        "A price list's rules as CSV (admin): one row per rule, columns kind,sku,category,brand,price,percent_off; prices in dollars",
      produces: ['text/csv'],
      errors: [400, 401, 403, 404],
    }),
    config: admin,
    handler: async (req, reply) => {
      const { fileName, csv } = await exportPriceListCsv(db, req.params.id, req.params.itemId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  });
  app.route({
    ...contractRoute(calls.importPriceList, {
      tags,
      summary: `Replace a price list's rules by a CSV's (admin, multipart field "file", at most ${MAX_PRICE_LIST_CSV_BYTES / 1024 / 1024} MB and ${MAX_PRICE_RULES} rows), all or nothing`,
      description:
        "The columns are the export's. Every row is checked as the JSON calls check a rule; the answer is a row " +
        "report (`status` done, or rejected with each bad row's line, column and message, nothing written). " +
        'An empty file, a wrong header or a file that is not CSV is a 400 naming `file`.',
      consumes: ['multipart/form-data'],
      errors: [400, 401, 403, 404, 413],
    }),
    config: admin,
    handler: async (req) =>
      importPriceListCsv(
        db,
        currentUser(req),
        req.params.id,
        req.params.itemId,
        await receiveSmallCsv(req, MAX_PRICE_LIST_CSV_BYTES),
      ),
  });
};
