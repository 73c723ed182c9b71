import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResult } from '@shared/catalogue/search.schema';
import { catalogueCalls } from '@shared/catalogue/catalogue.calls';
import { api } from '@/lib/api-client';
import { callApi } from '@/lib/call-api';
import { catalogueKeys } from '@/lib/query-keys/catalogue';
import { apiQuery, categoryCountsQuery, facetsQuery, readState } from '../lib/search-url';

/** How long a search started ahead of its page may wait to be taken: later, the page asks again. */
const EARLY_MS = 10_000;
const early = new Map<string, { at: number; result: Promise<SearchResult> }>();

// The query string is written by `apiQuery` (it is also the query key): sent as it is. "Fits my equipment" is the
// same search behind the equipment feature's route (per buyer: never in the shared cache).
const request = (query: string) =>
  new URLSearchParams(query).has('fits')
    ? api<SearchResult>(`/equipment/search?${query}`)
    : callApi(catalogueCalls.search, { query: new URLSearchParams(query) });

/**
 * Starts the searches the catalogue page at `search` (a URL's query string) will ask for first, before React has
 * rendered it: the answers are on their way while the page renders instead of only after. The page's own query
 * takes each one once.
 */
export function startCatalogueSearches(search: string) {
  const state = readState(new URLSearchParams(search));
  for (const query of [apiQuery(state), facetsQuery(state), categoryCountsQuery(state)]) {
    if (query === null || early.has(query)) continue;
    const result = request(query);
    // Nobody may take it (the page failed to render): its failure is then nobody's to report.
    result.catch(() => undefined);
    early.set(query, { at: Date.now(), result });
  }
}

/** GET /api/catalogue/search with a query string built by `apiQuery` (filters, sort, page, facets). */
export function searchCatalogue(query: string): Promise<SearchResult> {
  const started = early.get(query);
  early.delete(query);
  return started && Date.now() - started.at < EARLY_MS ? started.result : request(query);
}

export const searchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: catalogueKeys.search(query),
    queryFn: () => searchCatalogue(query),
    // The previous results stay on screen (dimmed) while the next page or filter loads: no layout jump.
    placeholderData: (previous) => previous,
  });

/** A search by `apiQuery` or `facetsQuery`; none asked for when `query` is null. */
export const useCatalogueSearch = (query: string | null) =>
  useQuery({ ...searchQueryOptions(query ?? ''), enabled: query !== null });
