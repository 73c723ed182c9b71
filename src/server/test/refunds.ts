import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { orders, products, testPaymentIntents, testPaymentRefunds } from '../db/schema';
import { recordPaymentIntent, sweepExpiredOrders } from '../features/orders/orders.service';
import { setTestIntentStatus } from '../features/payments/test-provider';
import type { Client } from './auth';
import { orderDepsOf, placeOrder } from './shop';

/**
 * One order's life, step by step, as the server's parts and the outside world take them. Paying is split where real
 * requests can be overtaken: make-payment checks the order and creates the intent (`create`), then records it on the
 * order (`record`); the card network charges it (`charge`, honouring a cancelled intent, like Stripe does even when
 * the shop is not asked); the browser or webhook then applies it (`confirm`). Around them: the customer cancels,
 * the checkout window passes and the sweep runs (`expire`), another customer buys the stock left (`sellout`).
 */
export type Step = 'create' | 'record' | 'charge' | 'confirm' | 'cancel' | 'expire' | 'sellout';
export const paySteps: Step[] = ['create', 'record', 'charge', 'confirm'];
export const otherSteps: Step[] = ['cancel', 'expire', 'sellout'];

export interface Scenario {
  app: FastifyInstance;
  buyer: Client;
  rival: Client;
  orderId: string;
  productId: string;
  intentId?: string;
}

const ORDERED = 2;

/** A product with stock for exactly one order of ORDERED units, and that order. */
export async function newScenario(app: FastifyInstance, buyer: Client, rival: Client): Promise<Scenario> {
  const [product] = await app.database.db
    .insert(products)
    .values({
      name: `Interleaving ${Math.random().toString(36).slice(2)}`,
      img: '/media/products/test.webp',
      priceCents: 1_000,
      quantity: ORDERED,
      minOrder: 1,
      description: 'A product for the refund tests.',
    })
    .returning();
  const res = await placeOrder(app, buyer, { productId: product!.id, quantity: ORDERED });
  if (res.statusCode !== 200) throw new Error(`order failed: ${res.body}`);
  return { app, buyer, rival, orderId: res.json().insertedId, productId: product!.id };
}

const orderRow = async (s: Scenario) =>
  (await s.app.database.db.select().from(orders).where(eq(orders.id, s.orderId)))[0]!;

/** Runs one step; refusals (4xx) are part of the story, anything else fails the test. */
export async function run(s: Scenario, step: Step): Promise<void> {
  const { app } = s;
  const deps = orderDepsOf(app);
  const expectRefusal = (res: { statusCode: number; body: string }) =>
    expect(res.statusCode === 200 || res.statusCode < 500, `${step}: ${res.statusCode} ${res.body}`).toBe(
      true,
    );
  switch (step) {
    case 'create': {
      const row = await orderRow(s);
      const payable = !row.paymentStatus && row.orderStatus === 'Pending' && !isPast(row, deps.expiryMs);
      if (payable)
        s.intentId = (
          await app.payments.createIntent({ orderId: s.orderId, amountCents: 2_000, email: 'x' })
        ).id;
      return;
    }
    case 'record':
      if (s.intentId) await recordPaymentIntent(app.database.db, s.orderId, s.intentId);
      return;
    case 'charge':
      if (s.intentId) await setTestIntentStatus(app.database.db, s.intentId, 'succeeded', null);
      return;
    case 'confirm': {
      if (!s.intentId) return;
      const url = `/api/order/${s.orderId}`;
      const payload = { transactionId: s.intentId };
      expectRefusal(await app.inject({ method: 'PUT', url, headers: s.buyer.headers, payload }));
      return;
    }
    case 'cancel': {
      const url = `/api/order/${s.orderId}`;
      expectRefusal(await app.inject({ method: 'DELETE', url, headers: s.buyer.headers }));
      return;
    }
    case 'expire': {
      const longAgo = new Date(Date.now() - deps.expiryMs - 60_000);
      await app.database.db.update(orders).set({ createdAt: longAgo }).where(eq(orders.id, s.orderId));
      await sweepExpiredOrders(deps);
      return;
    }
    case 'sellout': {
      const [p] = await app.database.db.select().from(products).where(eq(products.id, s.productId));
      if (p!.quantity > 0)
        expect(
          (await placeOrder(app, s.rival, { productId: s.productId, quantity: p!.quantity })).statusCode,
        ).toBe(200);
      return;
    }
  }
}

const isPast = (row: { createdAt: Date }, expiryMs: number) =>
  row.createdAt.getTime() + expiryMs <= Date.now();

/**
 * The invariant, read from the test provider's own records: every succeeded charge is either the paid order's
 * transaction or refunded in full exactly once, never both, never neither; nothing else is refunded; and the stock
 * is exactly what was not taken by live orders.
 */
export async function assertSettled(s: Scenario): Promise<'paid' | 'refunded' | 'no charge'> {
  const db = s.app.database.db;
  const row = await orderRow(s);
  const intents = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.orderId, s.orderId));
  const refunds = intents.length
    ? await db
        .select()
        .from(testPaymentRefunds)
        .where(
          inArray(
            testPaymentRefunds.intentId,
            intents.map((i) => i.id),
          ),
        )
    : [];
  let outcome: 'paid' | 'refunded' | 'no charge' = 'no charge';
  for (const intent of intents) {
    const given = refunds.filter((r) => r.intentId === intent.id);
    if (intent.status !== 'succeeded') {
      expect(given).toEqual([]);
      continue;
    }
    const paid = row.paymentStatus && row.transactionId === intent.id;
    const refunded = given.length === 1 && given[0]!.amountCents === intent.amountCents;
    expect({ paid, refunded, refunds: given.length }).toEqual(
      paid ? { paid, refunded: false, refunds: 0 } : { paid: false, refunded: true, refunds: 1 },
    );
    if (refunded) expect(row).toMatchObject({ refundStatus: 'refunded', refundId: given[0]!.id });
    outcome = paid ? 'paid' : 'refunded';
  }
  if (outcome === 'no charge') expect(row.paymentStatus).toBe(false);
  const [product] = await db.select().from(products).where(eq(products.id, s.productId));
  // Pending orders hold their units (paid or not); cancelled and expired ones gave them back.
  const all = await db.select().from(orders).where(eq(orders.productId, s.productId));
  const held = all.filter((o) => o.orderStatus === 'Pending').reduce((n, o) => n + o.quantity, 0);
  expect(product!.quantity + held).toBe(ORDERED);
  return outcome;
}
