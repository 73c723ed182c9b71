import { and, eq, inArray, sql } from 'drizzle-orm';
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
  /** Rows written with something to see to (a new product given the placeholder image). */
  warnings: ImportProblem[];
  message: string | null;
  savedAt: number;
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True while the write transaction is open: on PGlite it holds the one connection, so nothing else is written. */
  inTransaction: boolean;
  heartbeat: NodeJS.Timeout;
}

/** How often a running import writes its progress to its row (the page polls it). */
const SAVE_EVERY_MS = 1000;
/** How long an import's process may stay silent, and how often it speaks; tests shorten them. */
export const importLiveness = {
  /** How often a running import proves it is alive when it has no progress to save (a slow batch, a lock wait). */
  heartbeatEveryMs: 10_000,
  /**
   * An import whose heartbeat is older than this is taken to belong to a process that died (decision 020): six
   * missed heartbeats, so a busy event loop or a slow database does not fail a live import.
   */
  staleAfterMs: 60_000,
};
const running = new Map<string, Progress>();

/** Statuses of an import that has not finished; a write made by a running import applies only to them. */
export const RUNNING_STATUSES = ['validating', 'writing'] as const;
const stillRunning = (id: string) =>
  and(eq(catalogueImports.id, id), inArray(catalogueImports.status, [...RUNNING_STATUSES]));

/** Writes the heartbeat (the database's clock, so instances compare one clock), unless PGlite's transaction is open. */
async function beat(id: string, p: Progress) {
  if (p.inTransaction && p.kind === 'pglite') return;
  await p.db
    .update(catalogueImports)
    .set({ heartbeatAt: sql`now()` })
    .where(stillRunning(id));
}

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
      warnings: [],
      message: null,
      savedAt: Date.now(),
      db: deps.db,
      kind: deps.kind,
      inTransaction: false,
      // A missed beat is harmless (the bound spans several); the next one, or a progress save, writes it.
      heartbeat: setInterval(() => void beat(id, p).catch(() => {}), importLiveness.heartbeatEveryMs).unref(),
    };
    running.set(id, p);
    return p;
  },
  get: (id: string) => running.get(id),
  /** The imports this process runs: whatever their heartbeat says, they are alive. */
  liveIds: () => [...running.keys()],
  async save(id: string, p: Progress) {
    if (p.inTransaction && p.kind === 'pglite') return;
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
        heartbeatAt: sql`now()`,
      })
      // An import a sweep has failed (its heartbeat was lost) is not turned back into a running one.
      .where(stillRunning(id));
  },
  end(id: string) {
    clearInterval(running.get(id)?.heartbeat);
    running.delete(id);
  },
};
