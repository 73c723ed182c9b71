import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, RefundOrder } from '@shared/orders/orders.schema';
import { ordersCalls } from '@shared/orders/orders.calls';
import { callApi } from '@/lib/call-api';
import { refreshAfterOrderChange } from '@/lib/order-refresh';

/**
 * POST /api/order/{id}/refund (admin): refunds a paid, undelivered order — all that is left (`{ restock }`: it is
 * cancelled), some units (`lines`) or an amount (`amountCents`) — its refunded unshipped units back into stock when
 * `restock`; the answer's order says whether the provider already confirmed a whole refund (`refunded`) or it is
 * being retried (`pending`), and how much is refunded so far (`refundedCents`).
 */
export const refundOrder = (id: string, body: RefundOrder = { restock: true }) =>
  callApi(ordersCalls.refund, { params: { id }, body });

/** Refunds (`mutateAsync(order)`), then refreshes the order lists and the product's stock (it goes back on sale). */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ order, body }: { order: Pick<Order, '_id' | 'productId'>; body: RefundOrder }) =>
      refundOrder(order._id, body),
    onSuccess: (_answer, { order }) => refreshAfterOrderChange(queryClient, order.productId),
  });
}
