import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueCalls } from '@shared/catalogue/catalogue.calls';
import { callApi } from '@/lib/call-api';
import { storeSummaryKeys } from '@/lib/query-keys/audit';
import { catalogueKeys } from '@/lib/query-keys/catalogue';

/** POST /api/product/{id}/restore (admin): a deleted product returns to the catalogue as it was. */
export const restoreProduct = (id: string) => callApi(catalogueCalls.restoreProduct, { params: { id } });

/** Restores (`mutateAsync(id)`), then refreshes the product lists, that product's page and the overview. */
export function useRestoreProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreProduct,
    onSuccess: (_answer, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
        queryClient.invalidateQueries({ queryKey: catalogueKeys.product(id) }),
        ...storeSummaryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ]),
  });
}
