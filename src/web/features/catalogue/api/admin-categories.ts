import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminCategory,
  AttributeCreate,
  AttributeUsage,
  AttributeUpdate,
  CategoryCreate,
  CategoryUpdate,
} from '@shared/catalogue/categories-admin.schema';
import { catalogueCalls } from '@shared/catalogue/catalogue.calls';
import { api } from '@/lib/api-client';
import { callApi } from '@/lib/call-api';
import { adminListKeys } from '@/lib/query-keys/admin-lists';
import { catalogueKeys } from '@/lib/query-keys/catalogue';

/** GET /api/admin/categories (admin): the tree, depth-first, with counts and attributes. */
export const getAdminCategories = () => api<AdminCategory[]>('/admin/categories');

export const adminCategoriesQueryOptions = () =>
  queryOptions({ queryKey: adminListKeys.categories, queryFn: getAdminCategories });

export const useAdminCategories = () => useQuery(adminCategoriesQueryOptions());

const json = (method: string, body?: unknown): RequestInit => ({
  method,
  ...(body !== undefined && { body: JSON.stringify(body) }),
});

/** Create, rename/move and delete; each refreshes the tree and the product lists that show categories. */
export function useCategoryActions() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['categories'] }),
      queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
    ]);
  const after = async <T>(call: Promise<T>) => {
    const result = await call;
    await refresh();
    return result;
  };
  return {
    create: (body: CategoryCreate) => after(api('/admin/categories', json('POST', body))),
    update: (id: string, body: CategoryUpdate) => after(api(`/admin/categories/${id}`, json('PUT', body))),
    remove: (id: string) => after(api(`/admin/categories/${id}`, json('DELETE'))),
  };
}

type AttributeCall =
  | { kind: 'create'; body: AttributeCreate }
  | { kind: 'update'; key: string; body: AttributeUpdate }
  | { kind: 'order'; keys: string[] }
  | { kind: 'remove'; key: string };

/** GET …/attributes/{key} (admin): how many products hold a value for it, which removing it deletes. */
export const getAttributeUsage = (categoryId: string, key: string): Promise<AttributeUsage> =>
  callApi(catalogueCalls.attributeUsage, { params: { id: categoryId, key } });

/**
 * A category's spec attributes: define (`create`), edit (`update`), order and remove them. Each refreshes the tree,
 * the catalogue (its filters) and the product lists, whose forms take their spec fields from the tree.
 */
export function useAttributeActions(categoryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (c: AttributeCall) =>
      c.kind === 'create'
        ? callApi(catalogueCalls.createAttribute, { params: { id: categoryId }, body: c.body })
        : c.kind === 'update'
          ? callApi(catalogueCalls.updateAttribute, { params: { id: categoryId, key: c.key }, body: c.body })
          : c.kind === 'remove'
            ? callApi(catalogueCalls.removeAttribute, { params: { id: categoryId, key: c.key } })
            : callApi(catalogueCalls.orderAttributes, { params: { id: categoryId }, body: { keys: c.keys } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['categories'] }),
        queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
      ]),
  });
}
