import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueCalls } from '@shared/catalogue/catalogue.calls';
import { callApi } from '@/lib/call-api';
import { catalogueKeys } from '@/lib/query-keys/catalogue';

/** GET /api/catalogue/suggest: a few products, categories and SKUs for what has been typed so far. */
export const getSuggestions = (q: string) => callApi(catalogueCalls.suggest, { query: { q } });

export const suggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: catalogueKeys.suggest(q),
    queryFn: () => getSuggestions(q),
    enabled: q.length > 0,
    placeholderData: (previous) => previous,
    staleTime: 60_000,
  });

export const useSuggestions = (q: string) => useQuery(suggestionsQueryOptions(q));
