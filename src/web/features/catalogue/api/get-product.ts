import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PricedProduct } from '@shared/catalogue/catalogue.schema';
import { api } from '@/lib/api-client';
import { catalogueKeys } from '@/lib/query-keys/catalogue';

/** GET /api/product/{id} (logged in): one product with its pack size and price breaks; 404 when it does not exist. */
export const getProduct = (id: string) => api<PricedProduct>(`/product/${encodeURIComponent(id)}`);

export const productQueryOptions = (id: string) =>
  queryOptions({ queryKey: catalogueKeys.product(id), queryFn: () => getProduct(id), enabled: !!id });

export const useProduct = (id: string) => useQuery(productQueryOptions(id));
