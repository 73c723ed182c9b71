import { useQueryClient } from '@tanstack/react-query';
import type { Product, ProductUpdate } from '@shared/catalogue/catalogue.schema';
import { api } from '@/lib/api-client';
import { storeSummaryKeys } from '@/lib/query-keys/audit';
import { catalogueKeys } from '@/lib/query-keys/catalogue';

/** PUT /api/product/{id} (admin): changes any subset of the product's fields. */
export const updateProduct = (id: string, input: ProductUpdate) =>
  api<{ acknowledged: true; product: Product }>(`/product/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: JSON.stringify(input),
  });

/** Updates, then refreshes the product lists, that product's page and the overview. */
export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return async (id: string, input: ProductUpdate) => {
    const result = await updateProduct(id, input);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
      queryClient.invalidateQueries({ queryKey: catalogueKeys.product(id) }),
      ...storeSummaryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ]);
    return result;
  };
}
