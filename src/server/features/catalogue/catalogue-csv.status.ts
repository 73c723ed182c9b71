import { eq } from 'drizzle-orm';
import type { CatalogueImport, ImportProblem } from '@shared/catalogue/catalogue-csv.schema';
import { catalogueImports } from '../../db/schema';
import { notFound } from '../../infra/errors';
import type { Db } from '../../infra/db';
import { importProgress } from './catalogue-csv.progress';

/** An import as stored, with the live progress when it is running in this process. */
export async function getImport(db: Db, id: string): Promise<CatalogueImport> {
  const live = importProgress.get(id);
  const [row] = await db.select().from(catalogueImports).where(eq(catalogueImports.id, id));
  if (!row) throw notFound('Import');
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
    problems: row.problems as ImportProblem[],
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
