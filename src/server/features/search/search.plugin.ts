import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogueSearchRoutes } from './search.routes';

/** Catalogue search (decision 071): GET /api/catalogue/search and /suggest, answered by either engine. */
export const searchFeature: FastifyPluginAsyncZod = async (app) => {
  await app.register(catalogueSearchRoutes);
};
