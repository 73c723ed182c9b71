import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, moment, uuidPk } from '../../db/columns';

export const news = pgTable(
  'news',
  {
    id: uuidPk(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    authorName: text('author_name').notNull(),
    publishedAt: moment('published_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: moment('updated_at'),
  },
  (t) => [index('news_published_at_idx').on(t.publishedAt.desc(), t.id)],
);
