import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { breaksToCents, type PriceBreak, type PriceBreakCents } from '@shared/catalogue/pricing';
import { productPriceBreaks } from '../../db/schema';
import type { Db, Tx } from '../../infra/db';

/** What ordering, the cart and the checkout need to know of a product to price and check a quantity. */
export interface ProductPricing {
  id: string;
  name: string;
  sku: string;
  img: string;
  priceCents: number;
  /** Stock now (inside a transaction: as this transaction sees it). */
  quantity: number;
  minOrder: number;
  packSize: number;
  archived: boolean;
  /** More than the stock may be ordered: the rest goes on backorder and ships after `leadTimeDays` (decision 037). */
  backorderable: boolean;
  leadTimeDays: number | null;
  /** Sorted by minimum quantity; empty when the product has one price. */
  breaks: PriceBreakCents[];
  /** The buyer's contract unit price (their company's valid price lists), or null: see `unitPriceCentsAt`. */
  contractCents: number | null;
}

/**
 * The most units the stock rules allow: the stock, or for a backorderable product with a lead time any number (the
 * rest goes on backorder, decision 037). Other products keep the spec's stock message.
 */
export const orderableStock = (p: Pick<ProductPricing, 'quantity' | 'backorderable' | 'leadTimeDays'>) =>
  p.backorderable && p.leadTimeDays !== null ? Number.MAX_SAFE_INTEGER : p.quantity;

/** The price breaks of several products, each list sorted by minimum quantity (absent: no breaks). */
export async function loadBreaks(
  db: Db | Tx,
  productIds: readonly string[],
): Promise<Map<string, PriceBreakCents[]>> {
  const out = new Map<string, PriceBreakCents[]>();
  if (productIds.length === 0) return out;
  const rows = await db
    .select()
    .from(productPriceBreaks)
    .where(inArray(productPriceBreaks.productId, [...new Set(productIds)]))
    .orderBy(asc(productPriceBreaks.productId), asc(productPriceBreaks.minQuantity));
  for (const b of rows) {
    const list = out.get(b.productId) ?? [];
    list.push({ minQuantity: b.minQuantity, unitPriceCents: b.unitPriceCents });
    out.set(b.productId, list);
  }
  return out;
}

/** Today as the price lists' validity dates read it: the UTC day (the shop's dates are UTC days). */
export const pricingDay = () => new Date().toISOString().slice(0, 10);

/**
 * The buyer's contract unit price of each product, in cents; products without one are absent. The buyer's company is
 * read from `company_members` now, on every call (nothing caches it): a member who leaves pays the list price at once.
 * Of the company's lists valid today (valid_from ≤ today ≤ valid_to, both days included), every rule that matches
 * the product counts and the lowest price wins: a SKU's fixed price, or the list price less a percentage for the
 * product's category or any of its ancestors, or for its brand (any case). Never below 1 cent.
 */
export async function contractPrices(
  db: Db | Tx,
  buyerId: string | null | undefined,
  productIds: readonly string[],
): Promise<Map<string, number>> {
  const ids = [...new Set(productIds)];
  const out = new Map<string, number>();
  if (!buyerId || ids.length === 0) return out;
  const rows = await db.execute<{ id: string; cents: number | null }>(contractQuery(buyerId, ids, sql``));
  for (const r of rows.rows) if (r.cents !== null) out.set(r.id, Number(r.cents));
  return out;
}

/** The contract prices' statement (see `contractPrices`), selecting `columns` of each product `p` beside its price. */
function contractQuery(buyerId: string, ids: readonly string[], columns: SQL) {
  const day = pricingDay();
  return sql`
    with recursive lists as (
      select l.id from company_price_lists l
      join company_members m on m.company_id = l.company_id and m.user_id = ${buyerId}
      where l.valid_from <= ${day}::date and (l.valid_to is null or l.valid_to >= ${day}::date)
    ),
    rules as (select r.* from price_list_rules r where r.price_list_id in (select id from lists)),
    -- a category rule covers the category and its descendants
    covered(category_id, bp) as (
      select category_id, percent_off_bp from rules where category_id is not null
      union all
      select c.id, covered.bp from categories c join covered on c.parent_id = covered.category_id
    )
    -- greatest() skips nulls: the floor of 1 cent is applied only to a price some rule gave
    select priced.*, case when raw_cents is null then null else greatest(1, raw_cents)::int end as cents from (
    select p.id${columns}, least(
      (select min(r.unit_price_cents) from rules r where r.product_id = p.id),
      (select round(p.price_cents * (10000 - max(c.bp)) / 10000.0) from covered c where c.category_id = p.category_id),
      (select round(p.price_cents * (10000 - max(r.percent_off_bp)) / 10000.0) from rules r
        where r.brand is not null and lower(r.brand) = lower(p.brand))
    ) as raw_cents
    from products p
    where p.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})) priced`;
}

type PricingRow = {
  id: string;
  name: string;
  sku: string;
  img: string;
  price_cents: number;
  quantity: number;
  min_order: number;
  pack_size: number;
  archived: boolean;
  backorderable: boolean;
  lead_time_days: number | null;
  breaks: [number, number][];
  cents: number | null;
};

/**
 * Loads the pricing of several products in one statement (ordering reads it in its transaction, where every round
 * trip counts), with the buyer's contract prices when a buyer is given — the products, their breaks and the contract
 * prices together (issue 38: one round trip, not two); products that don't exist are absent.
 */
export async function loadPricing(
  db: Db | Tx,
  productIds: readonly string[],
  buyerId?: string | null,
): Promise<Map<string, ProductPricing>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const columns = sql`, p.name, p.sku, p.img, p.price_cents, p.quantity, p.min_order, p.pack_size,
    p.archived_at is not null as archived, p.backorderable, p.lead_time_days, coalesce((
      select json_agg(json_build_array(b.min_quantity, b.unit_price_cents) order by b.min_quantity)
      from product_price_breaks b where b.product_id = p.id), '[]'::json) as breaks`;
  const rows = buyerId
    ? (await db.execute<PricingRow>(contractQuery(buyerId, ids, columns))).rows
    : (
        await db.execute<PricingRow>(
          sql`select p.id${columns}, null::int as cents from products p where p.id = any(${sql.param(ids)}::uuid[])`,
        )
      ).rows;
  const out = new Map<string, ProductPricing>();
  for (const r of rows) {
    out.set(r.id, {
      id: r.id,
      name: r.name,
      sku: r.sku,
      img: r.img,
      priceCents: Number(r.price_cents),
      quantity: Number(r.quantity),
      minOrder: Number(r.min_order),
      packSize: Number(r.pack_size),
      archived: r.archived,
      backorderable: r.backorderable,
      leadTimeDays: r.lead_time_days === null ? null : Number(r.lead_time_days),
      breaks: r.breaks.map(([minQuantity, unitPriceCents]) => ({ minQuantity, unitPriceCents })),
      contractCents: r.cents === null ? null : Number(r.cents),
    });
  }
  return out;
}

/**
 * Replaces a product's price breaks (the caller's transaction holds the product's row lock, so a concurrent order
 * prices against the old list or the new one, never half of each).
 */
export async function writeBreaks(tx: Tx, productId: string, breaks: readonly PriceBreak[]) {
  await tx.delete(productPriceBreaks).where(eq(productPriceBreaks.productId, productId));
  if (breaks.length)
    await tx.insert(productPriceBreaks).values(breaksToCents(breaks).map((b) => ({ productId, ...b })));
}

/** Many products' breaks replaced in two statements (the CSV import). */
export async function writeBreaksBulk(tx: Tx, changes: { productId: string; breaks: PriceBreakCents[] }[]) {
  if (changes.length === 0) return;
  const ids = changes.map((c) => c.productId);
  const rows = changes.flatMap((c) => c.breaks.map((b) => ({ productId: c.productId, ...b })));
  await tx.delete(productPriceBreaks).where(inArray(productPriceBreaks.productId, ids));
  if (rows.length)
    await tx.execute(sql`
      insert into product_price_breaks (product_id, min_quantity, unit_price_cents)
      select * from unnest(${sql.param(rows.map((r) => r.productId))}::uuid[],
        ${sql.param(rows.map((r) => r.minQuantity))}::int[], ${sql.param(rows.map((r) => r.unitPriceCents))}::int[])`);
}
