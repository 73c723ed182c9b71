import { eq } from 'drizzle-orm';
import type { ImportMode, ImportProblem } from '@shared/catalogue/catalogue-csv.schema';
import { catalogueImports } from '../../db/schema';
import type { Db } from '../../infra/db';

export interface Progress {
  phase: 'validating' | 'writing' | 'done' | 'rejected' | 'failed';
  mode: ImportMode;
  totalBytes: number;
  processedBytes: number;
  rows: number;
  created: number;
  updated: number;
  rejected: number;
  problems: ImportProblem[];
  message: string | null;
  savedAt: number;
  db: Db;
  kind: 'pglite' | 'postgres';
}

/** How often a running import writes its progress to its row (the page polls it). */
const SAVE_EVERY_MS = 1000;
const running = new Map<string, Progress>();

/**
 * Progress of the imports running in this process. It is also saved to the import's row about once a second, so
 * any instance can answer a poll; on PGlite, whose one connection the import's transaction holds while writing,
 * the writing phase is answered from memory instead.
 */
export const importProgress = {
  start(
    id: string,
    deps: { db: Db; kind: 'pglite' | 'postgres' },
    totalBytes: number,
    mode: ImportMode,
  ): Progress {
    const p: Progress = {
      phase: 'validating',
      mode,
      totalBytes,
      processedBytes: 0,
      rows: 0,
      created: 0,
      updated: 0,
      rejected: 0,
      problems: [],
      message: null,
      savedAt: Date.now(),
      db: deps.db,
      kind: deps.kind,
    };
    running.set(id, p);
    return p;
  },
  get: (id: string) => running.get(id),
  async save(id: string, p: Progress, inTransaction = false) {
    if (inTransaction && p.kind === 'pglite') return;
    if (Date.now() - p.savedAt < SAVE_EVERY_MS && !(p.phase === 'writing' && p.processedBytes === 0)) return;
    p.savedAt = Date.now();
    await p.db
      .update(catalogueImports)
      .set({
        status: p.phase,
        processedBytes: p.processedBytes,
        rows: p.rows,
        rejected: p.rejected,
        created: p.created,
        updated: p.updated,
      })
      .where(eq(catalogueImports.id, id));
  },
  end(id: string) {
    running.delete(id);
  },
};
