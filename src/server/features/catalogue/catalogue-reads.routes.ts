import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogueContract as calls } from '@shared/catalogue/catalogue.contract';
import { contractRoute } from '../../http/contract-route';
import { categoryTree } from './categories.service';
import { replyWithContractPrices } from './contract-reads';
import { productDetail } from './product-detail.service';

/**
 * The public catalogue's reads beside search, cached per catalogue version as search is: the category tree and the
 * product page's data.
 */
export const catalogueReadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(calls.categories, {
      tags: ['catalogue'],
      summary: 'The category tree, depth-first, with product counts (descendants included)',
    }),
    handler: (req, reply) =>
      app.readCache.reply(req, reply, 'catalogue', 'categories', () => categoryTree(app.database.db)),
  });

  app.route({
    ...contractRoute(calls.productDetail, {
      tags: ['catalogue'],
      summary: 'A product with breadcrumbs, its specs and their definitions, and related products',
      errors: [400, 404],
    }),
    config: { auth: 'optional' },
    handler: (req, reply) =>
      replyWithContractPrices(
        app,
        req,
        reply,
        `detail:${req.params.id}`,
        () => productDetail(app.database.db, req.params.id),
        (body) => [body.product, ...body.related],
      ),
  });
};
