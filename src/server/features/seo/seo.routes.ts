import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productSlug } from '@shared/catalogue/product-slug';
import { paths } from '@shared/common/web-paths';
import { notFound } from '../../infra/errors';
import { listedProductName } from '../catalogue/index';
import {
  categoriesSitemap,
  newsSitemap,
  productsSitemap,
  robotsTxt,
  sitemapIndex,
  type SitemapSite,
} from './sitemap.service';

// Crawlers come back daily at most; an hour keeps a sitemap from being rebuilt per request while staying fresh.
const SITEMAP_CACHE = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What crawlers read outside the app: robots.txt and the sitemaps (outside /api, where crawlers look for them). */
export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const site = (): SitemapSite => ({
    db: app.database.db,
    baseUrl: app.config.baseUrl,
    publicProductPages: app.config.publicProductPages,
  });
  const hide = { hide: true };

  app.get('/robots.txt', { schema: hide }, (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(robotsTxt(app.config.baseUrl)),
  );

  app.get('/sitemap.xml', { schema: hide }, async (_req, reply) =>
    reply
      .type(XML)
      .header('cache-control', SITEMAP_CACHE)
      .send(await sitemapIndex(site())),
  );

  app.get('/sitemaps/categories.xml', { schema: hide }, async (_req, reply) =>
    reply
      .type(XML)
      .header('cache-control', SITEMAP_CACHE)
      .send(await categoriesSitemap(site())),
  );

  app.get('/sitemaps/news.xml', { schema: hide }, (_req, reply) =>
    reply.type(XML).header('cache-control', SITEMAP_CACHE).send(newsSitemap(site())),
  );

  app.get(
    '/sitemaps/products-:part.xml',
    { schema: { ...hide, params: z.object({ part: z.coerce.number().int().min(1).max(10_000) }) } },
    async (req, reply) => {
      const body = await productsSitemap(site(), req.params.part);
      if (!body) throw notFound('Sitemap');
      return reply.type(XML).header('cache-control', SITEMAP_CACHE).send(body);
    },
  );

  // A product page's canonical URL carries the slug of its current name. An outdated slug (the product was renamed,
  // or a link was typed by hand) answers 301 to the current URL, so old links and search results keep working and
  // pass their standing to it; the current slug is the web app's page. Ids that are not products fall through to the
  // web app too, which says the product is not there.
  app.get(
    paths.productNamed(':id'),
    { schema: { ...hide, params: z.object({ id: z.string(), slug: z.string() }) } },
    async (req, reply) => {
      const { id, slug } = req.params;
      const name = UUID.test(id) ? await listedProductName(app.database.db, id) : undefined;
      if (name === undefined || slug === productSlug(name)) return reply.callNotFound();
      const query = req.url.indexOf('?');
      const target = paths.productNamed(id, productSlug(name)) + (query < 0 ? '' : req.url.slice(query));
      return reply.header('cache-control', 'public, max-age=3600').redirect(target, 301);
    },
  );
};
