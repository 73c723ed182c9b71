import { and, count, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { PricedProduct, Product } from '@shared/catalogue/catalogue.schema';
import { breaksToDollars } from '@shared/catalogue/pricing';
import { products } from '../../db/schema';
import { notFound } from '../../infra/errors';
import type { Db } from '../../infra/db';
import { toShipping } from './product-shipping.service';
import { loadBreaks } from './pricing.service';
import { cardFromPrice, lowestBreakCents } from './product-cards';
import { centsToDollars } from '@shared/common/money';

type ProductRow = typeof products.$inferSelect;

export const toProduct = (
  row: Pick<ProductRow, 'id' | 'name' | 'img' | 'priceCents' | 'quantity' | 'minOrder' | 'description'>,
): Product => ({
  _id: row.id,
  name: row.name,
  img: row.img,
  price: centsToDollars(row.priceCents),
  quantity: row.quantity,
  minOrder: row.minOrder,
  desc: row.description,
});

const newestFirst = [desc(products.createdAt), products.id] as const;

/** The columns a Product needs, and nothing else (not the search vector or spec array of every row). */
const productFields = {
  id: products.id,
  name: products.name,
  img: products.img,
  priceCents: products.priceCents,
  quantity: products.quantity,
  minOrder: products.minOrder,
  description: products.description,
};

/** Rows per read of the full list: each read and its mapping is a short turn of the event loop. */
const LIST_CHUNK = 2_000;

/**
 * Every live product, newest first, in keyset chunks on the (created_at desc, id) index: at 100,000 products and
 * more, no single query result, row mapping or allocation holds the event loop, and a chunk can be serialized and
 * dropped before the next is read.
 */
export async function* productChunks(db: Db, chunk = LIST_CHUNK): AsyncGenerator<Product[]> {
  const micros = sql<string>`(extract(epoch from ${products.createdAt}) * 1000000)::bigint::text`;
  for (let after: { micros: string; id: string } | undefined; ;) {
    const rows = await db
      .select({ ...productFields, micros })
      .from(products)
      .where(
        and(
          isNull(products.archivedAt),
          after &&
            sql`${products.createdAt} <= ${epochMicros(after.micros)} and
              (${products.createdAt} < ${epochMicros(after.micros)} or ${products.id} > ${after.id}::uuid)`,
        ),
      )
      .orderBy(...newestFirst)
      .limit(chunk);
    if (rows.length) yield rows.map(toProduct);
    const last = rows.at(-1);
    if (!last || rows.length < chunk) return;
    after = { micros: last.micros, id: last.id };
  }
}

/** Live products, newest first: the `limit` newest, or all of them (spec-shaped). */
export async function listProducts(db: Db, limit?: number, chunk = LIST_CHUNK): Promise<Product[]> {
  if (limit !== undefined) {
    const rows = await db
      .select(productFields)
      .from(products)
      .where(isNull(products.archivedAt))
      .orderBy(...newestFirst)
      .limit(limit);
    return rows.map(toProduct);
  }
  const all: Product[] = [];
  for await (const part of productChunks(db, chunk)) all.push(...part);
  return all;
}

/** The `limit` newest live products, with the pack size and "from" price their cards show. */
export async function newestProducts(
  db: Db,
  limit: number,
): Promise<(Product & { packSize: number; fromPrice: number; fromPriceCents: number })[]> {
  const rows = await db
    .select({ ...productFields, packSize: products.packSize, lowest: lowestBreakCents(products.id) })
    .from(products)
    .where(isNull(products.archivedAt))
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map((r) => ({
    ...toProduct(r),
    packSize: r.packSize,
    ...cardFromPrice(r.priceCents, r.lowest),
  }));
}

const epochMicros = (micros: string) =>
  sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;

/** The columns of a product's shipping data (decision 037). */
const shippingFields = {
  shippingWeightGrams: products.shippingWeightGrams,
  lengthMm: products.lengthMm,
  widthMm: products.widthMm,
  heightMm: products.heightMm,
  shipsAs: products.shipsAs,
  freightClass: products.freightClass,
  backorderable: products.backorderable,
  leadTimeDays: products.leadTimeDays,
};

/** One live product with its pack size and price breaks (the product page and the order modal price with them). */
export async function getProduct(db: Db, id: string): Promise<PricedProduct> {
  const [[row], breaks] = await Promise.all([
    db
      .select({ ...productFields, ...shippingFields, packSize: products.packSize })
      .from(products)
      .where(and(eq(products.id, id), isNull(products.archivedAt))),
    loadBreaks(db, [id]),
  ]);
  if (!row) throw notFound('Product');
  return {
    ...toProduct(row),
    packSize: row.packSize,
    priceBreaks: breaksToDollars(breaks.get(id) ?? []),
    ...toShipping(row),
  };
}

export {
  contractPrices,
  loadPricing,
  orderableStock,
  pricingDay,
  type ProductPricing,
} from './pricing.service';

export interface LowStockProduct {
  _id: string;
  name: string;
  quantity: number;
  minOrder: number;
}

/**
 * Live products with less stock than their minimum order (they cannot be ordered): the `limit` with least stock, and
 * how many there are in all. Both read only the partial index of such products (products_low_stock_idx), so a
 * catalogue where thousands run low still answers in milliseconds; Manage Products lists them all, paged.
 */
export async function lowStockProducts(
  db: Db,
  limit: number,
): Promise<{ items: LowStockProduct[]; total: number }> {
  const low = and(isNull(products.archivedAt), lt(products.quantity, products.minOrder));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        quantity: products.quantity,
        minOrder: products.minOrder,
      })
      .from(products)
      .where(low)
      .orderBy(products.quantity, products.name, products.id)
      .limit(limit),
    db.select({ total: count() }).from(products).where(low),
  ]);
  return {
    items: rows.map((p) => ({ _id: p.id, name: p.name, quantity: p.quantity, minOrder: p.minOrder })),
    total: counted?.total ?? 0,
  };
}
