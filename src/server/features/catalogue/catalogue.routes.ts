import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HOME_PRODUCT_COUNT, productListSchema } from '../../../shared/catalogue/catalogue.schema';
import { errorResponses } from '../../lib/openapi';
import { listProducts } from './catalogue.service';

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'All products, newest first',
        response: { 200: productListSchema, ...errorResponses(500) },
      },
    },
    async () => listProducts(app.database.db),
  );

  app.get(
    '/homeproduct',
    {
      schema: {
        tags: ['catalogue'],
        summary: `The products featured on the home page (the ${HOME_PRODUCT_COUNT} newest)`,
        response: { 200: productListSchema, ...errorResponses(500) },
      },
    },
    async () => listProducts(app.database.db, HOME_PRODUCT_COUNT),
  );
};
