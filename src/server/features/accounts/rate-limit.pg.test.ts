import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../infra/config';
import { captureMailer, createTestDatabase, type TestDatabase } from '../../test/helper';
import { ORIGIN, signIn, signUp } from '../../test/auth';
import type { FastifyInstance } from 'fastify';

// PostgreSQL only (see vitest.config.ts): two instances of the shop on one database share their rate limits.
let db: TestDatabase;
let a: FastifyInstance;
let b: FastifyInstance;

beforeAll(async () => {
  db = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: '/tmp/shop-rl-test',
    BETTER_AUTH_SECRET: 'x'.repeat(40),
  });
  a = await buildApp(config, { database: db.database, skipMigrations: true, mailer: captureMailer() });
  b = await buildApp(config, { database: db.database, skipMigrations: true, mailer: captureMailer() });
});
afterAll(async () => {
  await a.close();
  await b.close();
  await db.drop();
});

describe('rate limits across instances', () => {
  it("an account's failed sign-ins on one instance also count on the other", async () => {
    const { email } = await signUp(a);
    for (let i = 0; i < 3; i++) expect((await signIn(a, email, `wrong-${i}`)).statusCode).toBe(401);
    const onB: number[] = [];
    for (let i = 0; i < 3; i++) onB.push((await signIn(b, email, `wrong-b-${i}`)).statusCode);
    expect(onB).toEqual([401, 401, 429]);
    const refused = await signIn(a, email);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('concurrent wrong passwords on both instances get no more than 5 tries', async () => {
    const { email } = await signUp(a);
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        signIn(i % 2 ? a : b, email, `burst-${i}`).then((r) => r.statusCode),
      ),
    );
    // At most five tries reach the password check, whatever the interleaving; every other one is refused.
    const tried = statuses.filter((s) => s === 401).length;
    expect(tried, JSON.stringify(statuses)).toBeGreaterThan(0);
    expect(tried, JSON.stringify(statuses)).toBeLessThanOrEqual(5);
    expect(
      statuses.every((s) => s === 401 || s === 429),
      JSON.stringify(statuses),
    ).toBe(true);
  });

  it('reset requests for one address count on both instances', async () => {
    const { email } = await signUp(a);
    const reset = (app: FastifyInstance) =>
      app
        .inject({
          method: 'POST',
          url: '/api/auth/request-password-reset',
          headers: { origin: ORIGIN, 'content-type': 'application/json' },
          payload: { email, redirectTo: `${ORIGIN}/reset-password` },
        })
        .then((r) => r.statusCode);
    expect([await reset(a), await reset(b), await reset(a), await reset(b)]).toEqual([200, 200, 200, 429]);
  });
});
