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
  /**
   * The first `n` bench customers of one side, created on first use. Each side has its own: the limits count a
   * customer's unpaid orders, so a side must not pay for the orders another side left on the same customer.
   */
  customers(n: number, side: Side): Promise<BenchCustomer[]>;
  /** A product of its own with STOCK units, for one side of one scenario. */
  newProduct(name: string): Promise<string>;
}

/** What one side sends: a request built per request, or a sequence each connection runs in order. */
export type Traffic = { next: () => BenchRequest } | { steps: ((context: StepContext) => BenchRequest)[] };

/** The sides of a run: the shop, the shop's services on a bare server ("the same transaction"), bare SQL. */
export type Side = 'shop' | 'services' | 'base';

export interface Prepared {
  shop: Traffic;
  /** The bare server calling the shop's own services (baseline-orders.ts, /services/…). */
  services: Traffic;
  base: Traffic;
  /** The products each side orders from (their stock is checked afterwards). */
  products: Record<Side, string[]>;
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
  const buyers = {
    shop: await ctx.customers(customerCount, 'shop'),
    services: await ctx.customers(customerCount, 'services'),
    base: await ctx.customers(customerCount, 'base'),
  };
  const product = {
    shop: await ctx.newProduct('Bench order product (shop)'),
    services: await ctx.newProduct('Bench order product (services)'),
    base: await ctx.newProduct('Bench order product (baseline)'),
  };
  let s = 0;
  /** The bare server's sides: the customer in the body, under /services/… or not. */
  const bare = (prefix: string, productId: string, who: BenchCustomer[]): Traffic => {
    let b = 0;
    return {
      next: () => {
        const { id, name, email } = who[b++ % who.length]!;
        const body = { productId, ...line, customer: { id, name, email } };
        return { method: 'POST', path: `${prefix}/order`, headers: json, body: JSON.stringify(body) };
      },
    };
  };
  return {
    shop: {
      next: () => {
        const c = buyers.shop[s++ % buyers.shop.length]!;
        return {
          method: 'POST',
          path: `/api/order/${encodeURIComponent(c.email)}`,
          headers: { ...json, authorization: `Bearer ${c.token}` },
          body: JSON.stringify({ productId: product.shop, ...line }),
        };
      },
    },
    services: bare('/services', product.services, buyers.services),
    base: bare('', product.base, buyers.base),
    products: { shop: [product.shop], services: [product.services], base: [product.base] },
  };
}

const LINES = 5;

/**
 * Five cart adds then one checkout, per connection, each connection taking the next customer of 100 for its next
 * pass (so no two connections fill one cart at once). Customers add the products in turns of a rotated order, so
 * carts share products in different orders (the checkout locks them in a fixed one).
 */
async function fiveLineCheckouts(ctx: OrderBenchContext): Promise<Prepared> {
  const buyers: Record<Side, BenchCustomer[]> = {
    shop: await ctx.customers(100, 'shop'),
    services: await ctx.customers(100, 'services'),
    base: await ctx.customers(100, 'base'),
  };
  const products: Record<Side, string[]> = { shop: [], services: [], base: [] };
  for (let i = 0; i < LINES; i++)
    for (const side of ['shop', 'services', 'base'] as const)
      products[side].push(await ctx.newProduct(`Bench checkout product ${i} (${side})`));
  const delivery = { number: '+1 555 0100', address: '1 Bench Road', poNumber: 'PO-BENCH' };
  const buyer = (c: StepContext) => c.buyer as BenchCustomer;
  const customer = (c: StepContext) => {
    const { id, name, email } = buyer(c);
    return { id, name, email };
  };
  const nth = (list: string[], c: StepContext, i: number) => list[((c.turn as number) + i) % LINES]!;
  /** Each side's passes count on their own: a pass takes the next customer and the next rotation. */
  const passes = (side: Side) => {
    let n = 0;
    return (c: StepContext) => {
      c.buyer = buyers[side][n % buyers[side].length];
      c.turn = n++ % LINES;
    };
  };
  const shopStart = passes('shop');
  const shop: Traffic = {
    steps: [
      ...Array.from({ length: LINES }, (_, i) => (c: StepContext): BenchRequest => {
        if (i === 0) shopStart(c);
        return {
          method: 'POST',
          path: `/api/cart/${encodeURIComponent(buyer(c).email)}/lines`,
          headers: { ...json, authorization: `Bearer ${buyer(c).token}` },
          body: JSON.stringify({ productId: nth(products.shop, c, i), quantity: 1 }),
        };
      }),
      (c) => ({
        method: 'POST',
        path: `/api/checkout/${encodeURIComponent(buyer(c).email)}`,
        headers: { ...json, authorization: `Bearer ${buyer(c).token}` },
        body: JSON.stringify(delivery),
      }),
    ],
  };
  /** The bare server's sides: the customer in the body, under /services/… or not. */
  const bare = (prefix: string, side: Side): Traffic => {
    const list = products[side];
    const begin = passes(side);
    return {
      steps: [
        ...Array.from({ length: LINES }, (_, i) => (c: StepContext): BenchRequest => {
          if (i === 0) begin(c);
          const body = { productId: nth(list, c, i), quantity: 1, customer: customer(c) };
          return { method: 'POST', path: `${prefix}/cart`, headers: json, body: JSON.stringify(body) };
        }),
        (c) => ({
          method: 'POST',
          path: `${prefix}/checkout`,
          headers: json,
          body: JSON.stringify({ ...delivery, customer: customer(c) }),
        }),
      ],
    };
  };
  return {
    shop,
    services: bare('/services', 'services'),
    base: bare('', 'base'),
    products,
    async summary(sql, seconds) {
      const lines: string[] = [];
      for (const side of ['shop', 'services', 'base'] as const) {
        const { rows } = await sql.query<{ checkouts: number; lines: number; most: number }>(
          `select count(*)::int as checkouts, coalesce(sum(n), 0)::int as lines, coalesce(max(n), 0)::int as most
             from (select checkout_id, count(*) as n from orders where product_id = any($1::uuid[]) group by checkout_id) c`,
          [products[side]],
        );
        const c = rows[0]!;
        lines.push(
          `${sideNames[side]}: ${fmt(c.checkouts)} checkouts of ${fmt(c.lines)} lines (at most ${c.most} each), ${fmt(c.checkouts / seconds)} checkouts/s`,
        );
      }
      return lines;
    },
  };
}

/** How the printout names each side. */
export const sideNames: Record<Side, string> = { shop: 'shop', services: 'same tx', base: 'bare SQL' };

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
