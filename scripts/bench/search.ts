import { load, type Child, type Load } from './lib';

export interface SearchRow {
  what: string;
  shop: Load;
  base: Load;
  baseName: string;
  target: string;
}

/** Popular reads every visitor shares: served from the read cache once the first caller built them. */
export const cachedSearches = [
  '/api/catalogue/search?q=compressor',
  '/api/catalogue/search?category=compressors&sort=price_asc',
];

const words = [
  'rotary screw compresor',
  'impact wrench',
  'angle grinder',
  'cordless drill',
  'portable diesel',
  'air dryer',
  'welding',
  'stainless hose',
  'piston compressor',
  'sander',
];

/**
 * Text + 2 filters (in stock, a price range) + facets, never the same URL twice in a run (the price range moves),
 * so the read cache cannot help: every call runs the search's SQL. The same sequence goes to the shop and to the
 * same-SQL baseline.
 */
export function uncachedSearches(start = 0): () => string {
  let i = start;
  return () => {
    const n = i++;
    const q = encodeURIComponent(words[n % words.length]!);
    // The upper bound stays within the API's price limit ($1,000,000) whatever the start.
    return `/api/catalogue/search?q=${q}&inStock=true&price=${50 + (n % 200)}..${2_000 + (n % 900_000)}`;
  };
}

/**
 * The uncached search beside the same SQL run by a bare fastify + pg server: under 50 connections (throughput, and
 * latency while queued), then on one connection (what one search costs when nothing else waits).
 */
export async function uncachedSearchRows(
  shop: Child,
  sqlBase: Child,
  duration: number,
): Promise<SearchRow[]> {
  const rows: SearchRow[] = [];
  // Each run starts its own range of URLs: the shop has cached every URL an earlier run sent it.
  for (const [run, connections] of [50, 1].entries()) {
    const paths = () => uncachedSearches(run * 100_000);
    const base = await load(sqlBase.url, { duration, connections, paths: paths() });
    rows.push({
      what: `uncached search: text + in stock + price range + facets (never the same URL), ${connections} connection${connections > 1 ? 's' : ''}`,
      shop: await load(shop.url, { duration, connections, paths: paths() }),
      base,
      baseName: 'same SQL',
      target: 'p50 ≤ 20, p99 ≤ 100 ms, ≥ 0.8×',
    });
  }
  return rows;
}
