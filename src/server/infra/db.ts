import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import fp from 'fastify-plugin';
import * as schema from '../db/schema';
import { migrationsDir } from './paths';
import type { DatabaseBreaker } from './db-breaker';
import { openPostgres } from './db-postgres';
import { lockDir } from './dir-lock';
import type { DbTimeouts } from './config';

/** One Drizzle type for both drivers: the query builder is the same over PGlite and node-postgres. */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL connection string (absent on PGlite), for connections outside the pool such as LISTEN. */
  url?: string;
  /** Runs the SQL migrations; on PostgreSQL under an advisory lock so several instances can start together. */
  migrate(): Promise<void>;
  /** Runs `fn` while holding the start-up lock (a no-op lock on PGlite, which has one process). */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /** PGlite only: the whole data folder as one image, which `pgliteImage` opens again (test templates). */
  dumpImage?(): Promise<Blob>;
  /** PostgreSQL only: fails queries at once while the database is known to be unreachable (see db-breaker.ts). */
  breaker?: DatabaseBreaker;
  /** PostgreSQL's pool occupancy, for metrics; PGlite has no pool. */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite folder; omitted → in-memory PGlite (tests). */
  pgliteDir?: string | undefined;
  /** In-memory PGlite only: start from this dumped data folder (a migrated template) instead of an empty one. */
  pgliteImage?: Blob | undefined;
  poolSize?: number;
  /** PostgreSQL: bounds on every wait, so a hung database fails requests fast instead of holding them. */
  timeouts?: DbTimeouts;
  /**
   * PostgreSQL, tests: fail a query sent on the pool from inside an open transaction's callback. PGlite has one
   * connection, so there that query waits for the transaction that waits for it, for ever; on a pool it quietly runs
   * outside the transaction. Failing it on PostgreSQL lets one run find the hang the embedded database would have.
   */
  oneConnectionCheck?: boolean;
}

const DEFAULT_TIMEOUTS: DbTimeouts = {
  connectMs: 5_000,
  statementMs: 10_000,
  idleInTransactionMs: 10_000,
  keepAliveMs: 10_000,
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    return openPostgres(
      options.databaseUrl,
      options.poolSize ?? 10,
      options.timeouts ?? DEFAULT_TIMEOUTS,
      options.oneConnectionCheck ?? false,
    );
  }
  return openPglite(options.pgliteDir, options.pgliteImage);
}

async function openPglite(dir: string | undefined, image: Blob | undefined): Promise<Database> {
  if (dir) mkdirSync(path.dirname(dir), { recursive: true });
  // A second process on the same folder would see only its own writes and lose them: refuse to start instead.
  const lock = dir ? lockDir(`${dir}.lock`) : undefined;
  let client: PGlite;
  try {
    // pg_trgm must be loaded at open for the migration's `create extension` to find it.
    client = await PGlite.create(dir, {
      extensions: { pg_trgm },
      ...(image ? { loadDataDir: image } : {}),
      // An in-memory database is a test's: 16 MB of shared buffers instead of initdb's 128 MB, which the backend
      // zeroes at every start (≈ 0.6 of 1.6 CPU-s per opening; the suite opens one per test file).
      ...(dir ? {} : { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] }),
    });
  } catch (err) {
    lock?.release();
    throw err;
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  const db = drizzle({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(db as never, { migrationsFolder: migrationsDir });
    },
    withStartupLock: (fn) => fn(),
    dumpImage: () => client.dumpDataDir('none'),
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

export interface DatabasePluginOptions {
  /** An already open database (tests): used as is and left open when the app closes. */
  database?: Database | undefined;
  /** The caller already ran the migrations. */
  skipMigrations?: boolean | undefined;
}

/** Opens the configured database (PGlite under DATA_DIR, or DATABASE_URL), migrates it and closes it with the app. */
export const databasePlugin = fp<DatabasePluginOptions>(
  async (app, opts) => {
    const { config } = app;
    const database =
      opts.database ??
      (await openDatabase({
        databaseUrl: config.databaseUrl,
        pgliteDir: path.join(config.dataDir, 'pglite'),
        timeouts: config.dbTimeouts,
      }));
    if (!opts.database) app.addHook('onClose', () => database.close());
    if (!opts.skipMigrations) await database.migrate();
    app.decorate('database', database);
  },
  { name: 'database', dependencies: ['config'] },
);
