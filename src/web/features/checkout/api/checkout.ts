import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refusedLinesOf, type CheckoutCreate } from '@shared/checkout/checkout.schema';
import { checkoutCalls } from '@shared/checkout/checkout.calls';
import { ApiError } from '@/lib/api-client';
import { callApi } from '@/lib/call-api';
import { refreshAfterOrderChange } from '@/lib/order-refresh';
import { orderKeys } from '@/lib/query-keys/orders';

/** The lines of a checkout's 409 (nothing was ordered; each line says why), or null for any other failure. */
export const checkoutLineProblems = (error: unknown) =>
  (error instanceof ApiError ? refusedLinesOf(error.body) : undefined) ?? null;

/** POST /api/checkout/{email}: orders every line of the cart under one checkout (400 per field, 409 per line). */
export const createCheckout = (email: string, input: CheckoutCreate) =>
  callApi(checkoutCalls.create, { params: { email }, body: input });

/** GET /api/checkout/{id}: the checkout with its lines (its owner or an admin). */
export const getCheckout = (id: string) => callApi(checkoutCalls.checkout, { params: { id } });

export const checkoutQueryOptions = (id: string) =>
  queryOptions({ queryKey: orderKeys.checkout(id), queryFn: () => getCheckout(id), enabled: !!id });

export const useCheckout = (id: string) => useQuery(checkoutQueryOptions(id));

/** PUT /api/checkout/{id}: records the one payment of every line once the provider has confirmed it. */
export const payCheckout = (id: string, transactionId: string) =>
  callApi(checkoutCalls.pay, { params: { id }, body: { transactionId } });

/**
 * Places the checkout (`mutateAsync({ email, input })`). It empties the cart and reserves the products' stock, so
 * both are refreshed; after a 409 too, so the cart's lines show their problems again.
 */
export function useCreateCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, input }: { email: string; input: CheckoutCreate }) => createCheckout(email, input),
    onSuccess: () => void refreshAfterOrderChange(queryClient),
    onError: (e) => {
      if (checkoutLineProblems(e)) void refreshAfterOrderChange(queryClient);
    },
  });
}

/**
 * Records the payment (`mutateAsync({ id, transactionId })`); the order lists are marked out of date and reload when
 * next shown (My Orders, right after), so the payment page keeps its congratulations until it navigates away.
 */
export function usePayCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, transactionId }: { id: string; transactionId: string }) =>
      payCheckout(id, transactionId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all, refetchType: 'none' }),
  });
}
