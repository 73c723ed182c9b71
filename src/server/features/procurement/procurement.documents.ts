import { and, eq, sql } from 'drizzle-orm';
import type { Paged } from '@shared/common/paging.schema';
import { procurementMessages, type ProcurementDocument } from '@shared/procurement/procurement.schema';
import { procurementConnections, procurementDocuments } from '../../db/schema';
import type { Db, Tx } from '../../infra/db';
import { AppError, notFound } from '../../infra/errors';
import { afterCursor, cutPage, keyText, orderBySort, type KeysetSort } from '../../infra/keyset';
import type { SessionUser } from '../../http/auth-guard';
import { access } from '../companies/index';

/** The most of a document or an answer the log keeps (a purchase order of many lines stays whole). */
const MAX_KEPT = 256 * 1024;
const MAX_PAGE = 100;

export const keep = (s: string) => (s.length > MAX_KEPT ? `${s.slice(0, MAX_KEPT)}…` : s);

export async function logInbound(
  db: Db | Tx,
  doc: { connectionId: string; docType: string; code: number; body: string; answer: string },
): Promise<void> {
  await db.insert(procurementDocuments).values({
    connectionId: doc.connectionId,
    direction: 'in',
    docType: doc.docType,
    status: doc.code === 200 ? 'accepted' : 'refused',
    answerCode: doc.code,
    answer: keep(doc.answer),
    body: keep(doc.body),
  });
}

const newest: KeysetSort = {
  name: 'newest',
  key: sql`${procurementDocuments.createdAt}`,
  dir: 'desc',
  id: sql`${procurementDocuments.id}`,
  idType: 'uuid',
  type: 'timestamptz',
};

/** GET /api/companies/{id}/procurement/documents: every document of the company's connections, newest first. */
export async function listDocuments(
  db: Db,
  actor: SessionUser,
  companyId: string,
  q: { limit: number; cursor?: string | undefined },
): Promise<Paged<ProcurementDocument>> {
  await access(db, actor, companyId);
  const limit = Math.min(q.limit, MAX_PAGE);
  const where = eq(procurementConnections.companyId, companyId);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        doc: procurementDocuments,
        systemName: procurementConnections.systemName,
        cursorKey: keyText(newest),
        cursorId: sql<string>`${procurementDocuments.id}::text`,
      })
      .from(procurementDocuments)
      .innerJoin(procurementConnections, eq(procurementConnections.id, procurementDocuments.connectionId))
      .where(and(where, q.cursor ? afterCursor(newest, q.cursor) : undefined))
      .orderBy(orderBySort(newest))
      .limit(limit + 1),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(procurementDocuments)
      .innerJoin(procurementConnections, eq(procurementConnections.id, procurementDocuments.connectionId))
      .where(where),
  ]);
  const cut = cutPage(newest, rows, limit);
  return {
    items: cut.rows.map(({ doc, systemName }) => ({
      _id: doc.id,
      connectionId: doc.connectionId,
      systemName,
      direction: doc.direction,
      docType: doc.docType,
      status: doc.status,
      answerCode: doc.answerCode,
      answer: doc.answer,
      body: doc.body,
      attempts: doc.attempts,
      createdAt: doc.createdAt.toISOString(),
      updatedAt: doc.updatedAt.toISOString(),
      prunedAt: doc.prunedAt?.toISOString() ?? null,
    })),
    nextCursor: cut.nextCursor,
    total: counted?.n ?? 0,
  };
}

/** The outbound document of this company, or 404; an inbound one, or one whose body was pruned, cannot be resent (409). */
export async function outboundOf(db: Db, actor: SessionUser, companyId: string, id: string) {
  await access(db, actor, companyId);
  const [row] = await db
    .select({ doc: procurementDocuments })
    .from(procurementDocuments)
    .innerJoin(procurementConnections, eq(procurementConnections.id, procurementDocuments.connectionId))
    .where(and(eq(procurementDocuments.id, id), eq(procurementConnections.companyId, companyId)));
  if (!row) throw notFound('Document');
  if (row.doc.direction !== 'out') throw new AppError('conflict', 'Only an outbound document can be resent.');
  if (row.doc.prunedAt) throw new AppError('conflict', procurementMessages.pruned);
  return row.doc;
}
