import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../app';
import { loadConfig, type AppConfig } from '../infra/config';
import { openDatabase, type Database } from '../infra/db';
import type { Mailer, MailMessage } from '../infra/mail';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: string,
  length: number,
  options: object,
) => Promise<Buffer>;
// scrypt at a 32nd of Better Auth's work (N 1024 instead of 16384, r 8 instead of 16): still a salted hash that a
// wrong password fails, at well under a millisecond.
const cheapScrypt = (password: string, salt: string) =>
  scryptAsync(password.normalize('NFKC'), salt, 64, { N: 1024, r: 8, p: 1 });

/**
 * The API tests' password hashing (see PasswordHashing in http/auth.ts): every app of one test file (a second
 * instance too) must use the same, since each checks what another stored.
 */
export const testPasswordHashing = {
  async hash(password: string) {
    const salt = randomBytes(16).toString('hex');
    return `${salt}:${(await cheapScrypt(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }: { hash: string; password: string }) {
    const [salt, key] = hash.split(':');
    const stored = Buffer.from(key ?? '', 'hex');
    if (!salt || stored.length !== 64) return false;
    return timingSafeEqual(await cheapScrypt(password, salt), stored);
  },
};

/** Which database this run of the suite uses: set per Vitest project (see vitest.config.ts). */
export const testDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export interface TestDatabase {
  database: Database;
  /** PostgreSQL only: where a second instance connects to the same database. */
  url?: string;
  drop(): Promise<void>;
}

/** The migrated PGlite image of this run (see global-setup.ts), read once per worker. */
let pgliteImage: Promise<Blob> | undefined;

/**
 * A database of its own for one test file: an in-memory PGlite or a new PostgreSQL database, each a copy of the run's
 * migrated template (global-setup.ts), so a file starts from the migrated schema without migrating again.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDbKind === 'pglite') {
    pgliteImage ??= readFile(inject('pgliteTemplate')).then((bytes) => new Blob([bytes]));
    const database = await openDatabase({ pgliteImage: await pgliteImage });
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `shop_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${inject('postgresTemplate')}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    poolSize: 20,
    oneConnectionCheck: true,
  });
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

/** A mailer that keeps every message, for tests that follow mailed links. */
export function captureMailer(): Mailer & { sent: MailMessage[]; linksTo(email: string): string[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(m) {
      sent.push(m);
    },
    close() {},
    linksTo(email) {
      return sent.filter((m) => m.to === email).flatMap((m) => m.text.match(/https?:\/\/\S+/g) ?? []);
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  mail: ReturnType<typeof captureMailer>;
  database: Database;
  config: AppConfig;
  dataDir: string;
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  overrides: Partial<AppConfig> = {},
  /**
   * `mailer: undefined` keeps the app's own queued mailer (mail-queue tests); by default mail is captured.
   * `passwordHashing: undefined` keeps Better Auth's scrypt (tests that time it); by default it is the cheap one.
   */
  build: Pick<
    BuildOptions,
    'payments' | 'mailer' | 'fetchRemote' | 'passwordHashing' | 'shipping' | 'tax'
  > = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-test-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      BASE_URL: 'http://localhost:3000',
      // Test files share a few customers across many orders; the limits' own tests set them low.
      MAX_UNPAID_ORDERS: '1000',
      // Goods-only totals unless a test configures shipping and tax (src/server/test/fulfilment.ts) or asks for these.
      SEED_DEMO_RATES: 'false',
      // The demo catalogue as the tests count it (18 products); the equipment demo has its own test.
      SEED_DEMO_EQUIPMENT: 'false',
      // The API tests read the catalogue through PostgreSQL, the search index's oracle; the index's own tests
      // (search-index*.test.ts) turn it on and compare the two. The shop, and so the e2e suite, runs with it on.
      SEARCH_INDEX: 'false',
      ...env,
    },
    overrides,
  );
  const testDb = await createTestDatabase();
  const mail = captureMailer();
  const app = await buildApp(config, {
    database: testDb.database,
    skipMigrations: true,
    mailer: mail,
    passwordHashing: testPasswordHashing,
    ...build,
  });
  await app.ready();
  return {
    app,
    mail,
    database: testDb.database,
    config,
    dataDir,
    async close() {
      await app.close();
      await testDb.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
