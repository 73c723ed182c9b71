import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminProductListSchema, adminProductQuerySchema } from '@shared/catalogue/admin-products.schema';
import {
  adminCategoryListSchema,
  categoryCreateSchema,
  categoryUpdateSchema,
} from '@shared/catalogue/categories-admin.schema';
import { idParamsSchema, idSchema } from '@shared/common/common.schema';
import { catalogueContract } from '@shared/catalogue/catalogue.contract';
import { sendPage } from '../../infra/keyset';
import { contractRoute } from '../../http/contract-route';
import { errorResponses, pagedListDescription } from '../../http/openapi';
import { currentUser } from '../../http/auth-guard';
import { listAdminProducts } from './admin-products.service';
import { attributeUsage, removeAttribute } from './category-attributes.remove';
import { createAttribute, orderAttributes, updateAttribute } from './category-attributes.service';
import {
  createCategory,
  deleteCategory,
  listAdminCategories,
  updateCategory,
} from './categories-admin.service';

const tags = ['catalogue'];
const categoryChangedSchema = z.object({
  acknowledged: z.literal(true),
  category: z.object({
    _id: idSchema,
    slug: z.string(),
    name: z.string(),
    parent: z.string().nullable(),
    unspsc: z.string().nullable(),
  }),
});

/** Manage Products' list and the category tree's administration (admin only). */
export const catalogueAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/admin/products',
    {
      config: { auth: 'admin', apiScope: 'products:read' },
      schema: {
        tags,
        summary:
          'Live (or, with deleted=true, deleted) products with SKU and category, searched, filtered and sorted, a page at a time (admin)',
        description: pagedListDescription,
        querystring: adminProductQuerySchema,
        response: { 200: adminProductListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => sendPage(req, reply, await listAdminProducts(db, req.query)),
  );

  app.get(
    '/admin/categories',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary:
          'The category tree, depth-first, with product counts and the spec attributes of each (admin)',
        response: { 200: adminCategoryListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => listAdminCategories(db),
  );

  app.post(
    '/admin/categories',
    {
      config: { auth: 'admin', invalidates: ['catalogue'] },
      schema: {
        tags,
        summary: 'Create a category, at the top level or under a parent (admin)',
        body: categoryCreateSchema,
        response: { 200: categoryChangedSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (req) => ({
      acknowledged: true as const,
      category: await createCategory(db, currentUser(req), req.body),
    }),
  );

  app.put(
    '/admin/categories/:id',
    {
      config: { auth: 'admin', invalidates: ['catalogue'] },
      schema: {
        tags,
        summary: 'Rename a category and/or move it under another parent; never under itself (admin)',
        params: idParamsSchema,
        body: categoryUpdateSchema,
        response: { 200: categoryChangedSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => ({
      acknowledged: true as const,
      category: await updateCategory(db, currentUser(req), req.params.id, req.body),
    }),
  );

  app.delete(
    '/admin/categories/:id',
    {
      config: { auth: 'admin', invalidates: ['catalogue'] },
      schema: {
        tags,
        summary: 'Delete an empty category; 409 while it holds products or subcategories (admin)',
        params: idParamsSchema,
        response: {
          200: z.object({ acknowledged: z.literal(true) }),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (req) => {
      await deleteCategory(db, currentUser(req), req.params.id);
      return { acknowledged: true as const };
    },
  );

  // A category's spec attributes: the product form's spec fields, the catalogue's filters and the CSV's columns.
  const attributeRoute = { config: { auth: 'admin' as const, invalidates: ['catalogue' as const] } };
  app.route({
    ...contractRoute(catalogueContract.createAttribute, {
      tags,
      summary: "Add a spec attribute to a category (its products' spec field, filter and CSV column) (admin)",
      description:
        'The key is made from the name when absent. A key another category defines is shared when its type and unit agree (409 otherwise); a name or key already used in the branch is a 409.',
      errors: [400, 401, 403, 404, 409],
    }),
    ...attributeRoute,
    handler: async (req) => ({
      acknowledged: true as const,
      attributes: await createAttribute(db, currentUser(req), req.params.id, req.body),
    }),
  });

  app.route({
    ...contractRoute(catalogueContract.updateAttribute, {
      tags,
      summary:
        "Rename a category's own spec attribute or turn its filter on or off; type and unit only while no product has a value (admin)",
      errors: [400, 401, 403, 404, 409],
    }),
    ...attributeRoute,
    handler: async (req) => ({
      acknowledged: true as const,
      attributes: await updateAttribute(db, currentUser(req), req.params.id, req.params.key, req.body),
    }),
  });

  app.route({
    ...contractRoute(catalogueContract.orderAttributes, {
      tags,
      summary: "Order a category's own spec attributes: each key once, in the new order (admin)",
      errors: [400, 401, 403, 404],
    }),
    ...attributeRoute,
    handler: async (req) => ({
      acknowledged: true as const,
      attributes: await orderAttributes(db, currentUser(req), req.params.id, req.body.keys),
    }),
  });

  app.route({
    ...contractRoute(catalogueContract.attributeUsage, {
      tags,
      summary:
        'How many products of the category and its subcategories hold a value for one of its own spec attributes (admin)',
      description: "What removing it would delete: the admin's confirmation names this count.",
      errors: [400, 401, 403, 404],
    }),
    config: { auth: 'admin' as const },
    handler: async (req) => attributeUsage(db, req.params.id, req.params.key),
  });

  app.route({
    ...contractRoute(catalogueContract.removeAttribute, {
      tags,
      summary: "Remove one of a category's own spec attributes and its products' values for it (admin)",
      description:
        'The values products of the category and its subcategories hold for it are deleted with it; an attribute no category defines any more is deleted outright, freeing its key. An inherited attribute is removed on the category that defines it (404 here).',
      errors: [400, 401, 403, 404],
    }),
    ...attributeRoute,
    handler: async (req) => ({
      acknowledged: true as const,
      ...(await removeAttribute(db, currentUser(req), req.params.id, req.params.key)),
    }),
  });
};
