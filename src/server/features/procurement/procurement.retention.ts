import { and, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { procurementDocuments } from '../../db/schema';
import type { Db } from '../../infra/db';
import { RETENTION_BATCH } from '../../infra/retention';

/** Setups sign a member in and place nothing: once old, nothing about an order needs their row. */
const SETUP = 'PunchOutSetupRequest';

/**
 * The document log's retention (EVENT_RETENTION_DAYS): documents written before `cutoff` lose their bodies and
 * answers, the bulk of the log, and keep their summary (direction, type, status, answer code, tries, dates) for as
 * long as their connection exists, which is what an order's history needs; old setup requests, which concern no
 * order, go whole. An outbound document still pending keeps everything (its job may send it yet). Answers how many
 * rows changed, up to a batch of each kind.
 */
export async function pruneDocuments(db: Db, cutoff: Date): Promise<number> {
  const old = and(lt(procurementDocuments.createdAt, cutoff), ne(procurementDocuments.status, 'pending'));
  const batch = (where: ReturnType<typeof and>) =>
    db
      .select({ id: procurementDocuments.id })
      .from(procurementDocuments)
      .where(where)
      .orderBy(procurementDocuments.createdAt)
      .limit(RETENTION_BATCH);
  const setups = await db
    .delete(procurementDocuments)
    .where(inArray(procurementDocuments.id, batch(and(old, eq(procurementDocuments.docType, SETUP)))))
    .returning({ id: procurementDocuments.id });
  const emptied = await db
    .update(procurementDocuments)
    .set({ body: '', answer: null, prunedAt: sql`now()` })
    .where(
      inArray(
        procurementDocuments.id,
        batch(and(old, isNull(procurementDocuments.prunedAt), ne(procurementDocuments.docType, SETUP))),
      ),
    )
    .returning({ id: procurementDocuments.id });
  return Math.max(setups.length, emptied.length);
}
