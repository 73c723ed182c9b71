import { sql, type SQL } from 'drizzle-orm';
import type { Facets } from '@shared/catalogue/search.schema';
import type { Db } from '../../infra/db';
import { type Attribute, type Category, depthFirst, rollUp, toRef } from '../catalogue/index';
import { centsToDollars } from '@shared/common/money';

/** Price bucket edges in cents: under $100, $100–500, $500–1,000, $1,000–5,000, $5,000–10,000, $10,000 and up. */
export const PRICE_EDGES_CENTS = [10_000, 50_000, 100_000, 500_000, 1_000_000];

interface FacetRow extends Record<string, unknown> {
  kind: 'total' | 'category' | 'brand' | 'stock' | 'price' | 'spec' | 'page';
  key: string | null;
  n: number;
  lo: number | null;
  hi: number | null;
}

/**
 * A page by a numeric key (descending, ties by id ascending) picked from the same matching rows as the facets, so a
 * text search reads its matches once: `key` over `products p`, `after` over the CTE's `k` and `id`.
 */
export interface KeyedPage {
  key: SQL;
  after: SQL | null;
  limit: number;
  offset: number;
}

export interface Counted {
  total: number;
  facets: Facets;
  /** The page's ids and keys, in order, when a KeyedPage was asked for. */
  page: { id: string; key: number }[];
}

/**
 * Up to this many numeric specs are counted in one pass over the matches, three aggregates each; beyond it, the
 * arrays are unnested and grouped (a pass per spec would cost more than the grouping).
 */
const ONE_PASS_SPECS = 24;

/** The specs the catalogue offers as filters: numbers the admin left filterable. */
export const isFilter = (a: Attribute) => a.type === 'number' && a.filterable;

/** Count, min and max of every filterable spec over the matches `m`, one row per spec that any match has. */
function specFacets(attrs: Attribute[]): SQL {
  const ids = attrs.filter((a) => isFilter(a) && Number.isSafeInteger(a.id)).map((a) => a.id);
  if (!ids.length) return sql``;
  if (ids.length > ONE_PASS_SPECS)
    return sql`union all select 'spec', u.attribute_id::text, count(*)::int, min(u.value), max(u.value)
      from m cross join lateral unnest(m.spec_values) with ordinality as u(value, attribute_id)
      where u.value is not null and u.attribute_id = any(${sql.param(ids)}::int[]) group by u.attribute_id`;
  // Aggregates skip nulls, so count(spec_values[i]) counts the matches that have spec i.
  const at = (id: number) => sql.raw(`m.spec_values[${id}]`);
  const columns = sql.join(
    ids.map((id) => sql`count(${at(id)})::int, min(${at(id)}), max(${at(id)})`),
    sql`, `,
  );
  const names = ids.flatMap((id) => [`n${id}`, `lo${id}`, `hi${id}`]).join(', ');
  const perSpec = sql.join(
    ids.map((id) => sql.raw(`(${id}, a.n${id}, a.lo${id}, a.hi${id})`)),
    sql`, `,
  );
  return sql`union all select 'spec', s.id::text, s.n, s.lo, s.hi
    from (select ${columns} from m) as a(${sql.raw(names)})
    cross join lateral (values ${perSpec}) as s(id, n, lo, hi) where s.n > 0`;
}

/**
 * The total and every facet of the current query (all its filters applied) in one statement: the matching
 * products are read once into a CTE, then grouped per facet. Spec ranges come from each product's own
 * `spec_values` array (a join to product_specs costs a hash of every spec row, or one probe per match).
 */
export async function totalAndFacets(
  db: Db,
  where: SQL,
  cats: Category[],
  attrs: Attribute[],
  keyed?: KeyedPage,
): Promise<Counted> {
  const edges = sql.raw(`array[${PRICE_EDGES_CENTS.join(',')}]`);
  const pageRows = keyed
    ? sql`union all (select 'page', m.id::text, 0, m.k, null from m ${keyed.after ? sql`where ${keyed.after}` : sql``}
        order by m.k desc, m.id asc limit ${keyed.limit} offset ${keyed.offset})`
    : sql``;
  const { rows } = await db.execute<FacetRow>(sql`
    with m as materialized (
      select p.id, p.category_id, p.brand, p.price_cents, p.quantity >= p.min_order as in_stock, p.spec_values
        ${keyed ? sql`, ${keyed.key} as k` : sql``}
      from products p where ${where})
    select 'total' as kind, null::text as key, count(*)::int as n, null::float8 as lo, null::float8 as hi from m
    union all select 'category', category_id::text, count(*)::int, null, null
      from m where category_id is not null group by category_id
    union all select 'brand', brand, count(*)::int, null, null from m where brand is not null group by brand
    union all select 'stock', in_stock::text, count(*)::int, null, null from m group by in_stock
    union all select 'price', width_bucket(price_cents, ${edges})::text, count(*)::int, null, null from m group by 2
    ${specFacets(attrs)}
    ${pageRows}`);

  const of = (kind: FacetRow['kind']) => rows.filter((r) => r.kind === kind);
  const stock = new Map(of('stock').map((r) => [r.key, r.n]));
  return {
    total: of('total')[0]?.n ?? 0,
    page: of('page')
      .map((r) => ({ id: r.key!, key: r.lo! }))
      .sort((a, b) => b.key - a.key || (a.id < b.id ? -1 : 1)),
    facets: facetsOf(cats, attrs, {
      ownCounts: new Map(of('category').map((r) => [r.key!, r.n])),
      brands: of('brand').map((r) => ({ brand: r.key!, count: r.n })),
      stock: { inStock: stock.get('true') ?? 0, outOfStock: stock.get('false') ?? 0 },
      buckets: new Map(of('price').map((r) => [Number(r.key), r.n])),
      specs: new Map(of('spec').map((r) => [Number(r.key), { n: r.n, lo: r.lo!, hi: r.hi! }])),
    }),
  };
}

/** What the facets are made of, however they were counted (PostgreSQL or the in-process index). */
export interface FacetCounts {
  /** Matches per category id, each in its own category only (rolled up here). */
  ownCounts: Map<string, number>;
  brands: { brand: string; count: number }[];
  stock: { inStock: number; outOfStock: number };
  /** Matches per price bucket, numbered as width_bucket numbers them (below the first edge: 0). */
  buckets: Map<number, number>;
  /** Count, min and max per numeric spec attribute id, for the specs any match has. */
  specs: Map<number, { n: number; lo: number; hi: number }>;
}

export function facetsOf(cats: Category[], attrs: Attribute[], c: FacetCounts): Facets {
  const counts = rollUp(cats, c.ownCounts);
  const slugOf = new Map(cats.map((x) => [x.id, x.slug]));
  const bounds = [0, ...PRICE_EDGES_CENTS];
  return {
    categories: depthFirst(cats)
      .filter(({ category }) => (counts.get(category.id) ?? 0) > 0)
      .map(({ category: x }) => ({
        ...toRef(x),
        parentSlug: x.parentId ? (slugOf.get(x.parentId) ?? null) : null,
        count: counts.get(x.id)!,
      })),
    brands: [...c.brands].sort((a, b) => b.count - a.count || a.brand.localeCompare(b.brand)),
    inStock: c.stock,
    price: bounds.map((lo, i) => ({
      min: centsToDollars(lo),
      max: i < PRICE_EDGES_CENTS.length ? centsToDollars(PRICE_EDGES_CENTS[i]!) : null,
      count: c.buckets.get(i) ?? 0,
    })),
    specs: attrs
      .filter((a) => isFilter(a) && c.specs.has(a.id))
      .map((a) => {
        const r = c.specs.get(a.id)!;
        return { key: a.key, label: a.label, unitKind: a.unitKind, min: r.lo, max: r.hi, count: r.n };
      }),
  };
}

export async function totalOnly(db: Db, where: SQL): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from products p where ${where}`,
  );
  return rows[0]?.n ?? 0;
}
