import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogueContract as calls } from '@shared/catalogue/catalogue.contract';
import { contractRoute } from '../../http/contract-route';
import { queryKey } from '../../infra/read-cache';
import { replyWithContractPrices } from '../catalogue/index';
import { answerSearchesEarly } from './search-early';
import { catalogueSearch } from './search.engine';
import { WholeCatalogueMemo } from './whole-catalogue';

/**
 * Every answer here is cached per catalogue version (any product, stock or price change drops it on every instance).
 * The public catalogue's search with facets and the navbar's suggestions; the category tree and the product page's
 * data are the catalogue's own (catalogue-reads.routes.ts).
 */
export const catalogueSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.searchIndex) answerSearchesEarly(app, app.searchIndex);
  const whole = new WholeCatalogueMemo(() => app.readCache.cache.version('catalogue'));
  const engine = catalogueSearch(app.database.db, app.searchIndex, whole);
  app.route({
    ...contractRoute(calls.search, {
      tags: ['catalogue'],
      summary: 'Search and browse the catalogue: text, filters, facets, sort, paging',
      description:
        'Text is typo-tolerant and matches name, SKU, brand, category, spec values and description; exact and ' +
        'prefix SKU matches rank first. Ranges are `min..max` (either end optional): `price` in dollars, ' +
        '`spec.<key>` in the spec’s canonical unit (bar, L/min, kW, L, V, kg, dB(A), N·m), e.g. ' +
        '`spec.pressure=6..10&spec.airflow=1000..`. Facets count the products matching the whole query. Page ' +
        'with `page` (up to 10,000 results) or with `cursor` = the previous `nextCursor` (no gaps or repeats ' +
        'while products are added).',
      errors: [400],
    }),
    // Optional sign-in: a member's cards carry their contract prices (never cached for others).
    config: { auth: 'optional' },
    handler: (req, reply) =>
      replyWithContractPrices(
        app,
        req,
        reply,
        queryKey('search', req.query),
        () => engine.search(req.query),
        (body) => body.items,
      ),
  });

  app.route({
    ...contractRoute(calls.suggest, {
      tags: ['catalogue'],
      summary: 'Suggestions as you type: a few products, categories and SKUs',
      errors: [400],
    }),
    // Optional sign-in, as search: a member's suggested products carry their contract prices (never cached for others).
    config: { auth: 'optional' },
    handler: (req, reply) =>
      replyWithContractPrices(
        app,
        req,
        reply,
        queryKey('suggest', req.query),
        () => engine.suggest(req.query.q),
        (body) => body.products,
      ),
  });
};
