import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryTree } from '@shared/catalogue/search.schema';
import { api } from '@/lib/api-client';
import { catalogueKeys } from '@/lib/query-keys/catalogue';

/** GET /api/catalogue/categories: the tree depth-first, with product counts. */
export const getCategories = () => api<CategoryTree>('/catalogue/categories');

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: catalogueKeys.categories(), queryFn: getCategories, staleTime: 5 * 60_000 });

export const useCategories = () => useQuery(categoriesQueryOptions());
