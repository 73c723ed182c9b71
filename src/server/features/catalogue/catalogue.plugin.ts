import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogueAdminRoutes } from './catalogue-admin.routes';
import { catalogueReadRoutes } from './catalogue-reads.routes';
import { catalogueRoutes } from './catalogue.routes';
import { documentsRoutes } from './documents.routes';

/**
 * The catalogue feature: products, categories, their spec attributes, documents, and the admin's edits of them.
 * Search and the CSV import/export are features of their own (decision 071).
 */
export const catalogueFeature: FastifyPluginAsyncZod = async (app) => {
  await app.register(catalogueRoutes);
  await app.register(catalogueReadRoutes);
  await app.register(catalogueAdminRoutes);
  await app.register(documentsRoutes);
};
