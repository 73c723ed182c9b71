import { MAX_OFFSET_RESULTS, type SearchQuery, type SearchResult } from '@shared/catalogue/search.schema';
import { fieldError } from '../../infra/errors';
import type { Db } from '../../infra/db';
import { loadAttributes, loadCategories, toCatalogueProducts } from '../catalogue/index';
import { decodeCursor, encodeCursor, orderingOf, type EffectiveSort } from './search.cursor';
import { resolveFilters, whereOf } from './search.filters';
import { readPage } from './search.page';
import type { SearchIndex } from './search-index.plugin';
import { countOf } from './search-index.count';
import { matchDocs } from './search-index.match';
import { pageOf } from './search-index.page';
import { totalAndFacets, totalOnly } from './facets.service';
import { isWholeCatalogue, type WholeCatalogueMemo, type WholeCounts } from './whole-catalogue';

function paging(query: SearchQuery, hasText: boolean) {
  const sort: EffectiveSort = query.sort === 'relevance' && !hasText ? 'newest' : query.sort;
  const cursor = query.cursor ? decodeCursor(query.cursor, sort) : null;
  if (!cursor && query.page * query.pageSize > MAX_OFFSET_RESULTS) {
    throw fieldError(
      'bad_request',
      'page',
      `only the first ${MAX_OFFSET_RESULTS.toLocaleString('en-US')} results can be read by page number; narrow the search or follow nextCursor`,
    );
  }
  return { sort, cursor, offset: cursor ? 0 : (query.page - 1) * query.pageSize };
}

/**
 * The same answer from the in-process index (decision 033), or null when the index cannot give it (not built yet,
 * or a name-order cursor it cannot place): PostgreSQL answers then.
 */
export async function searchIndexed(
  db: Db,
  query: SearchQuery,
  index: SearchIndex,
  only: readonly string[] | null = null,
): Promise<SearchResult | null> {
  const source = await index.current();
  if (!source) return null;
  const { data, reader } = source;
  const filters = {
    ...(await resolveFilters(db, query, data.cats, data.attrs, (q) => reader.parse(q))),
    productIds: only,
  };
  const { sort, cursor, offset } = paging(query, Boolean(filters.text));
  if (sort === 'name' && !data.codePointOrder) return null;
  if (filters.text) await reader.prepare(filters.text);
  const matches = matchDocs(data, reader, filters);
  const found = pageOf(data, matches, { sort, cursor, limit: query.pageSize + 1, offset });
  if (!found) return null;
  const counted = query.facets ? countOf(data, matches.docs) : { total: matches.docs.length, facets: null };
  const page = found.docs.slice(0, query.pageSize);
  const last = page.at(-1);
  return {
    // A card read from the index carries its category as the categories are now (SearchIndexData.card).
    items: page.map(({ doc }) => data.card(doc)),
    total: counted.total,
    page: cursor ? null : query.page,
    pageSize: query.pageSize,
    nextCursor:
      found.docs.length > query.pageSize && last
        ? encodeCursor({ sort, value: last.sortKey, id: data.ids[last.doc]! })
        : null,
    corrections: filters.text?.corrections ?? [],
    facets: counted.facets,
  };
}

/** The PostgreSQL path: the oracle the index is tested against, and the answer while it is not ready. */
export async function searchDatabase(
  db: Db,
  query: SearchQuery,
  whole?: WholeCatalogueMemo,
  only: readonly string[] | null = null,
): Promise<SearchResult> {
  const [cats, attrs] = await Promise.all([loadCategories(db), loadAttributes(db)]);
  const filters = { ...(await resolveFilters(db, query, cats, attrs)), productIds: only };
  const { sort, cursor, offset } = paging(query, Boolean(filters.text));
  const where = whereOf(filters);
  const order = orderingOf(sort, filters.text);

  const { rows, ...counted } = await readPage(db, cats, attrs, {
    filters,
    sort,
    order,
    where,
    cursor,
    limit: query.pageSize + 1,
    offset,
    facets: query.facets,
    // No filter: the whole catalogue's total and facets, counted once per catalogue version (decision 057).
    counts:
      whole && isWholeCatalogue(filters)
        ? (facets): Promise<WholeCounts> =>
            facets
              ? whole.get('facets', () => totalAndFacets(db, where, cats, attrs))
              : whole.get('total', async () => ({ total: await totalOnly(db, where), facets: null }))
        : undefined,
  });

  const page = rows.slice(0, query.pageSize);
  const last = page.at(-1);
  return {
    items: await toCatalogueProducts(db, cats, page),
    total: counted.total,
    page: cursor ? null : query.page,
    pageSize: query.pageSize,
    nextCursor:
      rows.length > query.pageSize && last ? encodeCursor({ sort, value: last.sortKey, id: last.id }) : null,
    corrections: filters.text?.corrections ?? [],
    facets: counted.facets,
  };
}
