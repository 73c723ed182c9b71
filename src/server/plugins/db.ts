import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../db/schema';
import { migrationsDir } from '../lib/paths';
import { lockDir } from '../lib/dir-lock';

/** One Drizzle type for both drivers: the query builder is the same over PGlite and node-postgres. */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the SQL migrations; on PostgreSQL under an advisory lock so several instances can start together. */
  migrate(): Promise<void>;
  /** Runs `fn` while holding the start-up lock (a no-op lock on PGlite, which has one process). */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const STARTUP_LOCK = 727_274_001;

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite folder; omitted → in-memory PGlite (tests). */
  pgliteDir?: string | undefined;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.pgliteDir);
}

async function openPglite(dir: string | undefined): Promise<Database> {
  if (dir) mkdirSync(path.dirname(dir), { recursive: true });
  // A second process on the same folder would see only its own writes and lose them: refuse to start instead.
  const lock = dir ? lockDir(`${dir}.lock`) : undefined;
  let client: PGlite;
  try {
    client = await PGlite.create(dir);
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

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const db = drizzle({ client: pool, schema });
  const withStartupLock = async <T>(fn: () => Promise<T>): Promise<T> => {
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
      return await fn();
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {});
      lockClient.release();
    }
  };
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await withStartupLock(() => migrate(db, { migrationsFolder: migrationsDir }));
    },
    withStartupLock,
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await pool.end();
    },
  };
}
