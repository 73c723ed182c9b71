import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Checkout, CheckoutCreate } from '@shared/orders/checkout.schema';
import { api, ApiError } from '@/lib/api-client';
import { orderKeys } from '@/lib/query-keys/orders';
import { refreshAfterOrderChange } from './create-order';

/** One cart line the server refused to order, and why (the 409 of POST /api/checkout/{email}). */
export interface CheckoutLineProblem {
  productId: string;
  name: string;
  problem: string;
}

/** The lines of a checkout's 409 (nothing was reserved), or null for any other failure. */
export function checkoutLineProblems(error: unknown): CheckoutLineProblem[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const lines = (error.body as { lines?: unknown } | undefined)?.lines;
  return Array.isArray(lines) && lines.length > 0 ? (lines as CheckoutLineProblem[]) : null;
}

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
 * Places the checkout. The cart is emptied by it and the products' stock is reserved, so both are refreshed; on a
 * 409 the cart's lines show their problems again once it reloads.
 */
export function useCreateCheckout() {
  const queryClient = useQueryClient();
  return async (email: string, input: CheckoutCreate) => {
    try {
      return await createCheckout(email, input);
    } finally {
      void refreshAfterOrderChange(queryClient);
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
