import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../infra/config';
import { captureMailer, createTestDatabase, type TestDatabase } from '../../test/helper';
import { signIn, signUp } from '../../test/auth';
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
  it('sign-in attempts counted on one instance also count on the other', async () => {
    const { email } = await signUp(a);
    for (let i = 0; i < 6; i++) expect((await signIn(a, email, `wrong-${i}`)).statusCode).toBe(401);
    const onB: number[] = [];
    for (let i = 0; i < 6; i++) onB.push((await signIn(b, email, `wrong-b-${i}`)).statusCode);
    expect(onB.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(onB.at(-1)).toBe(429);
  });
});
