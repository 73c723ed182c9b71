import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupMswServer } from '@/test/utils';
import { apiQuery, facetsQuery, readState } from '../lib/search-url';
import { searchCatalogue, startCatalogueSearches } from './search-catalogue';

const server = setupMswServer();

/** Answers every search with the number of searches asked so far, and records their query strings. */
function countSearches() {
  const asked: string[] = [];
  server.use(
    http.get('/api/catalogue/search', ({ request }) => {
      asked.push(new URL(request.url).search.slice(1));
      return HttpResponse.json({ total: asked.length });
    }),
  );
  return asked;
}

afterEach(() => vi.useRealTimers());

describe('catalogue searches started before the page renders', () => {
  it('the page takes the searches already on their way instead of asking again, once each', async () => {
    const asked = countSearches();
    const url = '?category=compressors&sort=price_asc&page=2';
    const state = readState(new URLSearchParams(url));
    startCatalogueSearches(url);
    expect(asked).toHaveLength(0); // on their way, not answered yet
    await expect(searchCatalogue(apiQuery(state))).resolves.toMatchObject({ total: expect.any(Number) });
    await searchCatalogue(facetsQuery(state));
    expect(asked.sort()).toEqual([apiQuery(state), facetsQuery(state)].sort());
    // A later search of the same page (a refetch) asks the server again.
    await searchCatalogue(apiQuery(state));
    expect(asked).toHaveLength(3);
  });

  it('a search started long before the page asks is not used: the page gets a fresh answer', async () => {
    const asked = countSearches();
    vi.useFakeTimers({ toFake: ['Date'] });
    startCatalogueSearches('?q=drill');
    vi.setSystemTime(Date.now() + 60_000);
    const query = apiQuery(readState(new URLSearchParams('?q=drill')));
    await searchCatalogue(query);
    await vi.waitFor(() => expect(asked).toHaveLength(3));
    expect(asked.filter((q) => q === query)).toHaveLength(2);
  });
});
