import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type AppConfig } from '../infra/config';
import { captureMailer, createTestDatabase, testPasswordHashing, type TestDatabase } from './helper';

/**
 * Several instances of the shop on one test database, as in production (PostgreSQL-only tests): registers its own
 * set-up and tear-down, builds an instance per `instance()` call, closes them all and drops the database at the end.
 */
export function instancesOnOneDatabase(base: Record<string, string> = {}) {
  let db: TestDatabase;
  let dataDir: string;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    db = await createTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-instances-pg-'));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db.drop();
    await rm(dataDir, { recursive: true, force: true });
  });
  return {
    database: () => db,
    /** An instance with `env` over the base environment; `overrides` set what no variable does (say `webDir`). */
    async instance(
      env: Record<string, string> = {},
      overrides: Partial<AppConfig> = {},
    ): Promise<FastifyInstance> {
      const config = loadConfig(
        {
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          SEED_DEMO: 'false',
          DATA_DIR: dataDir,
          BASE_URL: 'http://localhost:3000',
          BETTER_AUTH_SECRET: 'x'.repeat(40),
          ...base,
          ...env,
        },
        overrides,
      );
      const app = await buildApp(config, {
        database: db.database,
        skipMigrations: true,
        mailer: captureMailer(),
        passwordHashing: testPasswordHashing,
      });
      await app.ready();
      apps.push(app);
      return app;
    },
  };
}

/** Polls until `check` holds; returns the milliseconds it took (fails past `limitMs`). */
export async function within(limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > limitMs) throw new Error(`not seen within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - start;
}
