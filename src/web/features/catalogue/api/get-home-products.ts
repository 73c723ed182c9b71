import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@shared/catalogue/catalogue.schema';
import { api } from '@/lib/api-client';
import { catalogueKeys } from '@/lib/query-keys/catalogue';

/** A tile's product: its pack size, "from" price and, for a signed-in member, their contract price (decision 039). */
type HomeProduct = Product & { packSize: number; fromPrice: number; contractPrice?: number | null };

export const getHomeProducts = () => api<HomeProduct[]>('/homeproduct');

export const homeProductsQueryOptions = () =>
  queryOptions({ queryKey: catalogueKeys.home(), queryFn: getHomeProducts });

export const useHomeProducts = () => useQuery(homeProductsQueryOptions());
