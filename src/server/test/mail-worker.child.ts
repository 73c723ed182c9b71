/**
 * A shop instance run as its own process, for tests that kill it (kill -9): it queues `MAILS` mails in one
 * transaction, so its mail worker finds them all on its next poll, prints "queued" and delivers them to `SMTP_URL`.
 * Run with `node --import tsx`; `DATABASE_URL` is a migrated test database, `DATA_DIR` a folder the test removes.
 */
import { buildApp } from '../app';
import { loadConfig } from '../infra/config';
import { openDatabase } from '../infra/db';

const databaseUrl = process.env.DATABASE_URL!;
const count = Number(process.env.MAILS);
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  DATA_DIR: process.env.DATA_DIR!,
  DATABASE_URL: databaseUrl,
  BASE_URL: 'http://localhost:3000',
  BETTER_AUTH_SECRET: 'x'.repeat(40),
  SMTP_URL: process.env.SMTP_URL!,
  JOBS_POLL_MS: '500',
});
const database = await openDatabase({ databaseUrl, poolSize: 5 });
const app = await buildApp(config, { database, skipMigrations: true });
await app.ready();
await database.db.transaction(async (tx) => {
  for (let i = 1; i <= count; i++)
    await app.mailer.send(
      { to: `crash-${i}@example.com`, subject: `mail ${i}`, text: `${i}`, html: `${i}` },
      { tx },
    );
});
console.log('queued');
