import { and, eq, sql } from 'drizzle-orm';
import type { Paged } from '@shared/common/paging.schema';
import type { Quote, QuoteListQuery } from '@shared/quotes/quotes.schema';
import { quotes } from '../../db/schema';
import { afterCursor, cutPage, keyText, orderBySort, type KeysetSort } from '../../infra/keyset';
import type { SessionUser } from '../../http/auth-guard';
import type { Db } from '../../infra/db';
import { statusIs, toQuotes } from './quotes.model';

/** Newest first, served by (user_id, created_at desc, id desc) for a customer and (created_at desc, id desc) for all. */
const newest: KeysetSort = {
  name: 'newest',
  key: sql`${quotes.createdAt}`,
  dir: 'desc',
  id: sql`${quotes.id}`,
  idType: 'uuid',
  type: 'timestamptz',
};

/**
 * GET /api/quotes: a customer's own quotes, or every customer's for an admin, one page at a time with the count of
 * all matches. The status filter reads `expired` as the quote does (a quoted one past its day).
 */
export async function listQuotes(db: Db, actor: SessionUser, q: QuoteListQuery): Promise<Paged<Quote>> {
  const where = and(
    actor.role === 'admin' ? undefined : eq(quotes.userId, actor.id),
    q.status ? statusIs(q.status) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({ quote: quotes, cursorKey: keyText(newest), cursorId: sql<string>`${quotes.id}::text` })
      .from(quotes)
      .where(and(where, q.cursor ? afterCursor(newest, q.cursor) : undefined))
      .orderBy(orderBySort(newest))
      .limit(q.limit + 1),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(quotes)
      .where(where),
  ]);
  const page = cutPage(newest, rows, q.limit);
  return {
    items: await toQuotes(
      db,
      page.rows.map((r) => r.quote),
    ),
    nextCursor: page.nextCursor,
    total: counted?.n ?? 0,
  };
}
