import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../infra/db';
import { answerWaiting, moveStockBulk, type BackInStockMail } from '../inventory/inventory.service';
import { breaksKey, breaksKeySql } from './catalogue-csv.pricing';
import type { ImportRow, ProductState } from './catalogue-csv.rows';
import { shippingChanged, shippingSelect, writeShipping } from './catalogue-csv.shipping';
import { writeBreaksBulk } from '../catalogue/index';

const param = <T>(values: T[]) => sql.param(values);

/** The products of these SKUs (lower-cased keys), locked for the rest of the transaction when `lock`. */
export async function findBySku(
  db: Db | Tx,
  skus: string[],
  lock = false,
): Promise<Map<string, ProductState>> {
  if (skus.length === 0) return new Map();
  const { rows } = await db.execute<ProductState & Record<string, unknown>>(sql`
    select id, archived_at is not null as archived, sku, name, brand, category_id as "categoryId",
      price_cents as "priceCents", quantity, min_order as "minOrder", description, img, pack_size as "packSize",
      low_stock_threshold as "lowStockThreshold", ${breaksKeySql} as "priceBreaks", ${shippingSelect}
    from products where lower(sku) = any(${param(skus.map((s) => s.toLowerCase()))}::text[])
    ${lock ? sql`for update` : sql``}`);
  return new Map(rows.map((r) => [r.sku.toLowerCase(), r]));
}

async function specsOf(tx: Tx, ids: string[]): Promise<Map<string, Map<number, number | string>>> {
  const out = new Map<string, Map<number, number | string>>();
  if (ids.length === 0) return out;
  const { rows } = await tx.execute<{
    productId: string;
    attributeId: number;
    v: number | string | null;
  }>(sql`
    select product_id as "productId", attribute_id as "attributeId", coalesce(value::text, value_text) as v
    from product_specs where product_id = any(${param(ids)}::uuid[])`);
  for (const r of rows) {
    if (!out.has(r.productId)) out.set(r.productId, new Map());
    out.get(r.productId)!.set(r.attributeId, r.v ?? '');
  }
  return out;
}

const sameSpecs = (want: Map<number, number | string>, have: Map<number, number | string> | undefined) =>
  [...want].every(([id, v]) => have?.has(id) && String(have.get(id)) === String(v));

export interface WriteContext {
  categoryIds: Map<string, string>;
  actorEmail: string;
  /** Products the import makes orderable again mail the customers waiting for them. */
  notify: BackInStockMail;
}

/**
 * The batch's rows for existing products against what is stored: the products whose columns change, the stock moves,
 * the new price breaks, the products that may be orderable again, the ids whose search vector must be computed again
 * (by SKU), and how many products the rows change at all.
 */
function compareExisting(
  ctx: WriteContext,
  old: ImportRow[],
  existing: Map<string, ProductState>,
  oldSpecs: Map<string, Map<number, number | string>>,
) {
  const changed: ProductState[] = [];
  const stock: { productId: string; delta: number }[] = [];
  const breaks: { productId: string; breaks: NonNullable<ImportRow['priceBreaks']> }[] = [];
  const ids = new Map<string, string>();
  const maybeBack: string[] = [];
  let updated = 0;
  for (const r of old) {
    const was = existing.get(r.sku.toLowerCase())!;
    ids.set(r.sku.toLowerCase(), was.id);
    const next: ProductState = {
      ...was,
      name: r.name ?? was.name,
      brand: r.brand ?? was.brand,
      categoryId: r.category ? ctx.categoryIds.get(r.category)! : was.categoryId,
      priceCents: r.priceCents ?? was.priceCents,
      minOrder: r.minOrder ?? was.minOrder,
      description: r.description ?? was.description,
      img: r.img ?? was.img,
      packSize: r.packSize ?? was.packSize,
      lowStockThreshold: r.lowStockThreshold !== undefined ? r.lowStockThreshold : was.lowStockThreshold,
    };
    const columns = (
      [
        'name',
        'brand',
        'categoryId',
        'priceCents',
        'minOrder',
        'description',
        'img',
        'packSize',
        'lowStockThreshold',
      ] as const
    ).some((k) => next[k] !== was[k]);
    const repriced = r.priceBreaks !== undefined && breaksKey(r.priceBreaks) !== (was.priceBreaks ?? '');
    if (repriced) breaks.push({ productId: was.id, breaks: r.priceBreaks! });
    // More stock, a lower minimum or a smaller pack may let waiting customers order again.
    if ((r.quantity ?? 0) > was.quantity || next.minOrder < was.minOrder || next.packSize !== was.packSize)
      maybeBack.push(was.id);
    const specs = !sameSpecs(r.specs, oldSpecs.get(was.id));
    const restocked = r.quantity !== undefined && r.quantity !== was.quantity;
    if (columns) changed.push(next);
    if (restocked) stock.push({ productId: was.id, delta: r.quantity! - was.quantity });
    // Only new text or specs change a search vector.
    if (!columns && !specs) ids.delete(r.sku.toLowerCase());
    if (columns || specs || restocked || repriced || shippingChanged(was, r)) updated++;
  }
  return { changed, stock, breaks, maybeBack, ids, updated };
}

/**
 * Writes one batch of valid rows inside the import's transaction: inserts the new SKUs, updates only the products
 * whose values differ (an unchanged re-import rewrites nothing), moves changed stock through the ledger, upserts
 * the specs, then computes the touched products' search vectors set-wise.
 */
export async function writeBatch(
  tx: Tx,
  ctx: WriteContext,
  rows: ImportRow[],
  existing: Map<string, ProductState>,
): Promise<{ created: number; updated: number }> {
  const fresh = rows.filter((r) => !existing.has(r.sku.toLowerCase()));
  const freshIds = await insertFresh(tx, ctx, fresh);
  const old = rows.filter((r) => existing.has(r.sku.toLowerCase()));
  const oldSpecs = await specsOf(
    tx,
    old.map((r) => existing.get(r.sku.toLowerCase())!.id),
  );
  const { changed, stock, breaks, maybeBack, ids, updated } = compareExisting(ctx, old, existing, oldSpecs);
  breaks.unshift(
    ...fresh.flatMap((r, i) =>
      r.priceBreaks?.length ? [{ productId: freshIds[i]!, breaks: r.priceBreaks }] : [],
    ),
  );
  await updateColumns(tx, changed);
  await writeShipping(tx, [
    ...fresh.map((r, i) => ({ id: freshIds[i]!, was: undefined, r })),
    ...old.map((r) => {
      const was = existing.get(r.sku.toLowerCase())!;
      return { id: was.id, was, r };
    }),
  ]);
  await moveStockBulk(tx, stock, 'import', ctx.actorEmail, ctx.notify);
  await writeBreaksBulk(tx, breaks);
  await answerWaiting(tx, maybeBack, ctx.notify);
  await writeSpecsAndVectors(tx, old, ids);
  return { created: fresh.length, updated };
}

/** The changed products' columns, in one statement. */
async function updateColumns(tx: Tx, changed: ProductState[]) {
  if (!changed.length) return;
  await tx.execute(sql`
      update products p set name = u.name, brand = u.brand, category_id = u.category_id, price_cents = u.price_cents,
        min_order = u.min_order, description = u.description, img = u.img, pack_size = u.pack_size,
        low_stock_threshold = u.low_stock_threshold
      from unnest(${param(changed.map((c) => c.id))}::uuid[], ${param(changed.map((c) => c.name))}::text[],
        ${param(changed.map((c) => c.brand))}::text[], ${param(changed.map((c) => c.categoryId))}::uuid[],
        ${param(changed.map((c) => c.priceCents))}::int[], ${param(changed.map((c) => c.minOrder))}::int[],
        ${param(changed.map((c) => c.description))}::text[], ${param(changed.map((c) => c.img))}::text[],
        ${param(changed.map((c) => c.packSize))}::int[], ${param(changed.map((c) => c.lowStockThreshold))}::int[])
        as u(id, name, brand, category_id, price_cents, min_order, description, img, pack_size, low_stock_threshold)
      where p.id = u.id`);
}

/** The changed specs upserted, then the touched products' search vectors and spec arrays, and their new words. */
async function writeSpecsAndVectors(tx: Tx, old: ImportRow[], ids: Map<string, string>) {
  const specRows = old.flatMap((r) => {
    const id = ids.get(r.sku.toLowerCase());
    // Unchanged specs are not rewritten.
    return id ? [...r.specs].map(([attributeId, v]) => ({ id, attributeId, v })) : [];
  });
  if (specRows.length) {
    await tx.execute(sql`
      insert into product_specs (product_id, attribute_id, value, value_text)
      select * from unnest(${param(specRows.map((s) => s.id))}::uuid[],
        ${param(specRows.map((s) => s.attributeId))}::int[],
        ${param(specRows.map((s) => (typeof s.v === 'number' ? s.v : null)))}::float8[],
        ${param(specRows.map((s) => (typeof s.v === 'string' ? s.v : null)))}::text[])
      on conflict (product_id, attribute_id) do update set value = excluded.value, value_text = excluded.value_text`);
  }
  const touched = [...ids.values()];
  if (touched.length) {
    // The spec triggers are skipped in the import's transaction: the spec array is written here, with the vector.
    await tx.execute(sql`
      update products p set search_vector = product_search_vector(p), spec_values = product_spec_values(p.id)
      where p.id = any(${param(touched)}::uuid[])`);
  }
  // New products' words were added by their insert.
  if (touched.length) {
    await tx.execute(sql`
      insert into search_terms (term)
      select distinct unnest(tsvector_to_array(search_vector)) from products where id = any(${param(touched)}::uuid[])
      order by 1 on conflict do nothing`);
  }
}

/**
 * products.spec_values of a new product as an array literal ('{NULL,8,1050}', '' for none): its numeric specs at
 * their attribute ids, what product_spec_values() computes from the spec rows.
 */
function specArrayLiteral(specs: Map<number, number | string>): string {
  const numeric = [...specs].filter((e): e is [number, number] => typeof e[1] === 'number');
  if (numeric.length === 0) return '';
  const cells: string[] = Array.from({ length: Math.max(...numeric.map(([id]) => id)) }, () => 'NULL');
  for (const [id, v] of numeric) cells[id - 1] = String(v);
  return `{${cells.join(',')}}`;
}

/**
 * New products with their specs in one statement, each written once: the search vector is computed in the insert
 * from the same words the per-row trigger uses (name, SKU, brand; category and spec values with units;
 * description), and the spec array from the same values the spec triggers would read back (they are skipped in the
 * import's transaction), instead of inserting and then updating every row.
 */
async function insertFresh(tx: Tx, ctx: WriteContext, fresh: ImportRow[]): Promise<string[]> {
  if (fresh.length === 0) return [];
  const ids = fresh.map(() => randomUUID());
  const specs = fresh.flatMap((r, i) =>
    [...r.specs].map(([attributeId, v]) => ({ id: ids[i]!, attributeId, v })),
  );
  await tx.execute(sql`
    with u as (
      select * from unnest(${param(ids)}::uuid[], ${param(fresh.map((r) => r.sku))}::text[],
        ${param(fresh.map((r) => r.name!))}::text[], ${param(fresh.map((r) => r.brand ?? null))}::text[],
        ${param(fresh.map((r) => (r.category ? ctx.categoryIds.get(r.category)! : null)))}::uuid[],
        ${param(fresh.map((r) => r.priceCents!))}::int[], ${param(fresh.map((r) => r.quantity!))}::int[],
        ${param(fresh.map((r) => r.minOrder ?? 1))}::int[], ${param(fresh.map((r) => r.description!))}::text[],
        ${param(fresh.map((r) => r.img!))}::text[], ${param(fresh.map((r) => r.packSize ?? 1))}::int[],
        ${param(fresh.map((r) => r.lowStockThreshold ?? null))}::int[],
        ${param(fresh.map((r) => specArrayLiteral(r.specs)))}::text[])
        as u(id, sku, name, brand, category_id, price_cents, quantity, min_order, description, img, pack_size,
          low_stock_threshold, spec_array)),
    s as (
      select * from unnest(${param(specs.map((x) => x.id))}::uuid[], ${param(specs.map((x) => x.attributeId))}::int[],
        ${param(specs.map((x) => (typeof x.v === 'number' ? x.v : null)))}::float8[],
        ${param(specs.map((x) => (typeof x.v === 'string' ? x.v : null)))}::text[])
        as s(product_id, attribute_id, value, value_text)),
    words as (
      select s.product_id, string_agg(coalesce(s.value_text, s.value::text || ' ' || coalesce(a.unit, '')), ' ') as text
      from s join spec_attributes a on a.id = s.attribute_id group by s.product_id),
    inserted as (
      insert into products (id, sku, name, brand, category_id, price_cents, quantity, min_order, description, img,
        pack_size, low_stock_threshold, search_vector, spec_values)
      select u.id, u.sku, u.name, u.brand, u.category_id, u.price_cents, u.quantity, u.min_order, u.description, u.img,
        u.pack_size, u.low_stock_threshold,
        catalogue_search_vector(u.name, u.sku, u.brand, c.name, w.text, u.description), nullif(u.spec_array, '')::float8[]
      from u left join categories c on c.id = u.category_id left join words w on w.product_id = u.id
      returning search_vector),
    -- Sorted, so concurrent writers take the terms' index locks in one order.
    terms as (
      insert into search_terms (term) select distinct unnest(tsvector_to_array(search_vector)) from inserted
      order by 1 on conflict do nothing)
    insert into product_specs (product_id, attribute_id, value, value_text) select * from s`);
  return ids;
}

/** Missing categories named by valid rows, created at the top of the tree. Returns how many were added. */
export async function createCategories(tx: Tx, slugs: string[]): Promise<Map<string, string>> {
  if (slugs.length) {
    const names = slugs.map((s) => s.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase()));
    await tx.execute(sql`
      insert into categories (slug, name) select * from unnest(${param(slugs)}::text[], ${param(names)}::text[])
      on conflict (slug) do nothing`);
  }
  const { rows } = await tx.execute<{ id: string; slug: string }>(sql`select id, slug from categories`);
  return new Map(rows.map((r) => [r.slug, r.id]));
}
