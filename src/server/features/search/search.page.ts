import { sql, type SQL } from 'drizzle-orm';
import type { Facets } from '@shared/catalogue/search.schema';
import type { Db } from '../../infra/db';
import { type Attribute, type Category, productColumns, type ProductRow } from '../catalogue/index';
import { totalAndFacets, totalOnly } from './facets.service';
import type { EffectiveSort, Ordering } from './search.cursor';
import type { ResolvedFilters } from './search.filters';

export interface PageRequest {
  filters: ResolvedFilters;
  sort: EffectiveSort;
  order: Ordering;
  where: SQL;
  cursor: { value: string; id: string } | null;
  /** Rows to read: the page size and one more (whether a next page exists). */
  limit: number;
  offset: number;
  facets: boolean;
  /** The total and, when asked, the facets from elsewhere (the whole catalogue's, memoized): not counted here. */
  counts?: (facets: boolean) => Promise<{ total: number; facets: Facets | null }>;
}

export interface PageRows {
  rows: (ProductRow & { sortKey: string })[];
  total: number;
  facets: Facets | null;
}

/**
 * The ids and sort keys of one page. A price or date order within a category and its descendants reads each
 * category's own (category_id, sort key) index for at most `limit + offset` rows and merges them: walking the
 * global price index instead can skip tens of thousands of other categories' products before it finds a page.
 */
function pageIds({ filters, sort, order, where, cursor, limit, offset }: PageRequest): SQL {
  const after = cursor ? sql`and ${order.after(cursor.value, cursor.id)}` : sql``;
  const merged = sort === 'price_asc' || sort === 'price_desc' || sort === 'newest';
  if (filters.categoryIds && !filters.text && merged) {
    const dir = sort === 'price_asc' ? sql`asc` : sql`desc`;
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

/** Whole rows for ids found elsewhere, in the given order. */
async function rowsOf(db: Db, page: { id: string; key: number }[]): Promise<PageRows['rows']> {
  if (!page.length) return [];
  const ids = sql.join(
    page.map((r) => sql`${r.id}::uuid`),
    sql`, `,
  );
  const { rows } = await db.execute<ProductRow>(
    sql`select ${productColumns} from products p where p.id in (${ids})`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return page.flatMap((r) => {
    const row = byId.get(r.id);
    return row ? [{ ...row, sortKey: String(r.key) }] : [];
  });
}

/**
 * One page of products with the total and, when asked, the facets. A relevance-ordered text search with facets
 * reads its matching rows once: the page is ranked from the same CTE the facets count (both walk every match, and
 * the heap reads of thousands of matches are most of a search's cost). Other pages are found by their sort index
 * while the facets are counted on another connection.
 */
export async function readPage(
  db: Db,
  cats: Category[],
  attrs: Attribute[],
  req: PageRequest,
): Promise<PageRows> {
  const { order, where, cursor, limit, offset } = req;
  if (req.facets && req.sort === 'relevance') {
    const after = cursor
      ? sql`(m.k < ${cursor.value}::float8 or (m.k = ${cursor.value}::float8 and m.id > ${cursor.id}::uuid))`
      : null;
    const counted = await totalAndFacets(db, where, cats, attrs, { key: order.key, after, limit, offset });
    return { rows: await rowsOf(db, counted.page), total: counted.total, facets: counted.facets };
  }
  const [{ rows }, counted] = await Promise.all([
    // The page's ids are found first (sort keys only); whole rows are read for those alone.
    db.execute<ProductRow & { sortKey: string }>(sql`
      select ${productColumns}, t."sortKey" from (${pageIds(req)}) t
      join products p on p.id = t.id
      order by ${order.by}`),
    req.counts
      ? req.counts(req.facets)
      : req.facets
        ? totalAndFacets(db, where, cats, attrs)
        : totalOnly(db, where).then((total) => ({ total, facets: null })),
  ]);
  return { rows, total: counted.total, facets: counted.facets };
}
