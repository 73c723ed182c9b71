import { desc, eq } from 'drizzle-orm';
import type { NewsItem } from '../../../shared/news/news.schema';
import { news } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Db } from '../../plugins/db';

type NewsRow = typeof news.$inferSelect;

export const toNewsItem = (row: NewsRow): NewsItem => ({
  _id: row.id,
  title: row.title,
  body: row.body,
  name: row.authorName,
  publishedAt: row.publishedAt.toISOString(),
});

export async function listNews(db: Db): Promise<NewsItem[]> {
  const rows = await db.select().from(news).orderBy(desc(news.publishedAt), news.id);
  return rows.map(toNewsItem);
}

export async function getNewsItem(db: Db, id: string): Promise<NewsItem> {
  const [row] = await db.select().from(news).where(eq(news.id, id));
  if (!row) throw notFound('News article');
  return toNewsItem(row);
}
