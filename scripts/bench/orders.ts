// `npm run bench -- --only orders [--duration 10]` (also part of the plain `npm run bench`): order placement on
// PostgreSQL under 50 connections, the shop beside a bare fastify + pg baseline running the same transaction
// (scripts/bench/baseline-orders.ts), then a stock check: initial stock − units reserved by the run's orders must be
// the stock left, and the ledger must balance to it. Each transaction type is one entry of `scenarios` (in
// orders-scenarios.ts), with its own products, shop requests and baseline route: single-product orders, and 5-line
// checkouts (five cart adds, then the checkout, per connection in turn, on both sides).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { freshDatabase } from './database';
import {
  json,
  scenarios,
  sideNames,
  type BenchCustomer,
  type OrderBenchContext,
  type Side,
} from './orders-scenarios';
import { fmt, load, sleep, startChild, stopChild, type Child, type Load } from './lib';

const STOCK = 10_000_000;
/** A customer places thousands of orders in a run: the limits on unpaid orders must not stop them. */
const LIMIT = '100000000';

export interface StockCheck {
  side: Side;
  productId: string;
  initial: number;
  reserved: number;
  current: number;
  ledger: number;
  orders: number;
}

export interface OrderRow {
  what: string;
  target: string;
  shop: Load;
  /** The shop's services on a bare server: the "same transaction" baseline, the one the target is about. */
  services: Load;
  base: Load;
  stock: StockCheck[];
  notes: string[];
}

/** `stock (shop): 10,000,000 − 2,345 reserved by 2,345 orders = 9,997,655; now 9,997,655, ledger 9,997,655 ✓` */
export function stockLine(c: StockCheck): string {
  const expected = c.initial - c.reserved;
  const ok = expected === c.current && c.ledger === c.current;
  return (
    `stock (${sideNames[c.side]}): ${fmt(c.initial)} − ${fmt(c.reserved)} reserved by ${fmt(c.orders)} orders = ${fmt(expected)}; ` +
    `now ${fmt(c.current)}, ledger ${fmt(c.ledger)} ${ok ? '✓' : '✗ INCONSISTENT'}`
  );
}

async function stockOf(sql: pg.Client, side: Side, productId: string): Promise<StockCheck> {
  const { rows } = await sql.query<{ current: number; reserved: number; orders: number; ledger: number }>(
    `select p.quantity as current,
       (select coalesce(sum(quantity), 0)::int from orders where product_id = p.id) as reserved,
       (select count(*)::int from orders where product_id = p.id) as orders,
       (select coalesce(sum(delta), 0)::int from stock_movements where product_id = p.id) as ledger
     from products p where p.id = $1`,
    [productId],
  );
  return { side, productId, initial: STOCK, ...rows[0]! };
}

/** A customer signed up through the shop, verified in the database (ordering needs it), signed in for a token. */
async function verifiedCustomer(shop: Child, sql: pg.Client, i: number): Promise<BenchCustomer> {
  const account = {
    email: `bench-customer-${i}@example.com`,
    password: 'bench-password-1',
    name: `Bench ${i}`,
  };
  const post = (url: string, body: object) =>
    fetch(`${shop.url}/api/auth/${url}`, {
      method: 'POST',
      headers: { ...json, origin: shop.url },
      body: JSON.stringify(body),
    });
  const up = await post('sign-up/email', account);
  if (!up.ok) throw new Error(`sign-up failed: ${up.status} ${await up.text()}`);
  const { rows } = await sql.query<{ id: string; name: string; email: string }>(
    'update "user" set email_verified = true where email = $1 returning id, name, email',
    [account.email],
  );
  const signIn = await post('sign-in/email', { email: account.email, password: account.password });
  const token = signIn.headers.get('set-auth-token');
  if (!signIn.ok || !token) throw new Error(`sign-in failed: ${signIn.status}`);
  return { token, ...rows[0]! };
}

/** Runs every scenario against a shop and a baseline of its own, on a fresh database it drops afterwards. */
export async function benchOrders({
  databaseUrl,
  duration,
}: {
  databaseUrl: string;
  duration: number;
}): Promise<OrderRow[]> {
  const db = await freshDatabase(databaseUrl);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-orders-'));
  const sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  const started: Child[] = [];
  try {
    const shop = await startChild(
      'shop (PostgreSQL, orders)',
      'src/server/server.ts',
      {
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        DATABASE_URL: db.url,
        SEED_DEMO: 'false',
        AUTH_RATE_LIMIT: 'false',
        BETTER_AUTH_SECRET: randomBytes(24).toString('hex'),
        MAX_UNPAID_ORDERS: LIMIT,
        MAX_RESERVED_UNITS: LIMIT,
      },
      '/api/readyz',
    );
    started.push(shop);
    const base = await startChild(
      'baseline: fastify + pg orders',
      'scripts/bench/baseline-orders.ts',
      { DATABASE_URL: db.url, DATA_DIR: dataDir, MAX_UNPAID_ORDERS: LIMIT, MAX_RESERVED_UNITS: LIMIT },
      '/readyz',
    );
    started.push(base);
    const customers: Record<Side, BenchCustomer[]> = { shop: [], services: [], base: [] };
    let made = 0;
    const ctx: OrderBenchContext = {
      sql,
      async customers(n, side) {
        const list = customers[side];
        while (list.length < n) list.push(await verifiedCustomer(shop, sql, made++));
        return list.slice(0, n);
      },
      async newProduct(name) {
        const { rows } = await sql.query<{ id: string }>(
          `insert into products (name, img, price_cents, quantity, min_order, description)
           values ($1, '/media/products/bench.webp', 12900, $2, 1, 'A product for the order benchmark.') returning id`,
          [name, STOCK],
        );
        return rows[0]!.id;
      },
    };
    const results: OrderRow[] = [];
    for (const [i, s] of scenarios.entries()) {
      const p = await s.prepare(ctx);
      // Both servers answer their first orders cold (lazy compilation, empty pools): warm them on the first scenario's
      // products, whose stock check counts these orders too.
      if (i === 0)
        for (const [url, traffic] of [
          [base.url, p.base],
          [base.url, p.services],
          [shop.url, p.shop],
        ] as const)
          await load(url, { duration: 2, ...traffic });
      const baseLoad = await load(base.url, { duration, ...p.base });
      const servicesLoad = await load(base.url, { duration, ...p.services });
      const shopLoad = await load(shop.url, { duration, ...p.shop });
      // autocannon stops at its deadline, but the requests it left in flight still commit: let them finish first.
      await sleep(2000);
      // One client, so one query at a time (pg refuses to queue them on one connection in its next major version).
      const stock: StockCheck[] = [];
      for (const side of ['shop', 'services', 'base'] as const)
        for (const id of p.products[side]) stock.push(await stockOf(sql, side, id));
      const notes = p.summary ? await p.summary(sql, duration) : [];
      results.push({
        what: s.what,
        target: s.target,
        shop: shopLoad,
        services: servicesLoad,
        base: baseLoad,
        stock,
        notes,
      });
    }
    return results;
  } finally {
    for (const c of started.reverse()) await stopChild(c);
    await sql.end();
    await db.drop().catch((err: unknown) => console.error('could not drop the bench database:', err));
    await rm(dataDir, { recursive: true, force: true });
  }
}
