import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { CatalogueImport, ImportProblem } from '@shared/catalogue/catalogue-csv.schema';
import { catalogueImports } from '../../db/schema';
import { notFound } from '../../infra/errors';
import type { Db } from '../../infra/db';
import { recordAudit } from '../audit/audit.service';
import { notifyStaff, type StaffMail } from '../notifications/index';
import { importLiveness, importProgress, RUNNING_STATUSES } from './catalogue-csv.progress';

/**
 * What a failed import's report says when its process died. The write pass is one transaction, and the import's
 * row turns `done` in that transaction: a row still validating or writing means nothing was committed.
 */
export const ABANDONED_MESSAGE =
  'The import stopped when the server running it did, before it committed: no product was changed ' +
  '(the import writes in one transaction). Run it again.';

/**
 * Fails the imports whose process died: left validating or writing, not running in this process, and on
 * PostgreSQL without a heartbeat for `staleAfterMs` (another instance may be running it). PGlite is one process
 * (its data directory is locked), so there any import not running here is dead. Counts of rows that progress
 * reported as created or updated are reset: they were never committed. One audit entry per import, as a finished
 * import has. `id` limits the sweep to one import. Returns the ids it failed.
 */
export async function failAbandonedImports(
  db: Db,
  kind: 'pglite' | 'postgres',
  options: {
    id?: string;
    staleAfterMs?: number;
    /** Staff hear of an import that ended this way as of any other that ended (decision 034). */
    staff?: StaffMail | undefined;
  } = {},
): Promise<string[]> {
  const live = importProgress.liveIds();
  const staleAfterMs = options.staleAfterMs ?? importLiveness.staleAfterMs;
  return db.transaction(async (tx) => {
    const failed = await tx
      .update(catalogueImports)
      .set({
        status: 'failed',
        created: 0,
        updated: 0,
        message: ABANDONED_MESSAGE,
        finishedAt: sql`now()`,
      })
      .where(
        and(
          inArray(catalogueImports.status, [...RUNNING_STATUSES]),
          options.id ? eq(catalogueImports.id, options.id) : undefined,
          live.length ? notInArray(catalogueImports.id, live) : undefined,
          kind === 'pglite'
            ? undefined
            : // Rows from before the heartbeat (migration 0017) count from their start.
              sql`coalesce(${catalogueImports.heartbeatAt}, ${catalogueImports.createdAt})
                < now() - make_interval(secs => ${staleAfterMs / 1000})`,
        ),
      )
      .returning();
    for (const row of failed)
      await recordAudit(
        tx,
        { id: row.actorId, email: row.actorEmail },
        {
          kind: 'catalogue.imported',
          entityType: 'import',
          entityId: row.id,
          summary: `Imported ${row.fileName}: 0 created, 0 updated, ${row.rejected} rejected (failed: the server running it stopped)`,
          after: {
            rows: row.rows,
            created: 0,
            updated: 0,
            rejected: row.rejected,
            mode: row.mode,
            status: 'failed',
          },
        },
      );
    if (options.staff)
      for (const row of failed)
        await notifyStaff(tx, options.staff, {
          subject: `Catalogue import failed: ${row.fileName}`,
          paragraphs: [
            `The import of ${row.fileName} started by ${row.actorEmail} failed: the server running it stopped.`,
            ABANDONED_MESSAGE,
          ],
          action: { label: 'See the import', url: `${options.staff.baseUrl}/dashboard/catalogue-data` },
        });
    return failed.map((r) => r.id);
  });
}

/** An import as stored, with the live progress when it is running in this process. */
export async function getImport(
  db: Db,
  kind: 'pglite' | 'postgres',
  id: string,
  staff?: StaffMail,
): Promise<CatalogueImport> {
  const live = importProgress.get(id);
  let [row] = await db.select().from(catalogueImports).where(eq(catalogueImports.id, id));
  if (!row) throw notFound('Import');
  if (!live && (RUNNING_STATUSES as readonly string[]).includes(row.status)) {
    // Running elsewhere, or in a process that died: the sweep decides, then the row says which.
    if ((await failAbandonedImports(db, kind, { id, staff })).length)
      [row] = await db.select().from(catalogueImports).where(eq(catalogueImports.id, id));
    if (!row) throw notFound('Import');
  }
  const stored = row.problems as (ImportProblem & { warning?: true })[];
  const base: CatalogueImport = {
    _id: row.id,
    fileName: row.fileName,
    mode: row.mode,
    createCategories: row.createCategories,
    status: row.status,
    totalBytes: row.totalBytes,
    processedBytes: row.processedBytes,
    rows: row.rows,
    created: row.created,
    updated: row.updated,
    rejected: row.rejected,
    problems: stored.filter((p) => !p.warning).map(({ warning: _, ...p }) => p),
    warnings: stored.filter((p) => p.warning).map(({ warning: _, ...p }) => p),
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
  if (!live) return base;
  const { phase, processedBytes, rows, created, updated, rejected } = live;
  // An import reads as finished once it has stored its report and announced the change (then it leaves `live`).
  const status = phase === 'validating' ? phase : 'writing';
  return { ...base, status, processedBytes, rows, created, updated, rejected };
}
