// `npm run bench -- --only orders [--duration 10]` (also part of the plain `npm run bench`): order placement on
// PostgreSQL under 50 connections, the shop beside a bare fastify + pg baseline running the same transaction
// (scripts/bench/baseline-orders.ts), then a stock check: initial stock − units reserved by the run's orders must be
// the stock left, and the ledger must balance to it. Each transaction type is one entry of `scenarios`, with its own
// products, shop requests and baseline route: single-product orders, and 5-line checkouts (five cart adds, then the
// checkout, per connection in turn, on both sides).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { freshDatabase } from './database';
import {
  fmt,
  load,
  sleep,
  startChild,
  stopChild,
  type BenchRequest,
  type Child,
  type Load,
  type StepContext,
} from './lib';

const STOCK = 10_000_000;

/** A verified customer of the shop: its bearer token, and its row (the baseline writes orders for it too). */
export interface BenchCustomer {
  token: string;
  id: string;
  name: string;
  email: string;
}

/** What every scenario gets: the database, customers and products of its own. */
export interface OrderBenchContext {
  sql: pg.Client;
  /** The first `n` bench customers, created on first use. */
  customers(n: number): Promise<BenchCustomer[]>;
  /** A product of its own with STOCK units, for one side of one scenario. */
  newProduct(name: string): Promise<string>;
}

/** What one side sends: a request built per request, or a sequence each connection runs in order. */
type Traffic = { next: () => BenchRequest } | { steps: ((context: StepContext) => BenchRequest)[] };

interface Prepared {
  shop: Traffic;
  base: Traffic;
  /** The products each side orders from (their stock is checked afterwards). */
  products: { shop: string[]; base: string[] };
  /** Lines of figures of its own, read from the database after the run. */
  summary?: (sql: pg.Client, seconds: number) => Promise<string[]>;
}

interface OrderScenario {
  what: string;
  target: string;
  prepare(ctx: OrderBenchContext): Promise<Prepared>;
}

const json = { 'content-type': 'application/json' };
const line = { quantity: 1, number: '+1 555 0100', address: '1 Bench Road' };

/** One unit of one product per order, the customers taking turns (one customer: every order waits for the last). */
async function singleProductOrders(ctx: OrderBenchContext, customerCount: number): Promise<Prepared> {
  const buyers = await ctx.customers(customerCount);
  const shopProduct = await ctx.newProduct('Bench order product (shop)');
  const baseProduct = await ctx.newProduct('Bench order product (baseline)');
  let s = 0;
  let b = 0;
  return {
    shop: {
      next: () => {
        const c = buyers[s++ % buyers.length]!;
        return {
          method: 'POST',
          path: `/api/order/${encodeURIComponent(c.email)}`,
          headers: { ...json, authorization: `Bearer ${c.token}` },
          body: JSON.stringify({ productId: shopProduct, ...line }),
        };
      },
    },
    base: {
      next: () => {
        const { id, name, email } = buyers[b++ % buyers.length]!;
        const body = { productId: baseProduct, ...line, customer: { id, name, email } };
        return { method: 'POST', path: '/order', headers: json, body: JSON.stringify(body) };
      },
    },
    products: { shop: [shopProduct], base: [baseProduct] },
  };
}

const LINES = 5;

/**
 * Five cart adds then one checkout, per connection, each connection taking the next customer of 100 for its next
 * pass (so no two connections fill one cart at once). Customers add the products in turns of a rotated order, so
 * carts share products in different orders (the checkout locks them in a fixed one).
 */
async function fiveLineCheckouts(ctx: OrderBenchContext): Promise<Prepared> {
  const buyers = await ctx.customers(100);
  const shopProducts: string[] = [];
  const baseProducts: string[] = [];
  for (let i = 0; i < LINES; i++) {
    shopProducts.push(await ctx.newProduct(`Bench checkout product ${i} (shop)`));
    baseProducts.push(await ctx.newProduct(`Bench checkout product ${i} (baseline)`));
  }
  let s = 0;
  let b = 0;
  const delivery = { number: '+1 555 0100', address: '1 Bench Road', poNumber: 'PO-BENCH' };
  const shopBuyer = (c: StepContext) => c.buyer as BenchCustomer;
  const baseBuyer = (c: StepContext) => {
    const { id, name, email } = c.buyer as BenchCustomer;
    return { id, name, email };
  };
  const nth = (products: string[], c: StepContext, i: number) => products[((c.turn as number) + i) % LINES]!;
  const start = (c: StepContext, n: number) => {
    c.buyer = buyers[n % buyers.length];
    c.turn = n % LINES;
  };
  const adds = (side: 'shop' | 'base') =>
    Array.from({ length: LINES }, (_, i) => (c: StepContext): BenchRequest => {
      if (side === 'shop') {
        if (i === 0) start(c, s++);
        const buyer = shopBuyer(c);
        return {
          method: 'POST',
          path: `/api/cart/${encodeURIComponent(buyer.email)}/lines`,
          headers: { ...json, authorization: `Bearer ${buyer.token}` },
          body: JSON.stringify({ productId: nth(shopProducts, c, i), quantity: 1 }),
        };
      }
      if (i === 0) start(c, b++);
      const body = { productId: nth(baseProducts, c, i), quantity: 1, customer: baseBuyer(c) };
      return { method: 'POST', path: '/cart', headers: json, body: JSON.stringify(body) };
    });
  return {
    shop: {
      steps: [
        ...adds('shop'),
        (c) => ({
          method: 'POST',
          path: `/api/checkout/${encodeURIComponent(shopBuyer(c).email)}`,
          headers: { ...json, authorization: `Bearer ${shopBuyer(c).token}` },
          body: JSON.stringify(delivery),
        }),
      ],
    },
    base: {
      steps: [
        ...adds('base'),
        (c) => ({
          method: 'POST',
          path: '/checkout',
          headers: json,
          body: JSON.stringify({ ...delivery, customer: baseBuyer(c) }),
        }),
      ],
    },
    products: { shop: shopProducts, base: baseProducts },
    async summary(sql, seconds) {
      const count = async (products: string[]) => {
        const { rows } = await sql.query<{ checkouts: number; lines: number; most: number }>(
          `select count(*)::int as checkouts, coalesce(sum(n), 0)::int as lines, coalesce(max(n), 0)::int as most
             from (select checkout_id, count(*) as n from orders where product_id = any($1::uuid[]) group by checkout_id) c`,
          [products],
        );
        return rows[0]!;
      };
      const shop = await count(shopProducts);
      const base = await count(baseProducts);
      const line = (side: string, c: { checkouts: number; lines: number; most: number }) =>
        `${side}: ${fmt(c.checkouts)} checkouts of ${fmt(c.lines)} lines (at most ${c.most} each), ${fmt(c.checkouts / seconds)} checkouts/s`;
      return [line('shop', shop), line('same tx', base)];
    },
  };
}

export const scenarios: OrderScenario[] = [
  {
    what: 'POST /api/order/{email}: 1 unit of one product, one customer (bearer token, no Idempotency-Key)',
    target: '≥ 0.7×, p99 ≤ 50 ms',
    prepare: (ctx) => singleProductOrders(ctx, 1),
  },
  {
    what: 'the same with a new Idempotency-Key on every request (what a retrying API client sends)',
    target: '—',
    async prepare(ctx) {
      const plain = await singleProductOrders(ctx, 1);
      const { next } = plain.shop as { next: () => BenchRequest };
      return {
        ...plain,
        shop: {
          next: () => {
            const r = next();
            return { ...r, headers: { ...r.headers, 'idempotency-key': randomUUID() } };
          },
        },
      };
    },
  },
  {
    what: 'the same product ordered by 50 customers in turn (no Idempotency-Key)',
    target: '—',
    prepare: (ctx) => singleProductOrders(ctx, 50),
  },
  {
    what: `5-line checkouts: ${LINES} × POST /api/cart/{email}/lines, then POST /api/checkout/{email}, 100 customers`,
    target: '≥ 0.7×, p99 ≤ 50 ms',
    prepare: fiveLineCheckouts,
  },
];

export interface StockCheck {
  side: 'shop' | 'baseline';
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
  base: Load;
  stock: StockCheck[];
  notes: string[];
}

/** `stock (shop): 10,000,000 − 2,345 reserved by 2,345 orders = 9,997,655; now 9,997,655, ledger 9,997,655 ✓` */
export function stockLine(c: StockCheck): string {
  const expected = c.initial - c.reserved;
  const ok = expected === c.current && c.ledger === c.current;
  return (
    `stock (${c.side}): ${fmt(c.initial)} − ${fmt(c.reserved)} reserved by ${fmt(c.orders)} orders = ${fmt(expected)}; ` +
    `now ${fmt(c.current)}, ledger ${fmt(c.ledger)} ${ok ? '✓' : '✗ INCONSISTENT'}`
  );
}

async function stockOf(sql: pg.Client, side: StockCheck['side'], productId: string): Promise<StockCheck> {
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
        // A customer places thousands of orders in a run: the limits on unpaid orders must not stop them.
        MAX_UNPAID_ORDERS: '100000000',
        MAX_RESERVED_UNITS: '100000000',
      },
      '/api/readyz',
    );
    started.push(shop);
    const base = await startChild(
      'baseline: fastify + pg orders',
      'scripts/bench/baseline-orders.ts',
      { DATABASE_URL: db.url },
      '/readyz',
    );
    started.push(base);
    const customers: BenchCustomer[] = [];
    const ctx: OrderBenchContext = {
      sql,
      async customers(n) {
        while (customers.length < n) customers.push(await verifiedCustomer(shop, sql, customers.length));
        return customers.slice(0, n);
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
          [shop.url, p.shop],
        ] as const)
          await load(url, { duration: 2, ...traffic });
      const baseLoad = await load(base.url, { duration, ...p.base });
      const shopLoad = await load(shop.url, { duration, ...p.shop });
      // autocannon stops at its deadline, but the requests it left in flight still commit: let them finish first.
      await sleep(2000);
      const stock = [
        ...(await Promise.all(p.products.shop.map((id) => stockOf(sql, 'shop', id)))),
        ...(await Promise.all(p.products.base.map((id) => stockOf(sql, 'baseline', id)))),
      ];
      const notes = p.summary ? await p.summary(sql, duration) : [];
      results.push({ what: s.what, target: s.target, shop: shopLoad, base: baseLoad, stock, notes });
    }
    return results;
  } finally {
    for (const c of started.reverse()) await stopChild(c);
    await sql.end();
    await db.drop().catch((err: unknown) => console.error('could not drop the bench database:', err));
    await rm(dataDir, { recursive: true, force: true });
  }
}
