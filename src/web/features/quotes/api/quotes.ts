import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ErrorBody } from '@shared/common/common.schema';
import type { Checkout, CheckoutCreate } from '@shared/orders/checkout.schema';
import type { Quote, QuoteAnswer, QuoteRequest, QuoteStatus } from '@shared/quotes/quotes.schema';
import { api, ApiError } from '@/lib/api-client';
import { apiPage, keepPage } from '@/lib/api-page';
import { orderKeys } from '@/lib/query-keys/orders';
import { quotesKeys } from '@/lib/query-keys/quotes';

export interface QuoteListParams {
  limit: string;
  status?: QuoteStatus | undefined;
  cursor?: string | undefined;
}

const quotePath = (id: string) => `/quotes/${encodeURIComponent(id)}`;

const queryString = (p: QuoteListParams) =>
  new URLSearchParams(
    Object.entries(p).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
  ).toString();

/** GET /api/quotes: one page of the caller's quotes (an admin's: every customer's), newest first. */
export const getQuotes = (params: QuoteListParams) => apiPage<Quote>(`/quotes?${queryString(params)}`);

export const quotesQueryOptions = (params: QuoteListParams) =>
  queryOptions({
    queryKey: quotesKeys.list({ ...params }),
    queryFn: () => getQuotes(params),
    placeholderData: keepPage,
  });

export const useQuotes = (params: QuoteListParams) => useQuery(quotesQueryOptions(params));

/** POST /api/quotes: asks for prices on some quantities. */
export const requestQuote = (input: QuoteRequest) =>
  api<Quote>('/quotes', { method: 'POST', body: JSON.stringify(input) });

/** PUT /api/quotes/{id}/answer (admin): a unit price per line and a validity date. */
export const answerQuote = (id: string, input: QuoteAnswer) =>
  api<Quote>(`${quotePath(id)}/answer`, { method: 'PUT', body: JSON.stringify(input) });

/** PUT /api/quotes/{id}/decline (admin). */
export const declineQuote = (id: string, reason: string) =>
  api<Quote>(`${quotePath(id)}/decline`, { method: 'PUT', body: JSON.stringify({ reason }) });

/** One line the server could not turn into an order (a 409 of the accept, shaped like the checkout's). */
export interface QuoteLineProblem {
  productId: string;
  name: string;
  problem: string;
}

/** The accept's 409 (expired, declined, stock): its message, and the lines' problems when the server gives them. */
export class QuoteAcceptError extends ApiError {
  constructor(
    message: string,
    readonly lines: QuoteLineProblem[],
  ) {
    super(409, 'conflict', message);
  }
}

/**
 * POST /api/quotes/{id}/accept: the quoted lines become one checkout at the quoted prices (201). `api` keeps only an
 * error's message, and the 409 may carry the lines' problems, so this call reads its answer itself.
 */
export async function acceptQuote(id: string, input: CheckoutCreate): Promise<Checkout> {
  let res: Response;
  try {
    res = await fetch(`/api${quotePath(id)}/accept`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
  } catch {
    throw new ApiError(0, 'network', 'We could not reach the shop. Check your connection and try again.');
  }
  const body = (await res.json().catch(() => undefined)) as
    (Checkout & Partial<ErrorBody> & { field?: string; lines?: QuoteLineProblem[] }) | undefined;
  if (res.ok && body) return body;
  const message =
    body?.message ?? `The shop answered with an unexpected error (${res.status}). Please try again.`;
  if (res.status === 409) throw new QuoteAcceptError(message, body?.lines ?? []);
  throw new ApiError(res.status, body?.error ?? 'unknown', message, body?.field);
}

/** The quote calls with what they make stale: every quote list, and after an accept the orders and the stock. */
export function useQuoteActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: quotesKeys.all });
  const after =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      try {
        return await call(...args);
      } finally {
        // After a refusal too: the quote may have expired or been answered meanwhile.
        void refresh();
      }
    };
  return {
    request: after(requestQuote),
    answer: after(answerQuote),
    decline: after(declineQuote),
    accept: after(async (id: string, input: CheckoutCreate) => {
      const checkout = await acceptQuote(id, input);
      // Marked only: My Orders and the products reload when next shown; the pay page loads the checkout itself.
      void queryClient.invalidateQueries({ queryKey: orderKeys.all, refetchType: 'none' });
      return checkout;
    }),
  };
}
