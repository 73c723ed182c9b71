import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helper';
import { appOnDatabase, startProxy } from '../../test/faulty-db';

// A real PostgreSQL behind a TCP proxy that can freeze: connections stay open, queries never come back.
let testDb: TestDatabase;
let proxy: Awaited<ReturnType<typeof startProxy>>;
let t: Awaited<ReturnType<typeof appOnDatabase>>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const { rows } = await testDb.database.db.execute<{ db: string }>(sql`select current_database() as db`);
  const target = new URL(process.env.TEST_DATABASE_URL!);
  proxy = await startProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const url = new URL(target);
  url.host = `127.0.0.1:${proxy.port}`;
  url.pathname = `/${rows[0]!.db}`;
  t = await appOnDatabase(url.toString(), { DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '2000' });
});
afterAll(async () => {
  await t?.close();
  await proxy?.close();
  await testDb?.drop();
});

describe('PostgreSQL that hangs mid-session', () => {
  it('sets the configured server-side timeouts on every pooled connection', async () => {
    const { rows } = await t.app.database.db.execute<{ s: string; i: string }>(
      sql`select current_setting('statement_timeout') as s,
                 current_setting('idle_in_transaction_session_timeout') as i`,
    );
    expect(rows[0]).toEqual({ s: '1s', i: '2s' });
  });

  it('cancels a statement that runs past the statement timeout with 503', async () => {
    const failed = await t.app.database.db.execute(sql`select pg_sleep(5)`).then(
      () => undefined,
      (err: unknown) => err,
    );
    const { isDatabaseUnavailable } = await import('../../infra/db-unavailable');
    expect(isDatabaseUnavailable(failed)).toBe(true);
  });

  it('serves normally, then answers 503 within the timeouts while frozen, then recovers', async () => {
    expect((await t.app.inject('/api/readyz')).statusCode).toBe(200);
    expect((await t.app.inject('/api/products')).statusCode).toBe(200);
    // The catalogue is served from the read cache; a session lookup always reads the database.
    const uncached = { url: '/api/auth/get-session', headers: { authorization: 'Bearer not-a-session' } };
    expect((await t.app.inject(uncached)).statusCode).toBe(200);

    proxy.freeze();
    try {
      let started = performance.now();
      const ready = await t.app.inject('/api/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBeDefined();
      expect(performance.now() - started).toBeLessThan(1_500);

      started = performance.now();
      const all = await Promise.all(Array.from({ length: 12 }, () => t.app.inject(uncached)));
      for (const res of all) {
        expect(res.statusCode, res.body).toBe(503);
        expect(res.headers['retry-after']).toBeDefined();
        expect(res.json()).toMatchObject({ error: 'unavailable' });
      }
      // Pooled connections give up after the read timeout (statement timeout + 1 s), new ones after 500 ms.
      expect(performance.now() - started).toBeLessThan(4_000);
      // What was cached before the outage is still served.
      expect((await t.app.inject('/api/products')).statusCode).toBe(200);
    } finally {
      proxy.thaw();
    }

    // Recovery without a restart: broken connections were dropped from the pool.
    let status = 0;
    for (let i = 0; i < 20 && status !== 200; i++) {
      status = (await t.app.inject(uncached)).statusCode;
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
  });

  it('once a request found it unreachable, answers 503 at once until a probe gets through again', async () => {
    const uncached = { url: '/api/auth/get-session', headers: { authorization: 'Bearer not-a-session' } };
    expect((await t.app.inject(uncached)).statusCode).toBe(200);
    proxy.freeze();
    try {
      // The first request waits out the timeouts and opens the breaker.
      expect((await t.app.inject(uncached)).statusCode).toBe(503);
      expect(t.app.database.breaker?.isOpen).toBe(true);
      const started = performance.now();
      const later = await Promise.all(Array.from({ length: 10 }, () => t.app.inject(uncached)));
      for (const res of later) {
        expect(res.statusCode, res.body).toBe(503);
        expect(res.headers['retry-after']).toBeDefined();
      }
      expect(performance.now() - started).toBeLessThan(500);
      // Answers that need no query are still served.
      expect((await t.app.inject('/api/products')).statusCode).toBe(200);
    } finally {
      proxy.thaw();
    }
    let status = 0;
    for (let i = 0; i < 40 && status !== 200; i++) {
      status = (await t.app.inject(uncached)).statusCode;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
    expect(t.app.database.breaker?.isOpen).toBe(false);
  });

  it('a statement that only runs too long does not open the breaker', async () => {
    const failed = await t.app.database.db.execute(sql`select pg_sleep(5)`).catch((err: unknown) => err);
    const { isDatabaseUnavailable, isDatabaseUnreachable } = await import('../../infra/db-unavailable');
    expect(isDatabaseUnavailable(failed)).toBe(true);
    expect(isDatabaseUnreachable(failed)).toBe(false);
  });
});
