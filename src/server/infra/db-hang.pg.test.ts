import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/helper';
import { appOnDatabase, startProxy } from '../test/faulty-db';
import { LISTENER_NAME } from './cache-bus';
import { isDatabaseUnavailable } from './db-unavailable';

// Issue 39, items 1 and 3: a real PostgreSQL behind a TCP proxy that can stall (connections stay open, nothing
// passes either way, and what was sent arrives once it thaws), with the shop's production timeouts.
let testDb: TestDatabase;
let proxy: Awaited<ReturnType<typeof startProxy>>;
let t: Awaited<ReturnType<typeof appOnDatabase>>;

/** What would have ended the process: an 'error' event nobody listened to surfaces as an uncaught exception. */
const uncaught: unknown[] = [];
const onUncaught = (err: unknown) => uncaught.push(err);

/** The pool size a shop runs with (`openDatabase`'s default). */
const POOL_SIZE = 10;
const uncached = { url: '/api/auth/get-session', headers: { authorization: 'Bearer not-a-session' } };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  testDb = await createTestDatabase();
  const { rows } = await testDb.database.db.execute<{ db: string }>(sql`select current_database() as db`);
  const target = new URL(process.env.TEST_DATABASE_URL!);
  proxy = await startProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const url = new URL(target);
  url.host = `127.0.0.1:${proxy.port}`;
  url.pathname = `/${rows[0]!.db}`;
  t = await appOnDatabase(url.toString(), {
    // The defaults a shop runs with, but for a server that ends a session idle in a transaction after 1.5 s.
    DB_CONNECT_TIMEOUT_MS: '5000',
    DB_STATEMENT_TIMEOUT_MS: '10000',
    DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '1500',
  });
});
afterAll(async () => {
  await t?.close();
  await proxy?.close();
  await testDb?.drop();
});
beforeEach(() => {
  uncaught.length = 0;
  process.on('uncaughtException', onUncaught);
});
afterEach(() => {
  process.off('uncaughtException', onUncaught);
});

/** Milliseconds until the shop serves an uncached read again (the breaker's probe and the pool both recovered). */
async function recoveryMs(limitMs: number) {
  const started = performance.now();
  while (performance.now() - started < limitMs + 3_000) {
    if ((await t.app.inject(uncached)).statusCode === 200) return performance.now() - started;
    await sleep(50);
  }
  return Infinity;
}

describe('PostgreSQL that hangs', () => {
  it('a session the server ends while a transaction holds it: the process lives, the pool drops the client', async () => {
    expect((await t.app.inject(uncached)).statusCode).toBe(200);
    const failed = await t.app.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        // Idle in the transaction past the server's limit: it sends 25P03 and closes the session.
        await sleep(2_500);
        await tx.execute(sql`select 1`);
      })
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(failed).toBeDefined();
    expect(isDatabaseUnavailable(failed)).toBe(true);
    await sleep(200);
    expect(uncaught).toEqual([]);
    // The broken client is gone: the next requests are served on good ones.
    for (let i = 0; i < 5; i++) expect((await t.app.inject(uncached)).statusCode).toBe(200);
  });

  it('during a hang every request answers 503 with Retry-After within 2 s, nothing ends the process, recovery ≤ 2 s', async () => {
    // Several pooled connections, as a serving shop has.
    const warm = await Promise.all(Array.from({ length: 8 }, () => t.app.inject(uncached)));
    for (const res of warm) expect(res.statusCode).toBe(200);

    // A request's transaction is open when the database stops answering; the server ends its session during the
    // hang (idle in transaction), and that goodbye reaches the shop when the network comes back.
    let stallNow: () => void = () => {};
    const stalled = new Promise<void>((resolve) => (stallNow = resolve));
    const held = t.app.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        stallNow();
        await tx.execute(sql`select 2`);
      })
      .then(
        () => ({ err: undefined as unknown, at: performance.now() }),
        (err: unknown) => ({ err, at: performance.now() }),
      );
    await stalled;
    proxy.stall();
    const stalledAt = performance.now();

    const answers: { status: number; retryAfter: unknown; ms: number }[] = [];
    const timed = async (req: { url: string; headers?: Record<string, string> }) => {
      const started = performance.now();
      const res = await t.app.inject(req);
      answers.push({
        status: res.statusCode,
        retryAfter: res.headers['retry-after'],
        ms: performance.now() - started,
      });
    };
    try {
      // Waves of requests over 4 s of hang: the first ones meet the hang unannounced, the later ones the breaker.
      // The first wave is three pools' worth, so most of it waits in the pool's own queue for a connection.
      const waves: Promise<unknown>[] = [];
      for (let wave = 0; wave < 8; wave++) {
        const size = wave === 0 ? 3 * POOL_SIZE : 4;
        waves.push(
          Promise.all([
            ...Array.from({ length: size }, () => timed(uncached)),
            timed({ url: '/api/readyz' }),
          ]),
        );
        await sleep(500);
      }
      await Promise.all(waves);
    } finally {
      proxy.thaw();
    }
    expect(answers).toHaveLength(3 * POOL_SIZE + 1 + 7 * 5);
    for (const a of answers) {
      expect(a.status).toBe(503);
      expect(a.retryAfter).toBeDefined();
    }
    const slowest = Math.max(...answers.map((a) => a.ms));
    expect(slowest).toBeLessThan(2_000);
    // The open transaction was let go as quickly, its connection dropped rather than lent again.
    const tx = await held;
    expect(isDatabaseUnavailable(tx.err)).toBe(true);
    expect(tx.at - stalledAt).toBeLessThan(2_000);

    expect(await recoveryMs(2_000)).toBeLessThan(2_000);
    // What the stalled network held (the server's 25P03 goodbye among it) has arrived, and ended nothing.
    await sleep(500);
    expect(uncaught).toEqual([]);
    const after = await Promise.all(Array.from({ length: 8 }, () => t.app.inject(uncached)));
    for (const res of after) expect(res.statusCode).toBe(200);
  });
});

describe('PostgreSQL that hangs while transactions begin', () => {
  it('gives back every connection a hang broke, even one whose transaction never began', async () => {
    expect(await recoveryMs(2_000)).toBeLessThan(2_000);
    // A pool's worth of transactions, each waiting for the others: all ten must hold a connection at once.
    const together = async (n: number) => {
      let opened = 0;
      let allOpen: () => void = () => {};
      const ready = new Promise<void>((resolve) => (allOpen = resolve));
      return Promise.all(
        Array.from({ length: n }, () =>
          t.app.database.db.transaction(async (tx) => {
            await tx.execute(sql`select 1`);
            if (++opened === n) allOpen();
            await ready;
          }),
        ),
      );
    };
    await together(POOL_SIZE);

    // The hang catches them at their `begin`: node-postgres fails it once the watch drops the connections, and
    // Drizzle lets go of a transaction's connection only after a `begin` that went through.
    proxy.stall();
    let failed: unknown[];
    try {
      failed = await Promise.all(
        Array.from({ length: POOL_SIZE }, () =>
          t.app.database.db
            .transaction(async (tx) => tx.execute(sql`select 1`))
            .then(
              () => undefined,
              (err: unknown) => err,
            ),
        ),
      );
    } finally {
      proxy.thaw();
    }
    for (const err of failed) expect(isDatabaseUnavailable(err)).toBe(true);

    // The shop serves again within 2 s, at full size: no broken connection is still counted as lent (the shop's own
    // sweeps and workers borrow and return theirs meanwhile, so the count itself is not asserted).
    expect(await recoveryMs(2_000)).toBeLessThan(2_000);
    const lent = () => {
      const stats = t.app.database.poolStats!();
      return stats.total - stats.idle;
    };
    const shrank = sleep(3_000).then(() => Promise.reject(new Error(`pool shrank: ${lent()} lent for ever`)));
    await Promise.race([together(POOL_SIZE), shrank]);
    expect(uncaught).toEqual([]);
  });
});

describe('PostgreSQL that ends the shop’s sessions', () => {
  it('every session ended by the server at once: nothing ends the process, the shop serves again within 2 s', async () => {
    expect(await recoveryMs(2_000)).toBeLessThan(2_000);
    const listeners = async () => {
      const { rows } = await testDb.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity
            where application_name = ${LISTENER_NAME} and datname = current_database()`,
      );
      return rows[0]!.n;
    };
    expect(await listeners()).toBe(1);

    // A transaction holds a pooled connection, idle in it, when the server ends every session but the asker's: the
    // pool's (lent and idle), the heartbeat and the cache listener each get a FATAL 57P01 they did not ask for.
    let inside: () => void = () => {};
    const opened = new Promise<void>((resolve) => (inside = resolve));
    let goOn: () => void = () => {};
    const ended = new Promise<void>((resolve) => (goOn = resolve));
    const held = t.app.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        inside();
        await ended;
        await tx.execute(sql`select 2`);
      })
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    await opened;
    const { rows } = await testDb.database.db.execute<{ n: number }>(
      sql`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    expect(rows[0]!.n).toBeGreaterThanOrEqual(3);
    await sleep(200);
    goOn();
    expect(isDatabaseUnavailable(await held)).toBe(true);
    expect(uncaught).toEqual([]);

    expect(await recoveryMs(2_000)).toBeLessThan(2_000);
    // The cache listener is back on its own (NOTIFY does not wait for absent listeners).
    const started = performance.now();
    while ((await listeners()) !== 1 && performance.now() - started < 5_000) await sleep(100);
    expect(await listeners()).toBe(1);
    expect(uncaught).toEqual([]);
  });
});
