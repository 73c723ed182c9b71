import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { refusedLinesOf, type Checkout, type CheckoutCreate } from '@shared/checkout/checkout.schema';
import { api, ApiError } from '@/lib/api-client';
import { orderKeys } from '@/lib/query-keys/orders';
import { refreshAfterOrderChange } from './create-order';

/** The lines of a checkout's 409 (nothing was ordered; each line says why), or null for any other failure. */
export const checkoutLineProblems = (error: unknown) =>
  (error instanceof ApiError ? refusedLinesOf(error.body) : undefined) ?? null;

const checkoutPath = (id: string) => `/checkout/${encodeURIComponent(id)}`;

/** POST /api/checkout/{email}: orders every line of the cart under one checkout (400 per field, 409 per line). */
export const createCheckout = (email: string, input: CheckoutCreate) =>
  api<Checkout>(`/checkout/${encodeURIComponent(email)}`, { method: 'POST', body: JSON.stringify(input) });

/** GET /api/checkout/{id}: the checkout with its lines (its owner or an admin). */
export const getCheckout = (id: string) => api<Checkout>(checkoutPath(id));

export const checkoutQueryOptions = (id: string) =>
  queryOptions({ queryKey: orderKeys.checkout(id), queryFn: () => getCheckout(id), enabled: !!id });

export const useCheckout = (id: string) => useQuery(checkoutQueryOptions(id));

/** PUT /api/checkout/{id}: records the one payment of every line once the provider has confirmed it. */
export const payCheckout = (id: string, transactionId: string) =>
  api<{ acknowledged: true; checkout: Checkout }>(checkoutPath(id), {
    method: 'PUT',
    body: JSON.stringify({ transactionId }),
  });

/** DELETE /api/checkout/{id}: cancels an unpaid checkout, every line of it, and releases their stock. */
export const cancelCheckout = (id: string) => api<Checkout>(checkoutPath(id), { method: 'DELETE' });

/**
 * Places the checkout. It empties the cart and reserves the products' stock, so both are refreshed; after a 409 too,
 * so the cart's lines show their problems again.
 */
export function useCreateCheckout() {
  const queryClient = useQueryClient();
  return async (email: string, input: CheckoutCreate) => {
    try {
      const checkout = await createCheckout(email, input);
      void refreshAfterOrderChange(queryClient);
      return checkout;
    } catch (e) {
      if (checkoutLineProblems(e)) void refreshAfterOrderChange(queryClient);
      throw e;
    }
  };
}

/**
 * Records the payment; the order lists are marked out of date and reload when next shown (My Orders, right after),
 * so the payment page keeps its congratulations until it navigates away.
 */
export function usePayCheckout() {
  const queryClient = useQueryClient();
  return async (id: string, transactionId: string) => {
    const result = await payCheckout(id, transactionId);
    await queryClient.invalidateQueries({ queryKey: orderKeys.all, refetchType: 'none' });
    return result;
  };
}

/** Cancels, then refreshes the order lists, the cart and the products' stock. */
export function useCancelCheckout() {
  const queryClient = useQueryClient();
  return async (id: string) => {
    const result = await cancelCheckout(id);
    await refreshAfterOrderChange(queryClient);
    return result;
  };
}

/**
 * POST /api/checkout/{id}/refund (admin): cancels and refunds every paid, undelivered line of the checkout, each for
 * its share of the one payment; a line's refund may still be `pending` at the provider (it is retried).
 */
export const refundCheckout = (id: string) =>
  api<Checkout>(`/checkout/${encodeURIComponent(id)}/refund`, { method: 'POST' });

/** Refunds, then refreshes the order lists and the products' stock (it goes back on sale). */
export function useRefundCheckout() {
  const queryClient = useQueryClient();
  return async (id: string) => {
    const result = await refundCheckout(id);
    await refreshAfterOrderChange(queryClient);
    return result;
  };
}
