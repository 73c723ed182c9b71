import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminProductListSchema, adminProductQuerySchema } from '@shared/catalogue/admin-products.schema';
import {
  adminCategoryListSchema,
  categoryCreateSchema,
  categoryUpdateSchema,
} from '@shared/catalogue/categories-admin.schema';
import { idParamsSchema, idSchema } from '@shared/common/common.schema';
import { sendPage } from '../../infra/keyset';
import { errorResponses, pagedListDescription } from '../../http/openapi';
import { currentUser } from '../../http/auth-guard';
import { listAdminProducts } from './admin-products.service';
import {
  createCategory,
  deleteCategory,
  listAdminCategories,
  updateCategory,
} from './categories-admin.service';

const tags = ['catalogue'];
const categoryChangedSchema = z.object({
  acknowledged: z.literal(true),
  category: z.object({ _id: idSchema, slug: z.string(), name: z.string(), parent: z.string().nullable() }),
});

/** Manage Products' list and the category tree's administration (admin only). */
export const catalogueAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/admin/products',
    {
      config: { auth: 'admin' },
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
};
