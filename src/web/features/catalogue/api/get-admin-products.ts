import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminProduct, AdminProductSort } from '@shared/catalogue/admin-products.schema';
import { apiPage, keepPage } from '@/lib/api-page';
import { adminListKeys } from '@/lib/query-keys/admin-lists';

export interface AdminProductParams {
  limit: string;
  sort: AdminProductSort;
  lowStock?: 'true' | undefined;
  deleted?: 'true' | undefined;
  q?: string | undefined;
  cursor?: string | undefined;
}

const queryString = (p: AdminProductParams) =>
  new URLSearchParams(
    Object.entries(p).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
  ).toString();

/** GET /api/admin/products (admin): one page of the live catalogue (or of its deleted products) for Manage Products. */
export const getAdminProducts = (params: AdminProductParams) =>
  apiPage<AdminProduct>(`/admin/products?${queryString(params)}`);

export const adminProductsQueryOptions = (params: AdminProductParams) =>
  queryOptions({
    queryKey: adminListKeys.products({ ...params }),
    queryFn: () => getAdminProducts(params),
    placeholderData: keepPage,
  });

export const useAdminProducts = (params: AdminProductParams) => useQuery(adminProductsQueryOptions(params));
