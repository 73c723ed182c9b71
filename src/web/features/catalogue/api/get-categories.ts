import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueCalls } from '@shared/catalogue/catalogue.calls';
import { callApi } from '@/lib/call-api';
import { catalogueKeys } from '@/lib/query-keys/catalogue';

/** GET /api/catalogue/categories: the tree depth-first, with product counts. */
export const getCategories = () => callApi(catalogueCalls.categories);

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: catalogueKeys.categories(), queryFn: getCategories, staleTime: 5 * 60_000 });

export const useCategories = () => useQuery(categoriesQueryOptions());
