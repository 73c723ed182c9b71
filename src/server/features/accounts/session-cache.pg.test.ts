import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../plugins/config';
import { captureMailer, createTestDatabase, type TestDatabase } from '../../test/helper';
import { signUp, signUpAdmin, type Client } from '../../test/auth';

// PostgreSQL only (see vitest.config.ts): a session signed out, or a role changed, through one instance stops or
// starts counting on the other within a second, although the other keeps resolved sessions for several seconds.
let db: TestDatabase;
let dataDir: string;
const apps: FastifyInstance[] = [];

async function instance(env: Record<string, string>) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    BASE_URL: 'http://localhost:3000',
    BETTER_AUTH_SECRET: 'x'.repeat(40),
    SESSION_CACHE_SECONDS: '60',
    ...env,
  });
  const app = await buildApp(config, {
    database: db.database,
    skipMigrations: true,
    mailer: captureMailer(),
  });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-sessions-pg-'));
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await db.drop();
  await rm(dataDir, { recursive: true, force: true });
});

async function within(limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > limitMs) throw new Error(`not seen within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - start;
}

describe.each([
  ['PostgreSQL LISTEN/NOTIFY', {}],
  ['Redis pub/sub', { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' }],
] as const)('resolved sessions across two instances over %s', (_name, env) => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let admin: Client;
  beforeAll(async () => {
    a = await instance(env);
    b = await instance(env);
    admin = await signUpAdmin(a);
  });
  const status = async (app: FastifyInstance, url: string, c: Client) =>
    (await app.inject({ url, headers: c.headers })).statusCode;

  it('a sign-out through one instance ends the session on the other within a second', async () => {
    const c = await signUp(a, { verified: true });
    const me = `/api/user/${encodeURIComponent(c.email)}`;
    expect(await status(b, me, c)).toBe(200);
    expect(b.sessionCache.size).toBeGreaterThan(0);
    const out = await a.inject({ method: 'POST', url: '/api/auth/sign-out', headers: c.headers });
    expect(out.statusCode).toBe(200);
    expect(await within(1000, async () => (await status(b, me, c)) === 401)).toBeLessThanOrEqual(1000);
  });

  it('a promotion through one instance counts on the other within a second', async () => {
    const c = await signUp(a, { verified: true });
    expect(await status(b, '/api/user', c)).toBe(403);
    const put = await a.inject({ method: 'PUT', url: `/api/user/${c.email}`, headers: admin.headers });
    expect(put.statusCode).toBe(200);
    expect(await within(1000, async () => (await status(b, '/api/user', c)) === 200)).toBeLessThanOrEqual(
      1000,
    );
  });
});
