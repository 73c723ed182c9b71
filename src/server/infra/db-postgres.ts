import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from '../db/schema';
import type { DbTimeouts } from './config';
import type { Database, Db } from './db';
import { DatabaseBreaker } from './db-breaker';
import { DatabaseTimeoutError, withDatabaseTimeout } from './db-unavailable';
import { watchPool } from './db-watch';
import { migrationsDir } from './paths';

/**
 * node-postgres reads int8 (count, sum, bigint) as a string; PGlite reads it as a number. Numbers on both, so the
 * drivers hand features the same values (`src/server/db/driver-values.test.ts`); sums of cents stay far below 2^53.
 * Set on node-postgres's shared parsers because Drizzle passes its own per query (for dates) and falls back to those.
 */
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

const STARTUP_LOCK = 727_274_001;

/** The client-side read timeout: past the server's own statement timeout, for a server that cannot answer at all. */
export const queryTimeoutOf = (t: DbTimeouts) => t.statementMs + 1_000;

/** The breaker's probe: a connection of its own with short limits, since the pool's are blocked while it is open. */
const probeOf = (connection: pg.ClientConfig, ms: number) => async () => {
  const client = new pg.Client({ ...connection, connectionTimeoutMillis: ms, query_timeout: ms });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    void client.end().catch(() => {});
  }
};

/**
 * Runs `fn` holding the start-up lock. Start-up work waits on other instances' migrations, which may rightly take
 * longer than a request's statement timeout: it gets its own connection without one.
 */
async function lockedClient<T>(
  connection: pg.ClientConfig,
  endWaitMs: number,
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const lockClient = new pg.Client(connection);
  lockClient.on('error', () => {});
  await lockClient.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await fn(lockClient);
  } finally {
    // Ending the session releases the advisory lock; a server that stopped answering must not hold start-up.
    const ended = lockClient.end().catch(() => {});
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, endWaitMs).unref())]);
  }
}

/** PostgreSQL through a pool, guarded by the breaker and the pool watch (issue 39). */
export async function openPostgres(
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
  // Twice a second while open, so the shop serves again within a second or so of the database coming back.
  const breaker = new DatabaseBreaker(probeOf(connection, Math.min(1_000, t.connectMs, t.statementMs)), 500);
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
  const withLockedClient = <T>(fn: (client: pg.Client) => Promise<T>) =>
    lockedClient(connection, t.connectMs, fn);
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
      // pg-pool's end waits for every lent client, and a borrower a hang caught may hold one a while yet (a broken one
      // goes back by itself, db-watch.ts): shutdown waits a bounded time for the rest, then goes.
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
