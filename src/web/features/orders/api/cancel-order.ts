import { useQueryClient } from '@tanstack/react-query';
import type { Order } from '@shared/orders/orders.schema';
import { api } from '@/lib/api-client';
import { refreshAfterOrderChange } from './create-order';

/** DELETE /api/order/{id}: cancels an unpaid order (kept as Cancelled, stock released); 409 when not allowed. */
export const cancelOrder = (id: string) =>
  api<{ acknowledged: true; order: Order }>(`/order/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Cancels, then refreshes the order lists and the product's stock. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return async (order: Pick<Order, '_id' | 'productId'>) => {
    const result = await cancelOrder(order._id);
    await refreshAfterOrderChange(queryClient, order.productId);
    return result;
  };
}
