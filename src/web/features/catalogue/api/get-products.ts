import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@shared/catalogue/catalogue.schema';
import { api } from '@/lib/api-client';
import { catalogueKeys } from '@/lib/query-keys/catalogue';

export const getProducts = () => api<Product[]>('/products');

export const productsQueryOptions = () =>
  queryOptions({ queryKey: catalogueKeys.list(), queryFn: getProducts });

export const useProducts = () => useQuery(productsQueryOptions());
