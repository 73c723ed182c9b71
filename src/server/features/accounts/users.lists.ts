import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { UserSummary } from '@shared/accounts/accounts.schema';
import type { UserListQuery, UserSort } from '@shared/accounts/users-list.schema';
import type { Paged } from '@shared/common/paging.schema';
import { user } from '../../db/schema';
import { afterCursor, cutPage, keyText, orderBySort, startsWith, type KeysetSort } from '../../infra/keyset';
import type { Db } from '../../infra/db';
import { GHOST_MARK } from '../../http/ghost-sign-up';

const byTime = (name: UserSort, dir: 'asc' | 'desc'): KeysetSort => ({
  name,
  key: sql`${user.createdAt}`,
  dir,
  id: sql`${user.id}`,
  idType: 'text',
  type: 'timestamp',
});

/** Each order is served by an index on (key, id) (migration 0010). */
const sorts: Record<UserSort, KeysetSort> = {
  oldest: byTime('oldest', 'asc'),
  newest: byTime('newest', 'desc'),
  email: {
    name: 'email',
    key: sql`${user.email}`,
    dir: 'asc',
    id: sql`${user.id}`,
    idType: 'text',
    type: 'text',
  },
};

/** GET /api/user: one page of users, with the count of all that match. Emails are stored in lower case. */
export async function listUsers(db: Db, q: UserListQuery): Promise<Paged<UserSummary>> {
  const sort = sorts[q.sort];
  const where = and(
    // Ghost accounts (decision 055) are nobody's: the shop's list of people leaves them out.
    sql`${user.email} not like ${`%${GHOST_MARK}`}`,
    q.role === 'admin' ? eq(user.role, 'admin') : undefined,
    q.role === 'user' ? or(isNull(user.role), ne(user.role, 'admin')) : undefined,
    q.q ? sql`${user.email} like ${startsWith(q.q.toLowerCase())}` : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: user.id,
        name: user.name,
        email: user.email,
        role: user.role,
        cursorKey: keyText(sort),
        cursorId: user.id,
      })
      .from(user)
      .where(and(where, q.cursor ? afterCursor(sort, q.cursor) : undefined))
      .orderBy(orderBySort(sort))
      .limit(q.limit + 1),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(user)
      .where(where),
  ]);
  const page = cutPage(sort, rows, q.limit);
  return {
    items: page.rows.map((r) => ({
      _id: r.id,
      name: r.name,
      email: r.email,
      role: r.role === 'admin' ? 'admin' : 'user',
    })),
    nextCursor: page.nextCursor,
    total: counted?.n ?? 0,
  };
}
