import fp from 'fastify-plugin';
import { defineFeature } from '../../http/feature';
import { shellPages } from './page-cache';
import { seoRoutes } from './seo.routes';

/**
 * What crawlers read at the site's root (robots.txt, the sitemaps), and `app.shellPage`: the title, description,
 * canonical URL, structured data and no-script rendering of each public page's shell (decision 048), which the web
 * app's plugin, registered last, fills in.
 */
const seoAtRoot = fp(
  async (app) => {
    await app.register(seoRoutes);
    app.decorate('shellPage', shellPages(app));
  },
  { name: 'seo' },
);

export const feature = defineFeature({ name: 'seo', root: seoAtRoot });
