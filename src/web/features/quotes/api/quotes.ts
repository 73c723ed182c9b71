import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Checkout, CheckoutCreate } from '@shared/checkout/checkout.schema';
import type { Rates } from '@shared/orders/delivery.schema';
import type {
  Quote,
  QuoteAnswer,
  QuoteRatesRequest,
  QuoteRequest,
  QuoteStatus,
} from '@shared/quotes/quotes.schema';
import { api } from '@/lib/api-client';
import { apiPage, keepPage } from '@/lib/api-page';
import { orderKeys } from '@/lib/query-keys/orders';
import { ratesReady, sameAddressPlaceholder, useDebounced } from '@/lib/shipping-rates';
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

/**
 * POST /api/quotes/{id}/accept: the quoted lines become one checkout at the quoted prices (201). A 409 says why
 * (expired, declined, stock), and carries the refused lines when stock is short (`refusedLinesOf` its body).
 */
export const acceptQuote = (id: string, input: CheckoutCreate) =>
  api<Checkout>(`${quotePath(id)}/accept`, { method: 'POST', body: JSON.stringify(input) });

/** POST /api/quotes/{id}/shipping-rates: the ways the quote's lines ship to a ZIP at the quoted prices, cheapest first. */
export const getQuoteShippingRates = (id: string, body: QuoteRatesRequest) =>
  api<Rates>(`${quotePath(id)}/shipping-rates`, { method: 'POST', body: JSON.stringify(body) });

export const quoteShippingRatesQueryOptions = (id: string, body: QuoteRatesRequest) =>
  queryOptions({
    queryKey: quotesKeys.rates(id, body),
    queryFn: () => getQuoteShippingRates(id, body),
    enabled: ratesReady(body.zip, body.state),
    staleTime: 60_000,
  });

/** The quote's rates to a destination, fetched once its fields have stopped changing for `delay` ms. */
export function useQuoteShippingRates(id: string, body: QuoteRatesRequest, { delay = 400 } = {}) {
  const debounced = useDebounced(body, delay);
  return useQuery({
    ...quoteShippingRatesQueryOptions(id, debounced),
    placeholderData: sameAddressPlaceholder(debounced.zip),
  });
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
