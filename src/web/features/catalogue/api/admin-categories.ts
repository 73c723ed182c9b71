import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminCategory,
  CategoryCreate,
  CategoryUpdate,
} from '@shared/catalogue/categories-admin.schema';
import { api } from '@/lib/api-client';
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
