/**
 * A shop instance run as its own process, for the webhook crash test (kill -9): it records `EVENTS` events in one
 * transaction, prints "queued", and its dispatcher and delivery worker send them to the endpoint the test set up.
 * Run with `node --import tsx`; `DATABASE_URL` is a migrated test database, `DATA_DIR` a folder the test removes.
 */
import { buildApp } from '../app';
import { recordEvent } from '../features/webhooks/index';
import { loadConfig } from '../infra/config';
import { openDatabase } from '../infra/db';
import { crashWorkerEnv } from './webhooks';

const databaseUrl = process.env.DATABASE_URL!;
const count = Number(process.env.EVENTS);
const config = loadConfig({ ...crashWorkerEnv, DATA_DIR: process.env.DATA_DIR!, DATABASE_URL: databaseUrl });
const database = await openDatabase({ databaseUrl, poolSize: 5 });
const app = await buildApp(config, { database, skipMigrations: true });
await app.ready();
await database.db.transaction(async (tx) => {
  for (let n = 1; n <= count; n++) await recordEvent(tx, { type: 'order.paid', data: { n } });
});
console.log('queued');
