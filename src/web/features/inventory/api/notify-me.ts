import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackInStock } from '@shared/inventory/inventory.schema';
import { api } from '@/lib/api-client';
import { inventoryKeys } from '@/lib/query-keys/inventory';

const notifyMePath = (productId: string) => `/product/${encodeURIComponent(productId)}/notify-me`;

/** GET /api/product/{id}/notify-me (signed in): whether the caller waits for a back-in-stock mail. */
export const notifyMeQueryOptions = (productId: string, enabled = true) =>
  queryOptions({
    queryKey: inventoryKeys.notifyMe(productId),
    queryFn: () => api<BackInStock>(notifyMePath(productId)),
    enabled: enabled && !!productId,
  });

export const useNotifyMe = (productId: string, enabled = true) =>
  useQuery(notifyMeQueryOptions(productId, enabled));

/**
 * POST (wait for the mail; 409 when the product can be ordered now) or DELETE (stop waiting) the back-in-stock
 * request, then keep the answer as the query's data.
 */
export function useSetNotifyMe(productId: string) {
  const queryClient = useQueryClient();
  return async (waiting: boolean) => {
    const answer = await api<BackInStock>(notifyMePath(productId), { method: waiting ? 'POST' : 'DELETE' });
    queryClient.setQueryData(inventoryKeys.notifyMe(productId), answer);
    return answer;
  };
}
