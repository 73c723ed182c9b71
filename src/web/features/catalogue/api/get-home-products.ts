import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@shared/catalogue/catalogue.schema';
import { api } from '@/lib/api-client';

export const getHomeProducts = () => api<Product[]>('/homeproduct');

export const homeProductsQueryOptions = () =>
  queryOptions({ queryKey: ['products', 'home'], queryFn: getHomeProducts });

export const useHomeProducts = () => useQuery(homeProductsQueryOptions());
