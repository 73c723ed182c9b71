import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResult } from '@shared/catalogue/search.schema';
import { api } from '@/lib/api-client';
import { catalogueKeys } from '@/lib/query-keys/catalogue';

/** GET /api/catalogue/search with a query string built by `apiQuery` (filters, sort, page, facets). */
export const searchCatalogue = (query: string) => api<SearchResult>(`/catalogue/search?${query}`);

export const searchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: catalogueKeys.search(query),
    queryFn: () => searchCatalogue(query),
    // The previous results stay on screen (dimmed) while the next page or filter loads: no layout jump.
    placeholderData: (previous) => previous,
  });

export const useCatalogueSearch = (query: string) => useQuery(searchQueryOptions(query));
