import { sql, type SQL } from 'drizzle-orm';
import {
  MAX_OFFSET_RESULTS,
  type CatalogueProduct,
  type SearchQuery,
  type SearchResult,
} from '@shared/catalogue/search.schema';
import { fieldError } from '../../lib/errors';
import type { Db } from '../../plugins/db';
import { loadCategories, toRef, type Category } from './categories.service';
import { totalAndFacets, totalOnly } from './facets.service';
import { decodeCursor, encodeCursor, orderingOf, type EffectiveSort, type Ordering } from './search.cursor';
import { resolveFilters, whereOf, type ResolvedFilters } from './search.filters';
import { keySpecsOf, loadAttributes, loadSpecs } from './specs.service';

/** The columns every catalogue product card needs, from `products p`. */
export const productColumns = sql`p.id, p.name, p.img, p.price_cents as "priceCents", p.quantity,
  p.min_order as "minOrder", p.description, p.sku, p.brand, p.category_id as "categoryId",
  p.created_at as "createdAt"`;

export interface ProductRow extends Record<string, unknown> {
  id: string;
  name: string;
  img: string;
  priceCents: number;
  quantity: number;
  minOrder: number;
  description: string;
  sku: string;
  brand: string | null;
  categoryId: string | null;
  createdAt: Date | string;
}

/** Rows → API products, with their category and two key specs (one more query for the whole page). */
export async function toCatalogueProducts(
  db: Db,
  cats: Category[],
  rows: ProductRow[],
): Promise<CatalogueProduct[]> {
  const specs = await loadSpecs(db, cats, rows);
  const byId = new Map(cats.map((c) => [c.id, c]));
  return rows.map((r) => {
    const category = r.categoryId ? byId.get(r.categoryId) : undefined;
    return {
      _id: r.id,
      name: r.name,
      img: r.img,
      price: r.priceCents / 100,
      quantity: r.quantity,
      minOrder: r.minOrder,
      desc: r.description,
      sku: r.sku,
      brand: r.brand,
      category: category ? toRef(category) : null,
      createdAt: new Date(r.createdAt).toISOString(),
      keySpecs: keySpecsOf(specs.get(r.id) ?? []),
    };
  });
}

/**
 * The ids and sort keys of one page. A price or date order within a category and its descendants reads each
 * category's own (category_id, sort key) index for at most `limit + offset` rows and merges them: walking the
 * global price index instead can skip tens of thousands of other categories' products before it finds a page.
 */
function pageIds(
  filters: ResolvedFilters,
  sort: EffectiveSort,
  order: Ordering,
  where: SQL,
  cursor: { value: string; id: string } | null,
  limit: number,
  offset: number,
): SQL {
  const after = cursor ? sql`and ${order.after(cursor.value, cursor.id)}` : sql``;
  const dir = sort === 'price_asc' ? sql`asc` : sql`desc`;
  if (
    filters.categoryIds &&
    !filters.text &&
    (sort === 'price_asc' || sort === 'price_desc' || sort === 'newest')
  ) {
    const ids = sql.join(
      filters.categoryIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    return sql`
      select t.id, t."sortKey" from unnest(array[${ids}]) as c(id) cross join lateral (
        select p.id, ${order.key} as k, ${order.keyText} as "sortKey" from products p
        where p.category_id = c.id and ${where} ${after}
        order by ${order.by} limit ${limit + offset}) t
      order by t.k ${dir}, t.id ${dir} limit ${limit} offset ${offset}`;
  }
  return sql`
    select p.id, ${order.keyText} as "sortKey" from products p
    where ${where} ${after}
    order by ${order.by} limit ${limit} offset ${offset}`;
}

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

  const [{ rows }, counted] = await Promise.all([
    // The page's ids are found first (sort keys only); whole rows are read for those alone.
    db.execute<ProductRow & { sortKey: string }>(sql`
      select ${productColumns}, t."sortKey" from (${pageIds(filters, sort, order, where, cursor, query.pageSize + 1, offset)}) t
      join products p on p.id = t.id
      order by ${order.by}`),
    query.facets
      ? totalAndFacets(db, where, cats, attrs)
      : totalOnly(db, where).then((total) => ({ total, facets: null })),
  ]);

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
