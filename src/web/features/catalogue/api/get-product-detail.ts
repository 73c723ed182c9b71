import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueCalls } from '@shared/catalogue/catalogue.calls';
import { callApi } from '@/lib/call-api';
import { catalogueKeys } from '@/lib/query-keys/catalogue';

/** GET /api/catalogue/products/{id}: breadcrumbs, specs with their definitions, related products. */
export const getProductDetail = (id: string) => callApi(catalogueCalls.productDetail, { params: { id } });

export const productDetailQueryOptions = (id: string) =>
  queryOptions({ queryKey: catalogueKeys.detail(id), queryFn: () => getProductDetail(id), enabled: !!id });

export const useProductDetail = (id: string) => useQuery(productDetailQueryOptions(id));
