import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@shared/catalogue/catalogue.schema';
import { api } from '@/lib/api-client';
import { catalogueKeys } from '@/lib/query-keys/catalogue';

export const getHomeProducts = () => api<Product[]>('/homeproduct');

export const homeProductsQueryOptions = () =>
  queryOptions({ queryKey: catalogueKeys.home(), queryFn: getHomeProducts });

export const useHomeProducts = () => useQuery(homeProductsQueryOptions());
