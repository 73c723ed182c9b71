import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { inlineForeignKey } from './columns';
import { products } from './catalogue-schema';

// Owned by the catalogue (eslint/table-owners.js); it moves beside the catalogue feature with the catalogue's own schemas.
/**
 * A product's quantity price breaks: from `minQuantity` units on, each unit costs `unitPriceCents`. Below the first
 * break the product's own price applies, so a product without rows has one price (migration 0013).
 */
export const productPriceBreaks = pgTable(
  'product_price_breaks',
  {
    productId: uuid('product_id').notNull(),
    minQuantity: integer('min_quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
  },
  (t) => [
    inlineForeignKey(t.productId, products.id).onDelete('cascade'),
    primaryKey({ name: 'product_price_breaks_pk', columns: [t.productId, t.minQuantity] }),
    check('product_price_breaks_min_quantity', sql`${t.minQuantity} >= 2`),
    check('product_price_breaks_price_positive', sql`${t.unitPriceCents} > 0`),
  ],
);
