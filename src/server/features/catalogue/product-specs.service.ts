import { sql } from 'drizzle-orm';
import type { ProductSpecsInput } from '@shared/catalogue/catalogue.schema';
import { fieldError } from '../../infra/errors';
import type { Tx } from '../../infra/db';
import { loadCategories } from './categories.service';
import { attributeOrder, loadAttributes, specProblem } from './specs.service';

/**
 * Sets or (null) removes a product's spec values inside its write transaction. Each key must be an attribute of the
 * product's category or an ancestor; numbers are canonical. The search vector is recomputed, as the CSV import does.
 */
export async function writeProductSpecs(
  tx: Tx,
  productId: string,
  categoryId: string | null,
  specs: ProductSpecsInput | undefined,
): Promise<void> {
  const entries = Object.entries(specs ?? {});
  if (entries.length === 0) return;
  // One after the other: a transaction is one connection, and node-postgres refuses overlapping queries on one (pg@9).
  const cats = await loadCategories(tx);
  const attrs = await loadAttributes(tx);
  const allowed = new Set(attributeOrder(cats, categoryId));
  const byKey = new Map(attrs.map((a) => [a.key, a]));
  const set: { attributeId: number; v: number | string }[] = [];
  const removed: number[] = [];
  for (const [key, v] of entries) {
    const attr = byKey.get(key);
    if (!attr || !allowed.has(key))
      throw fieldError('bad_request', `specs.${key}`, "is not a spec of this product's category");
    if (v === null) {
      removed.push(attr.id);
      continue;
    }
    const problem = specProblem(attr.type, v);
    if (problem) throw fieldError('bad_request', `specs.${key}`, problem);
    set.push({ attributeId: attr.id, v: typeof v === 'string' ? v.trim() : v });
  }
  if (removed.length)
    await tx.execute(sql`delete from product_specs where product_id = ${productId}::uuid
      and attribute_id = any(${sql.param(removed)}::int[])`);
  if (set.length)
    await tx.execute(sql`
      insert into product_specs (product_id, attribute_id, value, value_text)
      select ${productId}::uuid, * from unnest(${sql.param(set.map((s) => s.attributeId))}::int[],
        ${sql.param(set.map((s) => (typeof s.v === 'number' ? s.v : null)))}::float8[],
        ${sql.param(set.map((s) => (typeof s.v === 'string' ? s.v : null)))}::text[])
      on conflict (product_id, attribute_id) do update set value = excluded.value, value_text = excluded.value_text`);
  // Spec values are searchable words: refresh the vector and the "did you mean" vocabulary.
  await tx.execute(sql`
    update products p set search_vector = product_search_vector(p) where p.id = ${productId}::uuid`);
  await tx.execute(sql`
    insert into search_terms (term)
    select distinct unnest(tsvector_to_array(search_vector)) from products where id = ${productId}::uuid
    order by 1 on conflict do nothing`);
}
