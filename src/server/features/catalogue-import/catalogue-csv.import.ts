import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ImportMode } from '@shared/catalogue/catalogue-csv.schema';
import { catalogueImports } from '../../db/schema';
import type { SessionUser } from '../../http/auth-guard';
import type { Db } from '../../infra/db';
import { recordAudit } from '../audit/audit.service';
import { attributeNewStock, type BackInStockMail } from '../inventory/inventory.service';
import { notifyStaff } from '../notifications/index';
import { readLayout, type CsvLayout } from './catalogue-csv.header';
import { importProgress, type Progress } from './catalogue-csv.progress';
import type { ImageSource, ImportRow, RowContext } from './catalogue-csv.rows';
import { batches, categoryMap, check, skusOf, validatePass } from './catalogue-csv.validate';
import { createCategories, findBySku, writeBatch } from './catalogue-csv.write';
import { loadAttributes } from '../catalogue/index';

export interface ImportDeps {
  db: Db;
  /** On PGlite the database serves one transaction at a time: progress is then kept in memory while writing. */
  kind: 'pglite' | 'postgres';
  log: FastifyBaseLogger;
  /** Announces the catalogue change (read cache) once the import committed. */
  changed(): Promise<void>;
  notify: BackInStockMail;
  /** Turns a row's image URL or stored file name into the image's path, or throws with the reason. */
  resolveImage(source: ImageSource): Promise<string>;
}

export interface ImportUpload {
  file: string;
  fileName: string;
  size: number;
}

export interface ImportOptions {
  mode: ImportMode;
  createCategories: boolean;
}

/** Validates the upload's header now (a bad file is a 400 and changes nothing), then imports in the background. */
export async function startImport(
  deps: ImportDeps,
  actor: SessionUser,
  upload: ImportUpload,
  options: ImportOptions,
): Promise<string> {
  const layout = await readLayout(upload.file, await loadAttributes(deps.db));
  // Known as running in this process before its row exists, so no sweep can take the new row for a dead one.
  const id = randomUUID();
  const progress = importProgress.start(id, deps, upload.size, options.mode);
  try {
    await deps.db.insert(catalogueImports).values({
      id,
      actorId: actor.id,
      actorEmail: actor.email,
      fileName: upload.fileName,
      mode: options.mode,
      createCategories: options.createCategories,
      status: 'validating',
      totalBytes: upload.size,
      heartbeatAt: sql`now()`,
    });
  } catch (err) {
    importProgress.end(id);
    throw err;
  }
  void runImport(deps, actor, id, progress, upload, options, layout).finally(() =>
    rm(upload.file, { force: true }),
  );
  return id;
}

/** Imports that write at least this many products refresh the planner's statistics when they finish. */
const ANALYZE_AFTER_ROWS = 1_000;

async function runImport(
  deps: ImportDeps,
  actor: SessionUser,
  id: string,
  progress: Progress,
  upload: ImportUpload,
  options: ImportOptions,
  layout: CsvLayout,
) {
  try {
    const ctx: RowContext = {
      layout,
      categoryIds: await categoryMap(deps.db),
      createCategories: options.createCategories,
      seen: new Map(),
    };
    const { rejectedLines, problems, warnings, missing, images } = await validatePass(
      deps,
      id,
      progress,
      upload.file,
      ctx,
    );
    progress.problems = problems;
    progress.warnings = warnings;
    if (options.mode === 'all-or-nothing' && rejectedLines.size > 0) {
      progress.phase = 'rejected';
      await finish(deps, actor, id, progress, upload.fileName);
      return;
    }
    progress.phase = 'writing';
    progress.processedBytes = 0;
    await importProgress.save(id, progress);
    progress.inTransaction = true;
    await deps.db.transaction(async (tx) => {
      await attributeNewStock(tx, 'import', actor.email);
      // Search vectors and spec arrays are written by writeBatch, set-wise, instead of per row by the triggers.
      await tx.execute(
        sql`select set_config('shop.bulk_search_vectors', 'on', true), set_config('shop.bulk_spec_values', 'on', true)`,
      );
      const categoryIds = await createCategories(tx, [...missing]);
      const write = { categoryIds, actorEmail: actor.email, notify: deps.notify };
      // The write pass reads only the accepted rows (repeats were rejected above): no SKU list is kept for it.
      ctx.seen?.clear();
      const pass: RowContext = { layout, categoryIds, createCategories: options.createCategories };
      for await (const batch of batches(upload.file, progress)) {
        const valid = batch.filter((r) => !rejectedLines.has(r.line));
        const found = await findBySku(tx, skusOf(layout, valid), true);
        const rows = check(pass, layout, valid, found).flatMap(({ result }) =>
          'row' in result
            ? [result.row.imageSource ? { ...result.row, img: images.get(result.row.line)! } : result.row]
            : [],
        );
        const done = await writeBatch(tx, write, rows as ImportRow[], found);
        progress.created += done.created;
        progress.updated += done.updated;
        await importProgress.save(id, progress);
      }
      progress.phase = 'done';
      await finish(deps, actor, id, progress, upload.fileName, tx);
    });
    progress.inTransaction = false;
    await deps.changed().catch((err: unknown) => deps.log.error({ err }, 'could not announce the import'));
    await refreshStatistics(deps, progress);
  } catch (err) {
    deps.log.warn({ err, importId: id }, 'catalogue import failed');
    progress.inTransaction = false;
    progress.phase = 'failed';
    progress.created = progress.updated = 0;
    progress.message = (err as { code?: string }).code?.startsWith('CSV_')
      ? `The file cannot be read: ${(err as Error).message}. Nothing was changed.`
      : 'The import failed and nothing was changed. Please try again.';
    await finish(deps, actor, id, progress, upload.fileName).catch((e: unknown) =>
      deps.log.error({ err: e, importId: id }, 'could not record a failed import'),
    );
  } finally {
    importProgress.end(id);
  }
}

/**
 * A big import changes the catalogue's shape at once; searches should not plan on the old statistics until
 * autovacuum notices.
 */
async function refreshStatistics(deps: ImportDeps, progress: Progress) {
  if (progress.created + progress.updated < ANALYZE_AFTER_ROWS) return;
  await deps.db
    .execute(sql`analyze products, product_specs, search_terms`)
    .catch((err: unknown) => deps.log.warn({ err }, 'could not refresh statistics after the import'));
}

/** Stores the outcome and the one audit entry of the import (in the write transaction when there is one). */
async function finish(
  deps: ImportDeps,
  actor: SessionUser,
  id: string,
  p: Progress,
  fileName: string,
  tx: Parameters<Parameters<Db['transaction']>[0]>[0] | Db = deps.db,
) {
  const counts = { rows: p.rows, created: p.created, updated: p.updated, rejected: p.rejected };
  await tx
    .update(catalogueImports)
    .set({
      ...counts,
      status: p.phase,
      processedBytes: p.processedBytes,
      // One column holds both lists (no migration): a warning is marked, and the report splits them again.
      problems: [...p.problems, ...p.warnings.map((w) => ({ ...w, warning: true }))],
      message: p.message,
      finishedAt: new Date(),
    })
    .where(eq(catalogueImports.id, id));
  await recordAudit(tx, actor, {
    kind: 'catalogue.imported',
    entityType: 'import',
    entityId: id,
    summary: `Imported ${fileName}: ${p.created} created, ${p.updated} updated, ${p.rejected} rejected (${p.phase})`,
    after: { ...counts, mode: p.mode, status: p.phase },
  });
  await notifyStaff(tx, deps.notify, {
    subject: `Catalogue import ${outcome[p.phase] ?? p.phase}: ${fileName}`,
    paragraphs: [
      `The import of ${fileName} started by ${actor.email} ${outcome[p.phase] ?? p.phase}.`,
      `${p.rows} rows read: ${p.created} products created, ${p.updated} updated, ${p.rejected} rows rejected.`,
      ...(p.message ? [p.message] : []),
      ...(p.phase === 'rejected' ? ['Nothing was changed: every row must pass in all-or-nothing mode.'] : []),
    ],
    action: { label: 'See the import', url: `${deps.notify.baseUrl}/dashboard/catalogue-data` },
  });
}

/** How the staff mail names an import's end. */
const outcome: Partial<Record<Progress['phase'], string>> = {
  done: 'finished',
  rejected: 'was rejected',
  failed: 'failed',
};
