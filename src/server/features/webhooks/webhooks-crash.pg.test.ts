import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { webhookEndpoints } from '../../db/schema';
import { loadConfig } from '../../infra/config';
import { handOutDeadWorkersJobs, spawnShopChild, type ShopChild } from '../../test/crash';
import { createTestDatabase, type TestDatabase } from '../../test/helper';
import { crashWorkerEnv, startReceiver, waitFor, type Receiver } from '../../test/webhooks';
import { newSigningSecret, secretBox } from './webhooks.crypto';

// PostgreSQL only: a shop process with committed events is killed (kill -9) while deliveries are in flight;
// another instance on the same database delivers every event, a repeat carrying the same webhook-id.
const EVENTS = 8;
/** The receiver keeps each request at once and answers this much later: the delivery is then in flight. */
const ANSWER_DELAY_MS = 800;

let testDb: TestDatabase | undefined;
let receiver: Receiver | undefined;
let child: ShopChild | undefined;
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  child?.stop();
  for (const fn of cleanup.reverse()) await fn();
  await receiver?.close();
  await testDb?.drop();
});

describe('webhooks after a worker is killed (kill -9)', { timeout: 180_000 }, () => {
  it('every committed event is delivered; only those in flight come twice, with the same webhook-id', async () => {
    testDb = await createTestDatabase();
    receiver = await startReceiver([], ANSWER_DELAY_MS);
    const secret = newSigningSecret();
    await testDb.database.db.insert(webhookEndpoints).values({
      url: receiver.url,
      events: ['order.paid'],
      secretEnc: secretBox(crashWorkerEnv.BETTER_AUTH_SECRET).seal(secret),
    });
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-webhook-crash-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));

    const worker = spawnShopChild('webhook-worker.child.ts', {
      DATABASE_URL: testDb.url!,
      DATA_DIR: dataDir,
      EVENTS: String(EVENTS),
    });
    child = worker;
    await worker.line('queued');

    // Deliveries have reached the receiver and their answers are not back yet: kill the worker now.
    await waitFor(() => receiver!.received.length >= 2 || undefined, 30_000);
    await worker.kill();
    const atKill = new Set(receiver.received.map((r) => r.id));

    // The dead worker's jobs stay active until their expiry: hand them out again as pg-boss's upkeep would.
    const db = testDb.database.db;
    await handOutDeadWorkersJobs(db);
    const config = loadConfig({ ...crashWorkerEnv, DATA_DIR: dataDir, DATABASE_URL: testDb.url! });
    const app = await buildApp(config, { database: testDb.database, skipMigrations: true });
    cleanup.push(() => app.close());
    await app.ready();
    await waitFor(async () => {
      const { rows } = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from webhook_deliveries where status = 'delivered'`,
      );
      return Number(rows[0]!.n) === EVENTS || undefined;
    }, 90_000);
    await new Promise((r) => setTimeout(r, 1500));

    const byEvent = new Map<number, Set<string>>();
    const copies = new Map<string, number>();
    for (const r of receiver.received) {
      expect(() => receiver!.verify(secret, r)).not.toThrow();
      const n = r.json.data.n as number;
      byEvent.set(n, (byEvent.get(n) ?? new Set()).add(r.id));
      copies.set(r.id, (copies.get(r.id) ?? 0) + 1);
    }
    // None lost, each event under one webhook-id however many times it came.
    expect([...byEvent.keys()].sort((a, b) => a - b)).toEqual(
      Array.from({ length: EVENTS }, (_, i) => i + 1),
    );
    for (const ids of byEvent.values()) expect(ids.size).toBe(1);
    // Only what was in flight at the kill came again.
    const repeated = [...copies].filter(([, c]) => c > 1).map(([id]) => id);
    for (const id of repeated) expect(atKill.has(id)).toBe(true);
    expect(repeated.length).toBeGreaterThan(0);
  });
});
