import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contractPriceShape,
  HOME_PRODUCT_COUNT,
  productCardPricingSchema,
  productCreateSchema,
  productListSchema,
  productSchema,
  productUpdateSchema,
} from '@shared/catalogue/catalogue.schema';
import { z } from 'zod';
import { currentUser } from '../../http/auth-guard';
import { idParamsSchema } from '@shared/common/common.schema';
import { catalogueContract } from '@shared/catalogue/catalogue.contract';
import { contractRoute } from '../../http/contract-route';
import { replyWithContractPrices } from './contract-reads';
import { errorResponses } from '../../http/openapi';
import { getProduct, newestProducts, productChunks } from './catalogue.service';
import { archiveProduct, createProduct, restoreProduct, updateProduct } from './product-writes.service';

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  // A product edit that brings it back mails the customers waiting for it.
  const notify = {
    mailer: app.mailer,
    shopName: app.config.shop.name,
    baseUrl: app.config.baseUrl,
    staffEmails: app.config.staffEmails,
  };
  const { publicProductPages } = app.config;
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
        summary: `The products featured on the home page (the ${HOME_PRODUCT_COUNT} newest), with their cards' pack size and "from" price`,
        response: {
          200: z.array(productSchema.extend(productCardPricingSchema.shape).extend(contractPriceShape)),
          ...errorResponses(500),
        },
      },
      // Optional sign-in: a member's tiles carry their contract prices (never cached for others).
      config: { auth: 'optional' },
    },
    (req, reply) =>
      replyWithContractPrices(
        app,
        req,
        reply,
        'homeproduct',
        () => newestProducts(app.database.db, HOME_PRODUCT_COUNT),
        (body) => body,
      ),
  );

  app.route({
    ...contractRoute(catalogueContract.product, {
      tags: ['catalogue'],
      summary:
        'One product with its pack size and price breaks (logged in, or anyone with PUBLIC_PRODUCT_PAGES)',
      errors: [400, 401, 404],
    }),
    // The spec puts product pages behind login; a shop that wants them found and shared opens them to everyone.
    config: { auth: publicProductPages ? 'optional' : 'user', apiScope: 'products:read' },
    // The same for every caller: browsers may keep it; shared caches only when it is not behind sign-in.
    // A signed-in member also gets their contract price, added after the shared cached read (decision 039).
    handler: (req, reply) =>
      replyWithContractPrices(
        app,
        req,
        reply,
        `product:${req.params.id}`,
        () => getProduct(app.database.db, req.params.id),
        (body) => [body],
        publicProductPages ? 'public, no-cache' : 'private, no-cache',
      ),
  });

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
      // An integration (an ERP) keeps price and stock in step; everything else about a product stays the admins'.
      config: {
        auth: 'admin',
        invalidates: ['catalogue'],
        apiScope: 'products:write',
        apiFields: ['price', 'priceBreaks', 'quantity', 'lowStockThreshold'],
      },
      schema: {
        tags: ['catalogue'],
        summary:
          'Edit a product: name, price, stock, minimum order, pack size, price breaks, description, image (admin)',
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
      product: await updateProduct(app.database.db, currentUser(req), req.params.id, req.body, notify),
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

  app.route({
    ...contractRoute(catalogueContract.restoreProduct, {
      tags: ['catalogue'],
      summary: 'Restore a deleted product to the catalogue as it was; 409 when it is not deleted (admin)',
      errors: [400, 401, 403, 404, 409],
    }),
    config: { auth: 'admin', invalidates: ['catalogue'] },
    handler: async (req) => ({
      acknowledged: true as const,
      product: await restoreProduct(app.database.db, currentUser(req), req.params.id),
    }),
  });
};
