import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HOME_PRODUCT_COUNT,
  productCreateSchema,
  productListSchema,
  productSchema,
  productUpdateSchema,
} from '@shared/catalogue/catalogue.schema';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth-guard';
import { idParamsSchema } from '@shared/common/common.schema';
import { errorResponses } from '../../lib/openapi';
import {
  archiveProduct,
  createProduct,
  getProduct,
  listProducts,
  productChunks,
  updateProduct,
} from './catalogue.service';

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
    // Built once per catalogue version, serialized chunk by chunk as it is read, and sent pre-compressed: at
    // 100,000 products this is tens of megabytes.
    (req, reply) =>
      app.readCache.reply(req, reply, 'catalogue', 'products', async () => productChunks(app.database.db)),
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
    (req, reply) =>
      app.readCache.reply(req, reply, 'catalogue', 'homeproduct', () =>
        listProducts(app.database.db, HOME_PRODUCT_COUNT),
      ),
  );

  app.get(
    '/product/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['catalogue'],
        summary: 'One product (logged in)',
        params: idParamsSchema,
        response: { 200: productSchema, ...errorResponses(400, 401, 404) },
      },
    },
    // The same for every signed-in caller, but behind sign-in: browsers may keep it, shared caches may not.
    (req, reply) =>
      app.readCache.reply(
        req,
        reply,
        'catalogue',
        `product:${req.params.id}`,
        () => getProduct(app.database.db, req.params.id),
        'private, no-cache',
      ),
  );

  app.post(
    '/product',
    {
      config: { auth: 'admin', invalidates: ['catalogue'] },
      schema: {
        tags: ['catalogue'],
        summary: 'Add a product (admin)',
        body: productCreateSchema,
        response: {
          200: z.object({ acknowledged: z.literal(true), insertedId: z.string(), product: productSchema }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (req) => {
      const product = await createProduct(app.database.db, currentUser(req), req.body);
      return { acknowledged: true as const, insertedId: product._id, product };
    },
  );

  app.put(
    '/product/:id',
    {
      config: { auth: 'admin', invalidates: ['catalogue'] },
      schema: {
        tags: ['catalogue'],
        summary: 'Edit a product: price, stock, minimum order, description, image (admin)',
        params: idParamsSchema,
        body: productUpdateSchema,
        response: {
          200: z.object({ acknowledged: z.literal(true), product: productSchema }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (req) => ({
      acknowledged: true as const,
      product: await updateProduct(app.database.db, currentUser(req), req.params.id, req.body),
    }),
  );

  app.delete(
    '/product/:id',
    {
      config: { auth: 'admin', invalidates: ['catalogue'] },
      schema: {
        tags: ['catalogue'],
        summary: 'Delete (archive) a product: it leaves the catalogue; its orders and reviews stay (admin)',
        params: idParamsSchema,
        response: {
          200: z.object({ acknowledged: z.literal(true) }),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (req) => {
      await archiveProduct(app.database.db, currentUser(req), req.params.id);
      return { acknowledged: true as const };
    },
  );
};
