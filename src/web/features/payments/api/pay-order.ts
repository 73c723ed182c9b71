import { useQueryClient } from '@tanstack/react-query';
import type { Order, OrderPay } from '@shared/orders/orders.schema';
import { api } from '@/lib/api-client';
import { orderKeys } from '@/lib/query-keys/orders';

/**
 * PUT /api/order/{id}: records the payment once the provider has confirmed it (the server checks the transaction
 * with the provider; idempotent).
 */
export const payOrder = (id: string, input: OrderPay) =>
  api<{ acknowledged: true; order: Order }>(`/order/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: JSON.stringify(input),
  });

/**
 * Records the payment and marks the order lists out of date. They reload when next shown (My Orders, right after),
 * not now: the payment page keeps its congratulations until it navigates away.
 */
export function usePayOrder() {
  const queryClient = useQueryClient();
  return async (id: string, input: OrderPay) => {
    const result = await payOrder(id, input);
    await queryClient.invalidateQueries({ queryKey: orderKeys.all, refetchType: 'none' });
    return result;
  };
}
