import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@shared/common/common.schema';
import {
  categoryTreeSchema,
  productDetailSchema,
  searchQuerySchema,
  searchResultSchema,
  suggestQuerySchema,
  suggestResultSchema,
} from '@shared/catalogue/search.schema';
import { errorResponses } from '../../http/openapi';
import { queryKey } from '../../infra/read-cache';
import { categoryTree } from './categories.service';
import { productDetail } from './product-detail.service';
import { searchCatalogue } from './search.service';
import { suggest } from './suggest.service';

/**
 * Every answer here is cached per catalogue version (any product, stock or price change drops it on every instance).
 * The public catalogue: search with facets, the category tree, navbar suggestions and the product page's data. */
export const catalogueSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/catalogue/search',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Search and browse the catalogue: text, filters, facets, sort, paging',
        description:
          'Text is typo-tolerant and matches name, SKU, brand, category, spec values and description; exact and ' +
          'prefix SKU matches rank first. Ranges are `min..max` (either end optional): `price` in dollars, ' +
          '`spec.<key>` in the spec’s canonical unit (bar, L/min, kW, L, V, kg, dB(A), N·m), e.g. ' +
          '`spec.pressure=6..10&spec.airflow=1000..`. Facets count the products matching the whole query. Page ' +
          'with `page` (up to 10,000 results) or with `cursor` = the previous `nextCursor` (no gaps or repeats ' +
          'while products are added).',
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema, ...errorResponses(400) },
      },
    },
    (req, reply) =>
      app.readCache.reply(req, reply, 'catalogue', queryKey('search', req.query), () =>
        searchCatalogue(app.database.db, req.query),
      ),
  );

  app.get(
    '/catalogue/categories',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The category tree, depth-first, with product counts (descendants included)',
        response: { 200: categoryTreeSchema },
      },
    },
    (req, reply) =>
      app.readCache.reply(req, reply, 'catalogue', 'categories', () => categoryTree(app.database.db)),
  );

  app.get(
    '/catalogue/suggest',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Suggestions as you type: a few products, categories and SKUs',
        querystring: suggestQuerySchema,
        response: { 200: suggestResultSchema, ...errorResponses(400) },
      },
    },
    (req, reply) =>
      app.readCache.reply(req, reply, 'catalogue', queryKey('suggest', req.query), () =>
        suggest(app.database.db, req.query.q),
      ),
  );

  app.get(
    '/catalogue/products/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'A product with breadcrumbs, its specs and their definitions, and related products',
        params: idParamsSchema,
        response: { 200: productDetailSchema, ...errorResponses(400, 404) },
      },
    },
    (req, reply) =>
      app.readCache.reply(req, reply, 'catalogue', `detail:${req.params.id}`, () =>
        productDetail(app.database.db, req.params.id),
      ),
  );
};
