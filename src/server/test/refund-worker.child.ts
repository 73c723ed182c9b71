/**
 * A shop instance run as its own process, for the refund crash test (kill -9): a payment arrives for an order that
 * was cancelled and whose stock another customer bought meanwhile, so the shop must give it back. The provider
 * refuses the refund tried at once (TEST_PAYMENTS_REFUSE_REFUNDS=1), which leaves it to the durable refund job; the
 * job is due only when the test makes it so (the retry delay is an hour). Prints "queued" and the scenario as JSON.
 * Run with `node --import tsx`; `DATABASE_URL` is a migrated test database, `DATA_DIR` a folder the test removes.
 */
import { buildApp } from '../app';
import { loadConfig } from '../infra/config';
import { openDatabase } from '../infra/db';
import { signUp } from './auth';
import { newScenario, run } from './refunds';
import { refundCrashEnv } from './crash';

const databaseUrl = process.env.DATABASE_URL!;
const config = loadConfig({
  ...refundCrashEnv,
  DATA_DIR: process.env.DATA_DIR!,
  DATABASE_URL: databaseUrl,
  TEST_PAYMENTS_REFUSE_REFUNDS: '1',
  REFUND_RETRY_DELAY_SECONDS: '3600',
});
const database = await openDatabase({ databaseUrl, poolSize: 5 });
const app = await buildApp(config, { database, skipMigrations: true });
await app.ready();
const buyer = await signUp(app, { name: 'Late Payer', verified: true });
const rival = await signUp(app, { name: 'Rival Buyer', verified: true });
const s = await newScenario(app, buyer, rival);
// The intent is made before the cancellation and recorded after it, so the cancellation cannot stop it at the provider.
for (const step of ['create', 'cancel', 'sellout', 'record', 'charge', 'confirm'] as const)
  await run(s, step);
console.log(
  `queued ${JSON.stringify({ orderId: s.orderId, productId: s.productId, intentId: s.intentId, buyer, rival })}`,
);
