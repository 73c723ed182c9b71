import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestDatabase, type TestDatabase } from '../test/helper';
import { startSmtp, waitFor, type TestSmtp } from '../test/smtp';
import { loadConfig } from './config';
import { openDatabase, type Database } from './db';

// PostgreSQL only: two instances, each with its own pool and mail worker, on one database.
let testDb: TestDatabase;
let second: Database;
let smtp: TestSmtp;
let dataDir: string;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-test-'));
  testDb = await createTestDatabase();
  second = await openDatabase({ databaseUrl: testDb.url, poolSize: 5 });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    JOBS_POLL_MS: '500',
  });
  for (const database of [testDb.database, second]) {
    apps.push(await buildApp(config, { database, skipMigrations: true }));
  }
  await Promise.all(apps.map((a) => a.ready()));
}, 120_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  await second?.close();
  await testDb?.drop();
  await smtp?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('mail queue on several instances', () => {
  it(
    'each job is delivered exactly once with two workers polling the same queue',
    { timeout: 90_000 },
    async () => {
      const N = 40;
      await Promise.all(
        Array.from({ length: N }, (_, i) =>
          apps[i % 2]!.mailer.send({
            to: `twice-${i}@example.com`,
            subject: `job ${i}`,
            text: `${i}`,
            html: `${i}`,
          }),
        ),
      );
      await waitFor(() => smtp.received.length >= N || undefined, 60_000);
      // Time for a second delivery of any job to show up.
      await new Promise((r) => setTimeout(r, 2000));
      const subjects = smtp.received.map((m) => m.subject);
      expect(subjects).toHaveLength(N);
      expect(new Set(subjects).size).toBe(N);
      const depth = (await apps[0]!.jobs.depth()).mail;
      expect(depth).toEqual({ pending: 0, active: 0, failed: 0 });
    },
  );
});
