import { sql, type SQL } from 'drizzle-orm';
import { parseRange, SPEC_PREFIX, type SearchQuery } from '@shared/catalogue/search.schema';
import { fieldError } from '../../infra/errors';
import type { Db } from '../../infra/db';
import { type Attribute, bySlug, type Category, descendantIds } from '../catalogue/index';
import { parseTextQuery, type TextQuery } from './search.terms';
import { dollarsToCents } from '@shared/common/money';

export interface ResolvedFilters<T extends TextQuery = TextQuery> {
  text: T | null;
  categoryIds: string[] | null;
  brands: string[] | null;
  inStock: boolean | null;
  priceCents: { min: number | null; max: number | null } | null;
  specs: { attributeId: number; min: number | null; max: number | null }[];
  /** Only these products (the equipment feature's "fits my equipment"); null: no such restriction. */
  productIds: readonly string[] | null;
}

const badParam = (param: string, message: string) => fieldError('bad_request', param, message);

/** Turns the validated query into database terms: category slug → ids (with descendants), spec keys → ids. */
export async function resolveFilters<T extends TextQuery = TextQuery>(
  db: Db,
  query: SearchQuery,
  cats: Category[],
  attrs: Attribute[],
  parse: (q: string) => Promise<T> = (q) => parseTextQuery(db, q) as Promise<T>,
): Promise<ResolvedFilters<T>> {
  let categoryIds: string[] | null = null;
  if (query.category) {
    const root = bySlug(cats, query.category);
    if (!root) throw badParam('category', 'no such category');
    categoryIds = descendantIds(cats, root.id);
  }
  const specs: ResolvedFilters<T>['specs'] = [];
  for (const [key, value] of Object.entries(query)) {
    if (!key.startsWith(SPEC_PREFIX)) continue;
    const attr = attrs.find((a) => a.key === key.slice(SPEC_PREFIX.length));
    if (!attr || attr.type !== 'number') throw badParam(key, 'no such numeric spec');
    // Turned off by the admin: not offered on the page, so not taken from a URL either (one rule for both paths).
    if (!attr.filterable) throw badParam(key, 'is not a filter of the catalogue');
    const range = parseRange(String(value))!;
    specs.push({ attributeId: attr.id, ...range });
  }
  const price = query.price ? parseRange(query.price)! : null;
  return {
    text: query.q ? await parse(query.q) : null,
    categoryIds,
    brands: query.brand === undefined ? null : Array.isArray(query.brand) ? query.brand : [query.brand],
    inStock: query.inStock ?? null,
    priceCents: price && {
      min: price.min === null ? null : dollarsToCents(price.min),
      max: price.max === null ? null : dollarsToCents(price.max),
    },
    specs,
    productIds: null,
  };
}

const list = (values: string[], cast = '') =>
  sql.join(
    values.map((v) => sql`${v}${sql.raw(cast)}`),
    sql`, `,
  );

/** `lower(p.sku)` starts with the text: a range on the text_pattern_ops index, no LIKE escaping needed. */
export const skuPrefix = (s: string) =>
  sql`(lower(p.sku) ~>=~ ${s} and lower(p.sku) ~<~ (${s} || chr(1114111)))`;

/** The WHERE clause of every catalogue query over `products p`. */
export function whereOf(f: ResolvedFilters): SQL {
  const parts: SQL[] = [sql`p.archived_at is null`];
  if (f.text) {
    const fullText = f.text.tsquery ? sql`p.search_vector @@ ${f.text.tsquery}::tsquery` : sql`false`;
    parts.push(sql`(${fullText} or ${skuPrefix(f.text.sku)})`);
  }
  if (f.categoryIds) parts.push(sql`p.category_id in (${list(f.categoryIds, '::uuid')})`);
  if (f.brands) parts.push(sql`p.brand in (${list(f.brands)})`);
  if (f.productIds) parts.push(sql`p.id = any(${sql.param(f.productIds)}::uuid[])`);
  if (f.inStock === true) parts.push(sql`p.quantity >= p.min_order`);
  if (f.inStock === false) parts.push(sql`p.quantity < p.min_order`);
  if (f.priceCents?.min != null) parts.push(sql`p.price_cents >= ${f.priceCents.min}`);
  if (f.priceCents?.max != null) parts.push(sql`p.price_cents <= ${f.priceCents.max}`);
  // With another indexed filter, the rows it finds are checked against their own spec array; alone, a spec range
  // is a semi-join driven by product_specs_range_idx.
  const narrowed = Boolean(f.text || f.categoryIds || f.brands);
  for (const s of f.specs) {
    if (narrowed) {
      const value = sql`p.spec_values[${s.attributeId}::int]`;
      parts.push(sql`${value} is not null`);
      if (s.min !== null) parts.push(sql`${value} >= ${s.min}::float8`);
      if (s.max !== null) parts.push(sql`${value} <= ${s.max}::float8`);
      continue;
    }
    const bounds = [
      s.min === null ? sql`` : sql` and s.value >= ${s.min}::float8`,
      s.max === null ? sql`` : sql` and s.value <= ${s.max}::float8`,
    ];
    parts.push(
      sql`exists (select 1 from product_specs s where s.product_id = p.id and s.attribute_id = ${s.attributeId}::int and s.value is not null${bounds[0]}${bounds[1]})`,
    );
  }
  return sql.join(parts, sql` and `);
}
