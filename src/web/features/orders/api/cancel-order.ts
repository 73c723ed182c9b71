import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@shared/orders/orders.schema';
import { ordersCalls } from '@shared/orders/orders.calls';
import { callApi } from '@/lib/call-api';
import { refreshAfterOrderChange } from '@/lib/order-refresh';

/** DELETE /api/order/{id}: cancels an unpaid order (kept as Cancelled, stock released); 409 when not allowed. */
export const cancelOrder = (id: string) => callApi(ordersCalls.cancel, { params: { id } });

/** Cancels (`mutateAsync(order)`), then refreshes the order lists and the product's stock before it settles. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: Pick<Order, '_id' | 'productId'>) => cancelOrder(order._id),
    onSuccess: (_answer, order) => refreshAfterOrderChange(queryClient, order.productId),
  });
}
