import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogueAdminRoutes } from './catalogue-admin.routes';
import { catalogueCsvRoutes } from './catalogue-csv.routes';
import { catalogueRoutes } from './catalogue.routes';
import { documentsRoutes } from './documents.routes';
import { catalogueSearchRoutes } from './search.routes';

/** The catalogue feature: products, search, the admin's product and category edits, CSV import/export, documents. */
export const catalogueFeature: FastifyPluginAsyncZod = async (app) => {
  await app.register(catalogueRoutes);
  await app.register(catalogueSearchRoutes);
  await app.register(catalogueAdminRoutes);
  await app.register(catalogueCsvRoutes);
  await app.register(documentsRoutes);
};
