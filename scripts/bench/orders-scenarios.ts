// The order benchmark's scenarios (scripts/bench/orders.ts runs them): what the shop and the baseline are sent, on
// products of each scenario's own. Add a transaction type here, with its baseline route in baseline-orders.ts.
import type pg from 'pg';
import { randomUUID } from 'node:crypto';
import { fmt, type BenchRequest, type StepContext } from './lib';

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
export type Traffic = { next: () => BenchRequest } | { steps: ((context: StepContext) => BenchRequest)[] };

export interface Prepared {
  shop: Traffic;
  base: Traffic;
  /** The products each side orders from (their stock is checked afterwards). */
  products: { shop: string[]; base: string[] };
  /** Lines of figures of its own, read from the database after the run. */
  summary?: (sql: pg.Client, seconds: number) => Promise<string[]>;
}

export interface OrderScenario {
  what: string;
  target: string;
  prepare(ctx: OrderBenchContext): Promise<Prepared>;
}

export const json = { 'content-type': 'application/json' };
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
