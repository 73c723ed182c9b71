import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@shared/catalogue/catalogue.schema';
import { api } from '@/lib/api-client';

export const getProducts = () => api<Product[]>('/products');

export const productsQueryOptions = () =>
  queryOptions({ queryKey: ['products', 'all'], queryFn: getProducts });

export const useProducts = () => useQuery(productsQueryOptions());
