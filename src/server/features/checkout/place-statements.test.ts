import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Logger } from 'drizzle-orm';
import * as schema from '../../db/schema';
import type { Db } from '../../infra/db';
import type { SessionUser } from '../../http/auth-guard';
import type { TestApp } from '../../test/helper';
import { appWithPeople } from '../../test/people';
import type { Client } from '../../test/auth';
import { cartApi, makeCartProduct } from '../../test/cart';
import { orderDepsOf } from '../../test/shop';
import { placeOrderNow } from './checkout.order-now';
import { createCheckout } from './checkout.service';

// Both databases: the statement count is the driver's; the transaction's own begin/commit are left out of it.

/**
 * Issue 38's benchmarks: a sale's cost under load is mostly its round trips to the database, one per statement. The
 * machine's load does not change how many there are, so this guards them: one Order Now and one 5-line checkout
 * issue at most these many statements (decision 051, addendum), whatever the line count — a statement per line
 * added to the pipeline fails it.
 */
// One more each since the webhooks outbox (decision 061): every sale writes its order.created events in one statement.
const ORDER_NOW_MAX = 16;
const CHECKOUT_MAX = 23;

let t: TestApp, alice: Client, bob: Client;
let statements: string[] = [];
let countingDb: Db;

const sessionOf = async (c: Client): Promise<SessionUser> => {
  const [row] = await t.app.database.db.select().from(schema.user).where(eq(schema.user.email, c.email));
  return { id: row!.id, email: row!.email, name: row!.name, role: 'user', emailVerified: true };
};

beforeAll(async () => {
  [t, , alice, bob] = await appWithPeople('Alice Counted', 'Bob Counted');
  const logger: Logger = {
    logQuery(query) {
      if (!/^\s*(begin|commit|rollback|savepoint|release)\b/i.test(query)) statements.push(query);
    },
  };
  const { database } = t.app;
  const client = (database.db as unknown as { $client: never }).$client;
  countingDb = (database.kind === 'pglite'
    ? drizzlePglite({ client, schema, logger })
    : drizzlePg({ client, schema, logger })) as unknown as Db;
});
afterAll(() => t.close());

// The app's own order dependencies, with the counting database in place of its own (its only database handle).
const depsOf = () => ({ ...orderDepsOf(t.app), db: countingDb });

async function counted<T>(fn: () => Promise<T>): Promise<{ out: T; count: number; sql: string[] }> {
  statements = [];
  const out = await fn();
  const sql = statements;
  statements = [];
  return { out, count: sql.length, sql };
}

describe('statements per placement (issue 38, benchmarks)', () => {
  it('places an Order Now in a bounded number of statements', async () => {
    const p = await makeCartProduct(t.app, { quantity: 50, priceCents: 1_000 });
    const customer = await sessionOf(alice);
    const deps = depsOf();
    // Warm what the app caches per process (settings, rates), as a running shop has: the second sale is measured.
    await placeOrderNow(deps, customer, {
      productId: p.id,
      quantity: 1,
      number: '+1 555 0100',
      address: '1 Road',
    });
    const { out, count, sql } = await counted(() =>
      placeOrderNow(deps, customer, {
        productId: p.id,
        quantity: 1,
        number: '+1 555 0100',
        address: '1 Road',
      }),
    );
    expect(out.acknowledged).toBe(true);
    console.log(
      `Order Now: ${count} statements\n${sql.map((s) => s.replace(/\s+/g, ' ').slice(0, 140)).join('\n')}`,
    );
    expect(count).toBeLessThanOrEqual(ORDER_NOW_MAX);
  });

  it('places a 5-line checkout in a bounded number of statements (one more per line: the reservation)', async () => {
    const customer = await sessionOf(bob);
    const deps = depsOf();
    const cart = cartApi(t.app, bob);
    const place = async (lines: number) => {
      for (let i = 0; i < lines; i++) {
        const p = await makeCartProduct(t.app, { quantity: 50, priceCents: 1_000 + i });
        expect((await cart.add(p.id, 1)).statusCode).toBe(200);
      }
      return counted(() =>
        createCheckout(deps, customer, { number: '+1 555 0100', address: '1 Road', poNumber: 'PO-1' }),
      );
    };
    await place(1);
    const one = await place(1);
    const five = await place(5);
    expect(five.out.lines).toHaveLength(5);
    console.log(
      `checkout: 1 line ${one.count}, 5 lines ${five.count} statements\n${five.sql.map((s) => s.replace(/\s+/g, ' ').slice(0, 140)).join('\n')}`,
    );
    expect(five.count).toBeLessThanOrEqual(CHECKOUT_MAX);
  });

  // Decision 068: with no line that may backorder, the products' rows are locked by the sale's last statement, so
  // other buyers of them wait for that statement and the commit only, and a sale's lines take them in one statement.
  it('takes the stock last, in one statement however many lines', async () => {
    const customer = await sessionOf(alice);
    const deps = depsOf();
    const p = await makeCartProduct(t.app, { quantity: 50, priceCents: 1_000 });
    const order = { productId: p.id, quantity: 1, number: '+1 555 0100', address: '1 Road' };
    await placeOrderNow(deps, customer, order);
    const now = await counted(() => placeOrderNow(deps, customer, order));
    const cart = cartApi(t.app, alice);
    for (let i = 0; i < 3; i++) {
      const line = await makeCartProduct(t.app, { quantity: 50, priceCents: 2_000 + i });
      expect((await cart.add(line.id, 1)).statusCode).toBe(200);
    }
    const checkout = await counted(() =>
      createCheckout(deps, customer, { number: '+1 555 0100', address: '1 Road' }),
    );
    expect(checkout.out.lines).toHaveLength(3);
    for (const { sql } of [now, checkout]) {
      const stock = sql.filter((q) => /update products p set quantity/i.test(q));
      expect(stock).toHaveLength(1);
      expect(sql.at(-1)).toBe(stock[0]);
    }
  });
});
