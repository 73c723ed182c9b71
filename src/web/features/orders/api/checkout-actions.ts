import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RefundOrder } from '@shared/orders/orders.schema';
import { checkoutCalls } from '@shared/checkout/checkout.calls';
import { callApi } from '@/lib/call-api';
import { refreshAfterOrderChange } from '@/lib/order-refresh';
import { orderKeys } from '@/lib/query-keys/orders';

// What the order lists (My Orders, Manage All Orders) do to a whole checkout; placing and paying one is the
// checkout feature's.

/** DELETE /api/checkout/{id}: cancels an unpaid checkout, every line of it, and releases their stock. */
export const cancelCheckout = (id: string) => callApi(checkoutCalls.cancel, { params: { id } });

/** Cancels (`mutateAsync(id)`), then refreshes the order lists, the cart and the products' stock. */
export function useCancelCheckout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelCheckout, onSuccess: () => refreshAfterOrderChange(queryClient) });
}

/**
 * POST /api/checkout/{id}/refund (admin): refunds every paid, undelivered line of the checkout (`{ restock }`), some
 * units of its lines (`lines`) or an amount (`amountCents`) as one refund of its one payment; a refund may still be
 * `pending` at the provider (it is retried).
 */
export const refundCheckout = (id: string, body: RefundOrder = { restock: true }) =>
  callApi(checkoutCalls.refund, { params: { id }, body });

/** GET /api/checkout/{id}: the lines a refund dialog weighs (what each was charged and has had back). */
export const useCheckoutToRefund = (id: string) =>
  useQuery({
    queryKey: orderKeys.checkout(id),
    queryFn: () => callApi(checkoutCalls.checkout, { params: { id } }),
    enabled: !!id,
  });

/** Refunds (`mutateAsync(id)`), then refreshes the order lists and the products' stock (it goes back on sale). */
export function useRefundCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RefundOrder }) => refundCheckout(id, body),
    onSuccess: () => refreshAfterOrderChange(queryClient),
  });
}
