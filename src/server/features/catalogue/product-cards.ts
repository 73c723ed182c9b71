import { sql, type SQLWrapper } from 'drizzle-orm';
import { fromPriceCents } from '@shared/catalogue/pricing';
import type { CatalogueProduct, SpecValue } from '@shared/catalogue/search.schema';
import type { Db } from '../../infra/db';
import { toRef, type Category } from './categories.service';
import { keySpecsOf, loadSpecs } from './specs.service';
import { centsToDollars } from '@shared/common/money';

/** A product's lowest break price (null without breaks): what its card's "from" price needs from the database. */
export function lowestBreakCents(productId: SQLWrapper) {
  return sql<number | null>`(select min(b.unit_price_cents) from product_price_breaks b
    where b.product_id = ${productId})`;
}

/** A card's "from" price, in cents and in the deprecated dollars beside them (decision 050). */
export function cardFromPrice(priceCents: number, lowestBreak: number | null) {
  const cents = fromPriceCents(priceCents, lowestBreak);
  return { fromPrice: centsToDollars(cents), fromPriceCents: cents };
}

/**
 * The columns every catalogue product card needs, from `products p`. The lowest break price is one primary-key
 * lookup per card (most products have no breaks).
 */
export const productColumns = sql`p.id, p.name, p.img, p.price_cents as "priceCents", p.quantity,
  p.min_order as "minOrder", p.description, p.sku, p.brand, p.category_id as "categoryId",
  p.created_at as "createdAt", p.pack_size as "packSize", ${lowestBreakCents(sql`p.id`)} as "lowestBreakCents"`;

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
  packSize: number;
  lowestBreakCents: number | null;
}

/** Rows → API products, with their category and two key specs (one more query for the whole page). */
export async function toCatalogueProducts(
  db: Db,
  cats: Category[],
  rows: ProductRow[],
): Promise<CatalogueProduct[]> {
  const specs = await loadSpecs(db, cats, rows);
  const byId = new Map(cats.map((c) => [c.id, c]));
  return rows.map((r) => toCatalogueProduct(r, byId, keySpecsOf(specs.get(r.id) ?? [])));
}

/** One row → its API product, given its key specs (`keySpecsOf`, or the search index's `keySpecsFromValues`). */
export function toCatalogueProduct(
  r: ProductRow,
  catById: Map<string, Category>,
  keySpecs: SpecValue[],
): CatalogueProduct {
  const category = r.categoryId ? catById.get(r.categoryId) : undefined;
  return {
    _id: r.id,
    name: r.name,
    img: r.img,
    price: centsToDollars(r.priceCents),
    quantity: r.quantity,
    minOrder: r.minOrder,
    desc: r.description,
    sku: r.sku,
    brand: r.brand,
    category: category ? toRef(category) : null,
    createdAt: new Date(r.createdAt).toISOString(),
    keySpecs,
    packSize: r.packSize,
    ...cardFromPrice(r.priceCents, r.lowestBreakCents),
  };
}
