import { MAX_OFFSET_RESULTS, type SearchQuery, type SearchResult } from '@shared/catalogue/search.schema';
import { fieldError } from '../../infra/errors';
import type { Db } from '../../infra/db';
import { loadCategories } from './categories.service';
import { toCatalogueProducts } from './product-cards';
import { decodeCursor, encodeCursor, orderingOf, type EffectiveSort } from './search.cursor';
import { resolveFilters, whereOf } from './search.filters';
import { readPage } from './search.page';
import { loadAttributes } from './specs.service';

/**
 * GET /api/catalogue/search: free text (typo-tolerant, SKU matches first), filters, facets of the current query,
 * sorting, and page-number or cursor paging with a total.
 */
export async function searchCatalogue(db: Db, query: SearchQuery): Promise<SearchResult> {
  const [cats, attrs] = await Promise.all([loadCategories(db), loadAttributes(db)]);
  const filters = await resolveFilters(db, query, cats, attrs);
  const sort: EffectiveSort = query.sort === 'relevance' && !filters.text ? 'newest' : query.sort;
  const cursor = query.cursor ? decodeCursor(query.cursor, sort) : null;
  if (!cursor && query.page * query.pageSize > MAX_OFFSET_RESULTS) {
    throw fieldError(
      'bad_request',
      'page',
      `only the first ${MAX_OFFSET_RESULTS.toLocaleString('en-US')} results can be read by page number; narrow the search or follow nextCursor`,
    );
  }
  const where = whereOf(filters);
  const order = orderingOf(sort, filters.text);
  const offset = cursor ? 0 : (query.page - 1) * query.pageSize;

  const { rows, ...counted } = await readPage(db, cats, attrs, {
    filters,
    sort,
    order,
    where,
    cursor,
    limit: query.pageSize + 1,
    offset,
    facets: query.facets,
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
