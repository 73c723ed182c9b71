import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, inlineForeignKey, moment } from '../../db/columns';
import { user } from '../accounts/accounts.schema';
import { products } from '../../db/catalogue-schema';

/** "Mail me when it is back": answered once, through the mail queue, when the product's stock reaches its minimum. */
export const backInStockRequests = pgTable(
  'back_in_stock_requests',
  {
    userId: text('user_id').notNull(),
    productId: uuid('product_id').notNull(),
    createdAt: createdAt(),
    notifiedAt: moment('notified_at'),
  },
  (t) => [
    inlineForeignKey(t.userId, user.id).onDelete('cascade'),
    inlineForeignKey(t.productId, products.id).onDelete('cascade'),
    primaryKey({ name: 'back_in_stock_requests_pk', columns: [t.userId, t.productId] }),
    index('back_in_stock_waiting_idx')
      .on(t.productId)
      .where(sql`${t.notifiedAt} is null`),
  ],
);
