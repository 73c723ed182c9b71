import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { invoices } from '../../db/schema';
import { loadConfig } from '../../infra/config';
import { openDatabase, type Database } from '../../infra/db';
import { signUp, type Client } from '../../test/auth';
import { captureMailer, createTestDatabase, type TestDatabase } from '../../test/helper';
import { makeProduct, placeOrder } from '../../test/shop';

// PostgreSQL only: two instances of the shop, each with its own connection pool, on one database.
let testDb: TestDatabase;
let second: Database;
let dataDir: string;
const apps: FastifyInstance[] = [];
let buyer: Client;
const N = 50;
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  testDb = await createTestDatabase();
  second = await openDatabase({ databaseUrl: testDb.url, poolSize: 20 });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-invoices-pg-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    BASE_URL: 'http://localhost:3000',
    BETTER_AUTH_SECRET: 'x'.repeat(40),
    MAX_UNPAID_ORDERS: '1000',
  });
  for (const database of [testDb.database, second])
    apps.push(await buildApp(config, { database, skipMigrations: true, mailer: captureMailer() }));
  await Promise.all(apps.map((a) => a.ready()));
  buyer = await signUp(apps[0]!, { name: 'Concurrent Buyer', verified: true });
}, 120_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  await second?.close();
  await testDb?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

/** An unpaid order with a succeeded test payment, ready for PUT /api/order/{id}. */
async function chargedOrder(app: FastifyInstance, productId: string) {
  const id = (await placeOrder(app, buyer, { productId, quantity: 1 })).json().insertedId as string;
  const intent = await app.inject({
    method: 'POST',
    url: '/api/make-payment',
    headers: buyer.headers,
    payload: { orderId: id, total: 1 },
  });
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/payments/test/confirm',
    headers: buyer.headers,
    payload: {
      clientSecret: intent.json().clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
    },
  });
  return { id, transactionId: confirm.json().transactionId as string };
}

const pay = (i: number, o: { id: string; transactionId: string }) =>
  apps[i % 2]!.inject({
    method: 'PUT',
    url: `/api/order/${o.id}`,
    headers: buyer.headers,
    payload: { transactionId: o.transactionId },
  });

const numbers = async () =>
  await testDb.database.db
    .select({ number: invoices.number, seq: invoices.seq, orderId: invoices.orderId })
    .from(invoices)
    .where(eq(invoices.kind, 'invoice'))
    .orderBy(asc(invoices.seq));

describe('invoice numbers on PostgreSQL with two instances', () => {
  it(
    `${N} concurrent payments get INV-<year>-000001…0000${N}: no gap, no repeat, rolled-back payments give theirs back`,
    { timeout: 240_000 },
    async () => {
      const product = await makeProduct(apps[0]!, { quantity: N, priceCents: 1_000 });
      const charged = [];
      for (let i = 0; i < N; i++) charged.push(await chargedOrder(apps[i % 2]!, product.id));

      // Five payments on the second instance fail after taking their number (their mail cannot be stored).
      const send = vi.spyOn(apps[1]!.mailer, 'send');
      for (let i = 0; i < 5; i++) send.mockRejectedValueOnce(new Error('queue table unavailable'));
      const answers = await Promise.all(charged.map((o, i) => pay(i, o)));
      const failed = charged.filter((_, i) => answers[i]!.statusCode !== 200);
      expect(answers.filter((a) => a.statusCode === 500)).toHaveLength(5);
      expect(failed).toHaveLength(5);
      const afterFirstRound = await numbers();
      expect(afterFirstRound.map((r) => r.seq)).toEqual(Array.from({ length: N - 5 }, (_, i) => i + 1));

      // Paid again, they continue the sequence.
      send.mockRestore();
      const retried = await Promise.all(failed.map((o, i) => pay(i, o)));
      expect(retried.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
      const all = await numbers();
      expect(all.map((r) => r.number)).toEqual(
        Array.from({ length: N }, (_, i) => `INV-${year}-${String(i + 1).padStart(6, '0')}`),
      );
      expect(new Set(all.map((r) => r.orderId)).size).toBe(N);
      expect(new Set(all.map((r) => r.orderId))).toEqual(new Set(charged.map((o) => o.id)));
    },
  );
});
