import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { ReturnList } from '@shared/returns/returns.schema';
import type { ReturnStatus } from '@shared/returns/returns.constants';
import { returns } from '../../db/schema';
import type { Db } from '../../infra/db';
import { toReturns } from './returns.model';

/** A page of returns, newest first: a buyer's own (`userId`) or all (admin), optionally of one status. */
export async function listReturns(
  db: Db,
  q: { status?: ReturnStatus | undefined; page: number; pageSize: number },
  userId?: string,
): Promise<ReturnList> {
  const where: SQL[] = [];
  if (userId) where.push(eq(returns.userId, userId));
  if (q.status) where.push(eq(returns.status, q.status));
  const filter = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(returns)
      .where(filter)
      .orderBy(desc(returns.createdAt), desc(returns.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(returns).where(filter),
  ]);
  return {
    returns: await toReturns(db, rows),
    page: q.page,
    pageSize: q.pageSize,
    total: Number(total?.n ?? 0),
  };
}
