import { useQueryClient } from '@tanstack/react-query';
import type { Order } from '@shared/orders/orders.schema';
import { api } from '@/lib/api-client';
import { orderKeys } from '@/lib/query-keys/orders';

/** PUT /api/delivery/{id} (admin, no body): marks a paid order Delivered; 409 unless paid and not delivered. */
export const deliverOrder = (id: string) =>
  api<{ acknowledged: true; order: Order }>(`/delivery/${encodeURIComponent(id)}`, { method: 'PUT' });

/** Delivers, then refreshes the order lists. */
export function useDeliverOrder() {
  const queryClient = useQueryClient();
  return async (id: string) => {
    const result = await deliverOrder(id);
    await queryClient.invalidateQueries({ queryKey: orderKeys.all });
    return result;
  };
}
