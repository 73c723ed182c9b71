import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { inlineForeignKey, moment } from '../../db/columns';
import { user } from '../accounts/accounts.schema';
import { products } from '../../db/catalogue-schema';

/** A customer's cart, kept on the server so it follows them across devices and sign-outs: one row per product. */
export const cartLines = pgTable(
  'cart_lines',
  {
    userId: text('user_id').notNull(),
    productId: uuid('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    addedAt: moment('added_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [
    inlineForeignKey(t.userId, user.id).onDelete('cascade'),
    inlineForeignKey(t.productId, products.id).onDelete('cascade'),
    primaryKey({ name: 'cart_lines_pk', columns: [t.userId, t.productId] }),
    check('cart_lines_quantity_positive', sql`${t.quantity} > 0`),
    index('cart_lines_product_idx').on(t.productId),
  ],
);
