import { desc, eq, gt, sql } from 'drizzle-orm';
import type { NewsInput, NewsItem } from '@shared/news/news.schema';
import { news } from '../../db/schema';
import { notFound } from '../../infra/errors';
import type { Db } from '../../infra/db';
import type { SessionUser } from '../../http/auth-guard';
import { recordAudit } from '../audit/audit.service';

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

export async function createNews(db: Db, actor: SessionUser, input: NewsInput): Promise<NewsItem> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(news)
      .values({ title: input.title, body: input.body, authorName: input.name })
      .returning();
    const item = toNewsItem(row!);
    await recordAudit(tx, actor, {
      kind: 'news.created',
      entityType: 'news',
      entityId: item._id,
      summary: `Published "${item.title}"`,
      after: item,
    });
    return item;
  });
}

export async function updateNews(
  db: Db,
  actor: SessionUser,
  id: string,
  input: NewsInput,
): Promise<NewsItem> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(news).where(eq(news.id, id)).for('update');
    if (!current) throw notFound('News article');
    const [row] = await tx
      .update(news)
      .set({ title: input.title, body: input.body, authorName: input.name, updatedAt: new Date() })
      .where(eq(news.id, id))
      .returning();
    const item = toNewsItem(row!);
    await recordAudit(tx, actor, {
      kind: 'news.edited',
      entityType: 'news',
      entityId: id,
      summary: `Edited "${item.title}"`,
      before: toNewsItem(current),
      after: item,
    });
    return item;
  });
}

export async function deleteNews(db: Db, actor: SessionUser, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.delete(news).where(eq(news.id, id)).returning();
    if (!current) throw notFound('News article');
    await recordAudit(tx, actor, {
      kind: 'news.deleted',
      entityType: 'news',
      entityId: id,
      summary: `Deleted "${current.title}"`,
      before: toNewsItem(current),
    });
  });
}

/** Every article for the news sitemap, oldest first: id, title and last change (an edit, else publication). */
export async function* sitemapNews(db: Db, batch = 1000): AsyncGenerator<{ id: string; lastmod: Date }> {
  let after: string | null = null;
  for (;;) {
    const rows: { id: string; lastmod: Date }[] = await db
      .select({
        id: news.id,
        lastmod: sql<Date>`coalesce(${news.updatedAt}, ${news.publishedAt})`.mapWith(news.publishedAt),
      })
      .from(news)
      .where(after === null ? undefined : gt(news.id, after))
      .orderBy(news.id)
      .limit(batch);
    yield* rows;
    if (rows.length < batch) return;
    after = rows[rows.length - 1]!.id;
  }
}
