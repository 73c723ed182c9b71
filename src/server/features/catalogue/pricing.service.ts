import { asc, eq, inArray, sql } from 'drizzle-orm';
import { breaksToCents, type PriceBreak, type PriceBreakCents } from '@shared/catalogue/pricing';
import { productPriceBreaks, products } from '../../db/schema';
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

/** A product's breaks as `[[minQuantity, unitPriceCents], …]`, sorted, read with the product in one statement. */
const breaksOf = sql<[number, number][]>`coalesce((
  select json_agg(json_build_array(b.min_quantity, b.unit_price_cents) order by b.min_quantity)
  from ${productPriceBreaks} b where b.product_id = ${products.id}), '[]'::json)`;

/**
 * Loads the pricing of several products in one statement (ordering reads it in its transaction, where every round
 * trip counts); products that don't exist are simply absent.
 */
export async function loadPricing(
  db: Db | Tx,
  productIds: readonly string[],
): Promise<Map<string, ProductPricing>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      img: products.img,
      priceCents: products.priceCents,
      quantity: products.quantity,
      minOrder: products.minOrder,
      packSize: products.packSize,
      archivedAt: products.archivedAt,
      backorderable: products.backorderable,
      leadTimeDays: products.leadTimeDays,
      breaks: breaksOf,
    })
    .from(products)
    .where(inArray(products.id, ids));
  const out = new Map<string, ProductPricing>();
  for (const { archivedAt, breaks, ...r } of rows) {
    out.set(r.id, {
      ...r,
      archived: archivedAt !== null,
      breaks: breaks.map(([minQuantity, unitPriceCents]) => ({ minQuantity, unitPriceCents })),
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
