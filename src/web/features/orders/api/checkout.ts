import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ErrorBody } from '@shared/common/common.schema';
import { checkoutMessages, type Checkout, type CheckoutCreate } from '@shared/orders/checkout.schema';
import { api, ApiError } from '@/lib/api-client';
import { orderKeys } from '@/lib/query-keys/orders';
import { refreshAfterOrderChange } from './create-order';

/** One cart line the server refused to order, and why (the 409 of POST /api/checkout/{email}). */
export interface CheckoutLineProblem {
  productId: string;
  name: string;
  problem: string;
}

/** The server refused some lines of the cart (409): nothing was ordered, and each line says why. */
export class CheckoutLinesError extends ApiError {
  constructor(
    message: string,
    readonly lines: CheckoutLineProblem[],
  ) {
    super(409, 'conflict', message);
  }
}

/** The lines of a checkout's 409, or null for any other failure. */
export const checkoutLineProblems = (error: unknown) =>
  error instanceof CheckoutLinesError ? error.lines : null;

const checkoutPath = (id: string) => `/checkout/${encodeURIComponent(id)}`;

/**
 * POST /api/checkout/{email}: orders every line of the cart under one checkout (400 per field, 409 per line). Its 409
 * carries the lines' problems, which `api` drops (it keeps an error's message only, and growing it would grow the
 * first page), so this one call reads its answer itself.
 */
export async function createCheckout(email: string, input: CheckoutCreate): Promise<Checkout> {
  let res: Response;
  try {
    res = await fetch(`/api/checkout/${encodeURIComponent(email)}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
  } catch {
    throw new ApiError(0, 'network', 'We could not reach the shop. Check your connection and try again.');
  }
  const body = (await res.json().catch(() => undefined)) as
    (Checkout & Partial<ErrorBody> & { field?: string; lines?: CheckoutLineProblem[] }) | undefined;
  if (res.ok && body) return body;
  if (res.status === 409 && body?.lines?.length)
    throw new CheckoutLinesError(body.message ?? checkoutMessages.linesProblem, body.lines);
  throw new ApiError(
    res.status,
    body?.error ?? 'unknown',
    body?.message ?? `The shop answered with an unexpected error (${res.status}). Please try again.`,
    body?.field,
  );
}

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
      if (e instanceof CheckoutLinesError) void refreshAfterOrderChange(queryClient);
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
