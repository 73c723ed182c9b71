import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductDetail } from '@shared/catalogue/search.schema';
import { api } from '@/lib/api-client';
import { catalogueKeys } from '@/lib/query-keys/catalogue';

/** GET /api/catalogue/products/{id}: breadcrumbs, specs with their definitions, related products. */
export const getProductDetail = (id: string) =>
  api<ProductDetail>(`/catalogue/products/${encodeURIComponent(id)}`);

export const productDetailQueryOptions = (id: string) =>
  queryOptions({ queryKey: catalogueKeys.detail(id), queryFn: () => getProductDetail(id), enabled: !!id });

export const useProductDetail = (id: string) => useQuery(productDetailQueryOptions(id));
