import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueCalls } from '@shared/catalogue/catalogue.calls';
import { callApi } from '@/lib/call-api';
import { catalogueKeys } from '@/lib/query-keys/catalogue';

/** GET /api/product/{id} (logged in): one product with its pack size and price breaks; 404 when it does not exist. */
export const getProduct = (id: string) => callApi(catalogueCalls.product, { params: { id } });

export const productQueryOptions = (id: string) =>
  queryOptions({ queryKey: catalogueKeys.product(id), queryFn: () => getProduct(id), enabled: !!id });

export const useProduct = (id: string) => useQuery(productQueryOptions(id));
