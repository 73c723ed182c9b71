import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storeSummaryKeys } from '@/lib/query-keys/audit';
import { catalogueKeys } from '@/lib/query-keys/catalogue';

/** DELETE /api/product/{id} (admin): archives the product; it leaves GET /api/products. */
export const deleteProduct = (id: string) =>
  api<{ acknowledged: true }>(`/product/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Deletes, then refreshes the product lists, that product's page and the overview. */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return async (id: string) => {
    await deleteProduct(id);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
      queryClient.invalidateQueries({ queryKey: catalogueKeys.product(id) }),
      ...storeSummaryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ]);
  };
}
