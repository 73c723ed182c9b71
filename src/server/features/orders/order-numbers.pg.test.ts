import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { orders } from '../../db/schema';
import { loadConfig } from '../../infra/config';
import { openDatabase, type Database } from '../../infra/db';
import { signUp, type Client } from '../../test/auth';
import { cartApi, checkoutApi, makeCartProduct } from '../../test/cart';
import { captureMailer, createTestDatabase, type TestDatabase } from '../../test/helper';
import { placeOrder } from '../../test/shop';

// PostgreSQL only: two instances of the shop, each with its own connection pool, on one database.
let testDb: TestDatabase;
let second: Database;
let dataDir: string;
const apps: FastifyInstance[] = [];
const buyers: Client[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  second = await openDatabase({ databaseUrl: testDb.url, poolSize: 20 });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-order-numbers-pg-'));
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
  for (let i = 0; i < 3; i++) buyers.push(await signUp(apps[0]!, { name: `Buyer ${i}`, verified: true }));
}, 120_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  await second?.close();
  await testDb?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const numbers = async () =>
  (
    await testDb.database.db.select({ n: orders.orderNumber }).from(orders).orderBy(asc(orders.orderNumber))
  ).map((r) => r.n);

describe('order numbers on PostgreSQL with two instances', () => {
  it(
    'orders and checkouts placed at once, some rolled back, are numbered 1001… with no gap or repeat',
    { timeout: 240_000 },
    async () => {
      const product = await makeCartProduct(apps[0]!, { quantity: 1000, priceCents: 1_000 });
      const other = await makeCartProduct(apps[0]!, { quantity: 1000, priceCents: 500 });
      // Each buyer checks out a two-line cart while placing single orders: the same customer's checkout and orders
      // lock the customer and the number counter in one order, so none of them deadlocks.
      for (const b of buyers) {
        await cartApi(apps[0]!, b).add(product.id, 2);
        await cartApi(apps[0]!, b).add(other.id, 3);
      }
      const send = vi.spyOn(apps[1]!.mailer, 'send');
      for (let i = 0; i < 4; i++) send.mockRejectedValueOnce(new Error('queue table unavailable'));
      const singles = Array.from({ length: 20 }, (_, i) =>
        placeOrder(apps[i % 2]!, buyers[i % 3]!, { productId: product.id, quantity: 1 }),
      );
      const checkouts = buyers.map((b, i) => checkoutApi(apps[i % 2]!, b).create({ poNumber: `PO-${i}` }));
      const answers = await Promise.all([...singles, ...checkouts]);
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 500)).toHaveLength(4);
      // Placements queue on the counter row to their commit; on a loaded machine one may wait past the database's
      // timeouts and answer 503 (rolled back, try again), which must leave no gap either.
      expect(
        answers
          .filter((a) => ![200, 201, 500, 503].includes(a.statusCode))
          .map((a) => `${a.statusCode} ${a.body}`),
      ).toEqual([]);
      const placed = answers.filter((a) => a.statusCode === 200 || a.statusCode === 201);
      expect(placed.length).toBeGreaterThan(0);
      const lines = placed.reduce((n, a) => n + (a.statusCode === 201 ? 2 : 1), 0);
      const all = await numbers();
      expect(all).toEqual(Array.from({ length: lines }, (_, i) => 1001 + i));
      // A checkout's lines take numbers next to each other.
      for (const a of placed.filter((x) => x.statusCode === 201)) {
        const [x, y] = (a.json() as { lines: { orderNumber: number }[] }).lines.map((l) => l.orderNumber);
        expect(Math.abs(x! - y!)).toBe(1);
      }
      send.mockRestore();
    },
  );
});
