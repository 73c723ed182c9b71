import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HOME_PRODUCT_COUNT, productListSchema, productSchema } from '../../../shared/catalogue/catalogue.schema';
import { idParamsSchema } from '../../../shared/common/common.schema';
import { errorResponses } from '../../lib/openapi';
import { getProduct, listProducts } from './catalogue.service';

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

  app.get(
    '/product/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['catalogue'],
        summary: 'One product (logged in, SPEC §7)',
        params: idParamsSchema,
        response: { 200: productSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => getProduct(app.database.db, req.params.id),
  );
};
