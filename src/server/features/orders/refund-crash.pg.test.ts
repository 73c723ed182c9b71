import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { orders, testPaymentRefunds } from '../../db/schema';
import { loadConfig } from '../../infra/config';
import type { Client } from '../../test/auth';
import { handOutDeadWorkersJobs, refundCrashEnv, spawnShopChild, type ShopChild } from '../../test/crash';
import { createTestDatabase, type TestDatabase } from '../../test/helper';
import { assertSettled } from '../../test/refunds';
import { waitFor } from '../../test/smtp';
import { REFUND_JOB } from './orders.refunds';

// PostgreSQL only: a shop process is killed (kill -9) while its refund job is between claiming a late payment's refund
// and hearing the provider confirm it; another instance on the same database finishes it, and the provider gives the
// money back exactly once.

interface Queued {
  orderId: string;
  productId: string;
  intentId: string;
  buyer: Client;
  rival: Client;
}

/**
 * Where the dead worker stops: before the provider acts (the test holds the payment's row at the provider, which the
 * built-in processor locks first), or after the provider made the refund and before the shop recorded it (the test
 * holds the order's row, which the shop updates with the provider's answer).
 */
const stops = {
  'before the provider makes the refund': { table: 'test_payment_intents', key: 'intentId', refunds: 0 },
  'after the provider made it, before the shop heard': { table: 'orders', key: 'orderId', refunds: 1 },
} as const;

let testDb: TestDatabase | undefined;
const children: ShopChild[] = [];
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of children) c.stop();
  for (const fn of cleanup.reverse()) await fn();
  await testDb?.drop();
});

const refundsOf = (intentId: string) =>
  testDb!.database.db.select().from(testPaymentRefunds).where(eq(testPaymentRefunds.intentId, intentId));

const jobStates = async (orderId: string) => {
  const { rows } = await testDb!.database.db.execute<{ state: string }>(
    sql`select state from pgboss.job where name = ${REFUND_JOB} and data->>'orderId' = ${orderId}`,
  );
  return rows.map((r) => r.state);
};

describe('a refund job after its worker is killed (kill -9)', { timeout: 240_000 }, () => {
  it.each(Object.entries(stops))('%s: the refund reaches the provider exactly once', async (_, stop) => {
    testDb ??= await createTestDatabase();
    const db = testDb.database.db;
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-refund-crash-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));

    const worker = spawnShopChild('refund-worker.child.ts', { DATABASE_URL: testDb.url!, DATA_DIR: dataDir });
    children.push(worker);
    const queued = JSON.parse(await worker.line('queued')) as Queued;
    // The late payment left a pending refund and its job; the refund tried at once was refused.
    const [pending] = await db.select().from(orders).where(eq(orders.id, queued.orderId));
    expect(pending).toMatchObject({ refundStatus: 'pending', paymentIntentId: queued.intentId });
    expect(await refundsOf(queued.intentId)).toHaveLength(0);
    expect(await jobStates(queued.orderId)).toEqual(['created']);

    // Hold the row the worker's next step needs, then make the job due: the worker claims it and waits on the row.
    const holder = new pg.Client({ connectionString: testDb.url! });
    await holder.connect();
    cleanup.push(() => holder.end());
    await holder.query('begin');
    await holder.query(`select 1 from ${stop.table} where id = $1 for update`, [queued[stop.key]]);
    await db.execute(
      sql`update pgboss.job set start_after = now() where name = ${REFUND_JOB} and data->>'orderId' = ${queued.orderId}`,
    );
    const holderPid = (holder as unknown as { processID: number }).processID;
    await waitFor(async () => {
      const { rows } = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity where ${holderPid} = any(pg_blocking_pids(pid))`,
      );
      return (
        (Number(rows[0]!.n) > 0 && (await refundsOf(queued.intentId)).length === stop.refunds) || undefined
      );
    }, 60_000);
    expect(await jobStates(queued.orderId)).toEqual(['active']);

    await worker.kill();
    await holder.query('rollback');
    const [atKill] = await db.select().from(orders).where(eq(orders.id, queued.orderId));
    expect(atKill!.refundStatus).toBe('pending');
    expect(await refundsOf(queued.intentId)).toHaveLength(stop.refunds);

    // Another instance takes over the dead worker's job once its expiry has passed.
    await handOutDeadWorkersJobs(db);
    const config = loadConfig({ ...refundCrashEnv, DATA_DIR: dataDir, DATABASE_URL: testDb.url! });
    const app = await buildApp(config, { database: testDb.database, skipMigrations: true });
    try {
      await app.ready();
      await waitFor(async () => {
        const [row] = await db.select().from(orders).where(eq(orders.id, queued.orderId));
        return row!.refundStatus === 'refunded' || undefined;
      }, 60_000);
      await waitFor(async () => (await jobStates(queued.orderId))[0] === 'completed' || undefined, 30_000);
      // Time for any second attempt to reach the provider.
      await new Promise((r) => setTimeout(r, 1500));

      // Exactly one refund at the provider, of the whole payment, and the order records that one.
      const s = { app, ...queued };
      expect(await assertSettled(s)).toBe('refunded');
      const refunds = await refundsOf(queued.intentId);
      expect(refunds).toHaveLength(1);
      // The buyer reads it so, signed in on the other instance (the session is in the database).
      const read = await app.inject({
        url: `/api/singleorderitem/${queued.orderId}`,
        headers: queued.buyer.headers,
      });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({
        refundStatus: 'refunded',
        refundId: refunds[0]!.id,
        paymentStatus: false,
        orderStatus: 'Cancelled',
      });
    } finally {
      // Closed before the next case, whose job must be claimed by its own child.
      await app.close();
    }
  });
});
