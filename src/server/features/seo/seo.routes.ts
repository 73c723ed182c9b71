import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../infra/errors';
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
};
