import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import fp from 'fastify-plugin';
import pg from 'pg';
import * as schema from '../db/schema';
import { migrationsDir } from './paths';
import { DatabaseBreaker } from './db-breaker';
import { watchPool } from './db-watch';
import { DatabaseTimeoutError, withDatabaseTimeout } from './db-unavailable';
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

const STARTUP_LOCK = 727_274_001;

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

/** The client-side read timeout: past the server's own statement timeout, for a server that cannot answer at all. */
export const queryTimeoutOf = (t: DbTimeouts) => t.statementMs + 1_000;

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

/**
 * node-postgres reads int8 (count, sum, bigint) as a string; PGlite reads it as a number. Numbers on both, so the
 * drivers hand features the same values (`src/server/db/driver-values.test.ts`); sums of cents stay far below 2^53.
 * Set on node-postgres's shared parsers because Drizzle passes its own per query (for dates) and falls back to those.
 */
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

async function openPostgres(
  url: string,
  max: number,
  t: DbTimeouts,
  oneConnectionCheck: boolean,
): Promise<Database> {
  const connection = {
    connectionString: url,
    connectionTimeoutMillis: t.connectMs,
    keepAlive: t.keepAliveMs > 0,
    keepAliveInitialDelayMillis: t.keepAliveMs,
  };
  const pool = new pg.Pool({
    ...connection,
    max,
    idleTimeoutMillis: 30_000,
    statement_timeout: t.statementMs,
    query_timeout: queryTimeoutOf(t),
    idle_in_transaction_session_timeout: t.idleInTransactionMs,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it (a borrowed client's
  // errors are db-watch.ts's).
  pool.on('error', () => {});
  // The probe gets a connection of its own with short limits: the pool's are blocked while the breaker is open.
  const probe = (ms: number) => async () => {
    const client = new pg.Client({ ...connection, connectionTimeoutMillis: ms, query_timeout: ms });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
    } finally {
      void client.end().catch(() => {});
    }
  };
  // Twice a second while open, so the shop serves again within a second or so of the database coming back.
  const breaker = new DatabaseBreaker(probe(Math.min(1_000, t.connectMs, t.statementMs)), 500);
  breaker.guard(pool);
  // A request in a hang must get its 503 within 2 s (issue 39): suspect after 0.4 s, ask for at most 1 s more, on
  // a connection kept open for it (a new one costs the server a process, slow enough under load to look like a hang).
  const heartbeat = openHeartbeat(connection);
  const watch = watchPool(pool, breaker, {
    suspectAfterMs: Math.min(400, t.statementMs / 2),
    probe: () => heartbeat.ask(Math.min(1_000, t.statementMs)),
  });
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const db = drizzle({ client: pool, schema });
  if (oneConnectionCheck) checkOneConnection(pool, db);
  // Start-up work waits on other instances' migrations, which may rightly take longer than a request's statement
  // timeout: it gets its own connection without one.
  const withLockedClient = async <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> => {
    const lockClient = new pg.Client(connection);
    lockClient.on('error', () => {});
    await lockClient.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
      return await fn(lockClient);
    } finally {
      // Ending the session releases the advisory lock; a server that stopped answering must not hold start-up.
      const ended = lockClient.end().catch(() => {});
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, t.connectMs).unref())]);
    }
  };
  const withStartupLock = <T>(fn: () => Promise<T>): Promise<T> => withLockedClient(() => fn());
  return {
    db,
    kind: 'postgres',
    url,
    async migrate() {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await withLockedClient((client) =>
        migrate(drizzle({ client, schema }), { migrationsFolder: migrationsDir }),
      );
    },
    withStartupLock,
    async ping() {
      await db.execute(sql`select 1`);
    },
    breaker,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      breaker.stop();
      watch.stop();
      heartbeat.close();
      // A client whose connection a hang killed can leave a query queued that never settles, and pg-pool's end waits
      // for every lent client: shutdown waits a bounded time for the rest, then goes (the sockets are closed anyway).
      await Promise.race([pool.end(), new Promise((resolve) => setTimeout(resolve, t.connectMs).unref())]);
    },
  };
}

/**
 * One connection outside the pool that answers "does the server still answer?" with `select 1`: opened at start,
 * dropped when it fails and opened again on the next question. A server error is an answer; silence past `ms` is not.
 */
function openHeartbeat(connection: pg.ClientConfig) {
  let client: Promise<pg.Client> | undefined;
  let current: pg.Client | undefined;
  const drop = () => {
    void current?.end().catch(() => {});
    current = undefined;
    client = undefined;
  };
  const connected = () => {
    if (!client) {
      const c = new pg.Client(connection);
      c.on('error', () => {});
      c.on('end', () => {
        if (current === c) drop();
      });
      current = c;
      client = c.connect().then(() => c);
      client.catch(() => {
        if (current === c) drop();
      });
    }
    return client;
  };
  void connected().catch(() => {});
  return {
    async ask(ms: number) {
      let answered = false;
      const work = connected()
        .then((c) => c.query('select 1'))
        .then(() => {
          answered = true;
        });
      try {
        await withDatabaseTimeout(work, ms);
      } catch (err) {
        // A starved event loop runs the timer before it reads the answer already waiting on the socket: read first.
        if (err instanceof DatabaseTimeoutError) await new Promise((resolve) => setImmediate(resolve));
        if (answered) return;
        drop();
        throw err;
      }
    },
    close: drop,
  };
}

/** See `DatabaseOptions.oneConnectionCheck`. */
function checkOneConnection(pool: pg.Pool, db: Db) {
  const open = new AsyncLocalStorage<{ open: boolean }>();
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    if (open.getStore()?.open)
      return Promise.reject(
        new Error(
          'A query on the pool inside an open transaction: use the transaction (on PGlite this waits for ever)',
        ),
      );
    return query(...args);
  }) as typeof pool.query;
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn, config) => {
    const state = { open: true };
    return transaction((tx) => open.run(state, () => fn(tx)), config).finally(() => {
      state.open = false;
    });
  }) as typeof db.transaction;
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
