import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@shared/orders/orders.schema';
import { ordersCalls } from '@shared/orders/orders.calls';
import { callApi } from '@/lib/call-api';
import { refreshAfterOrderChange } from '@/lib/order-refresh';

/**
 * POST /api/order/{id}/refund (admin): cancels a paid, undelivered order and refunds it in full, its unshipped units
 * back into stock when `restock`; the answer's order
 * says whether the provider already confirmed the refund (`refunded`) or it is being retried (`pending`).
 */
export const refundOrder = (id: string, restock = true) =>
  callApi(ordersCalls.refund, { params: { id }, body: { restock } });

/** Refunds (`mutateAsync(order)`), then refreshes the order lists and the product's stock (it goes back on sale). */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ order, restock }: { order: Pick<Order, '_id' | 'productId'>; restock: boolean }) =>
      refundOrder(order._id, restock),
    onSuccess: (_answer, { order }) => refreshAfterOrderChange(queryClient, order.productId),
  });
}
