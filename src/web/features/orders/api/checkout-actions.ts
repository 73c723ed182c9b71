import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkoutCalls } from '@shared/checkout/checkout.calls';
import { callApi } from '@/lib/call-api';
import { refreshAfterOrderChange } from '@/lib/order-refresh';

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
 * POST /api/checkout/{id}/refund (admin): cancels and refunds every paid, undelivered line of the checkout, each for
 * its share of the one payment; a line's refund may still be `pending` at the provider (it is retried).
 */
export const refundCheckout = (id: string, restock = true) =>
  callApi(checkoutCalls.refund, { params: { id }, body: { restock } });

/** Refunds (`mutateAsync(id)`), then refreshes the order lists and the products' stock (it goes back on sale). */
export function useRefundCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, restock }: { id: string; restock: boolean }) => refundCheckout(id, restock),
    onSuccess: () => refreshAfterOrderChange(queryClient),
  });
}
