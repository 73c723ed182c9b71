import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders } from '../../db/schema';
import { signUp, type Client } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/helper';
import { makeProduct, payOrder, placeOrder, stockOf } from '../../test/shop';

// The app's own mail queue (no capture mailer): order mails are jobs stored in the order's transaction.
let t: TestApp;
let alice: Client;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' }, {}, { mailer: undefined });
  alice = await signUp(t.app, { name: 'Alice Mail', verified: true });
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

/** Mail jobs (any state: waiting, sent or failed) whose subject mentions the product. */
async function mailJobs(productName: string) {
  const rows = await t.database.db.execute<{ subject: string }>(
    sql`select data->>'subject' as subject from pgboss.job where name = 'mail' and data->>'subject' like ${`%${productName}%`}`,
  );
  return rows.rows.map((r) => r.subject);
}

describe('order mails are queued in the order transaction', () => {
  it('a placed and a paid order each store exactly their mail job; a refused order stores none', async () => {
    const product = await makeProduct(t.app, { quantity: 3 });
    const id = (await placeOrder(t.app, alice, { productId: product.id, quantity: 3 })).json().insertedId;
    const [{ n }] = (await t.database.db
      .select({ n: orders.orderNumber })
      .from(orders)
      .where(eq(orders.id, id))) as [{ n: number }];
    expect(await mailJobs(product.name)).toEqual([`Your Toolhouse order: ${product.name} (order #${n})`]);
    expect((await placeOrder(t.app, alice, { productId: product.id, quantity: 1 })).statusCode).toBe(409);
    expect(await mailJobs(product.name)).toHaveLength(1);
    expect((await payOrder(t.app, alice, id)).pay!.statusCode).toBe(200);
    expect((await mailJobs(product.name)).sort()).toEqual(
      [
        `Payment received: ${product.name} (order #${n})`,
        `Your Toolhouse order: ${product.name} (order #${n})`,
      ].sort(),
    );
  });

  it('an order whose mail job cannot be stored is not placed: no order, stock untouched', async () => {
    const product = await makeProduct(t.app, { quantity: 5 });
    vi.spyOn(t.app.jobs, 'send').mockRejectedValueOnce(new Error('queue table unavailable'));
    const res = await placeOrder(t.app, alice, { productId: product.id, quantity: 2 });
    expect(res.statusCode).toBe(500);
    expect(await t.database.db.select().from(orders).where(eq(orders.productId, product.id))).toEqual([]);
    expect(await stockOf(t.app, product.id)).toBe(5);
    expect(await mailJobs(product.name)).toEqual([]);
  });

  it('a mail queued in a transaction that rolls back is never sent', async () => {
    const subject = `Rolled back ${Date.now()}`;
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.app.mailer.send({ to: alice.email, subject, text: 'x', html: '<p>x</p>' }, { tx });
        throw new Error('the order failed after its mail was queued');
      }),
    ).rejects.toThrow(/order failed/);
    expect(await mailJobs(subject)).toEqual([]);
  });
});
