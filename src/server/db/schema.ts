import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    img: text('img').notNull(),
    // Money is integer cents on the server; the API speaks dollars.
    priceCents: integer('price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    minOrder: integer('min_order').notNull().default(1),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // The database itself refuses negative stock, whatever the code above it does.
    check('products_quantity_nonnegative', sql`${t.quantity} >= 0`),
    check('products_min_order_positive', sql`${t.minOrder} >= 1`),
    check('products_price_positive', sql`${t.priceCents} > 0`),
    index('products_created_at_idx').on(t.createdAt.desc(), t.id),
  ],
);

export const news = pgTable(
  'news',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    authorName: text('author_name').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('news_published_at_idx').on(t.publishedAt.desc(), t.id)],
);

export * from './auth-schema';
