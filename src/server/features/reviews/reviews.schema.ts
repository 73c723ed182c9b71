import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, uuidPk } from '../../db/columns';
import { orders } from '../orders/orders.schema';
import { user } from '../accounts/accounts.schema';
import { productIdColumn } from '../../db/catalogue-schema';

export const reviews = pgTable(
  'reviews',
  {
    id: uuidPk(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    productId: productIdColumn('restrict'),
    productName: text('product_name').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    rating: integer('rating').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    uniqueIndex('reviews_order_idx').on(t.orderId),
    index('reviews_product_idx').on(t.productId, t.createdAt.desc()),
    index('reviews_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);
