import { useQueryClient } from '@tanstack/react-query';
import type { Order } from '@shared/orders/orders.schema';
import { api } from '@/lib/api-client';
import { refreshAfterOrderChange } from './create-order';

/**
 * POST /api/order/{id}/refund (admin): cancels a paid, undelivered order and refunds it in full; the answer's order
 * says whether the provider already confirmed the refund (`refunded`) or it is being retried (`pending`).
 */
export const refundOrder = (id: string) =>
  api<{ acknowledged: true; order: Order }>(`/order/${encodeURIComponent(id)}/refund`, { method: 'POST' });

/** Refunds, then refreshes the order lists and the product's stock (it goes back on sale). */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  return async (order: Pick<Order, '_id' | 'productId'>) => {
    const result = await refundOrder(order._id);
    await refreshAfterOrderChange(queryClient, order.productId);
    return result;
  };
}
