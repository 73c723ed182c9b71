import { sql } from 'drizzle-orm';
import type { SuggestResult } from '@shared/catalogue/search.schema';
import type { Db } from '../../infra/db';
import { rankOf } from './search.cursor';
import { skuPrefix, whereOf, type ResolvedFilters } from './search.filters';
import { parseTextQuery } from './search.terms';
import { centsToDollars } from '@shared/common/money';

const LIMIT = 5;

/*
 * A query that some live product's SKU begins with is a part number being typed: its words are not corrected as
 * misspellings (a partial `we-000l` is not a typo of `we-000lx`, and correcting it weighs a part number's trigrams
 * against most of the vocabulary). Products then match by the words the catalogue knows and by SKU prefix. Both
 * paths apply this rule, so they keep giving the same answer.
 */

/** The PostgreSQL path (the oracle, and the answer while the index is not ready). */
export async function suggestDatabase(db: Db, q: string): Promise<SuggestResult> {
  const sku = q.trim().toLowerCase();
  const { rows } = await db.execute<{ typing: boolean }>(
    sql`select exists (select 1 from products p where p.archived_at is null and ${skuPrefix(sku)}) as typing`,
  );
  const text = await parseTextQuery(db, q, { correct: !(sku && rows[0]?.typing) });
  const filters: ResolvedFilters = {
    text,
    categoryIds: null,
    brands: null,
    inStock: null,
    priceCents: null,
    specs: [],
    productIds: null,
  };
  const [products, categories, skus] = await Promise.all([
    db.execute<{ _id: string; name: string; sku: string; img: string; priceCents: number }>(sql`
      select p.id as "_id", p.name, p.sku, p.img, p.price_cents as "priceCents" from products p
      where ${whereOf(filters)} order by ${rankOf(text)} desc, p.id limit ${LIMIT}`),
    // A few dozen categories: matched by any word or by trigram similarity to the whole query.
    db.execute<{ slug: string; name: string }>(sql`
      select slug, name from categories
      where name ilike '%' || ${q.replace(/[\\%_]/g, (c) => `\\${c}`)} || '%' or similarity(name, ${q}) > 0.3
      order by similarity(name, ${q}) desc, position limit ${LIMIT}`),
    db.execute<{ _id: string; sku: string; name: string }>(sql`
      select p.id as "_id", p.sku, p.name from products p
      where p.archived_at is null and ${skuPrefix(text.sku)} order by lower(p.sku) limit ${LIMIT}`),
  ]);
  return {
    products: products.rows.map(({ priceCents, ...p }) => ({ ...p, price: centsToDollars(priceCents) })),
    categories: categories.rows,
    skus: skus.rows,
  };
}
