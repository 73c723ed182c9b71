import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { checkouts, orders } from './schema';
import type { TestApp } from '../test/helper';
import { appWithPeople } from '../test/people';
import type { Client } from '../test/auth';
import { makeProduct, payOrder, placeOrder } from '../test/shop';
import { addOldLineDelivery, dropOldLineDelivery } from '../test/old-delivery';

let t: TestApp, alice: Client;
beforeAll(async () => {
  [t, , alice] = await appWithPeople('Alice Backfill');
});
afterAll(() => t.close());

/** The hand-written data statements of migration 0031, as the migrator runs them. */
async function backfill() {
  const text = await readFile(new URL('./migrations/0031_one_pipeline.sql', import.meta.url), 'utf8');
  const data = text
    .split('--> statement-breakpoint')
    .filter((s) => /^\s*(INSERT|UPDATE)/m.test(s.replace(/^--.*$/gm, '')));
  expect(data).toHaveLength(3);
  // 0031 ran on lines that still carried their delivery (moved onto the checkout alone by 0040, decision 067).
  await addOldLineDelivery(t.app);
  for (const statement of data) await t.app.database.db.execute(sql.raw(statement));
  await dropOldLineDelivery(t.app);
}

it('gives an order placed before the migration a one-line checkout with its id, still paid as an order', async () => {
  const product = await makeProduct(t.app, { quantity: 5 });
  const id = (await placeOrder(t.app, alice, { productId: product.id, quantity: 2 })).json().insertedId;
  // As an Order Now order was stored before 0031: no checkout.
  const { db } = t.app.database;
  await db.update(orders).set({ checkoutId: null }).where(eq(orders.id, id));
  await db.delete(checkouts).where(eq(checkouts.id, id));

  await backfill();

  const [line] = await db.select().from(orders).where(eq(orders.id, id));
  const [co] = await db.select().from(checkouts).where(eq(checkouts.id, id));
  expect(line!.checkoutId).toBe(id);
  expect(co).toMatchObject({ source: 'order_now', userId: line!.userId, address: line!.address });
  expect(co!.createdAt.getTime()).toBe(line!.createdAt.getTime());
  const mine = await t.app.inject({ url: `/api/myorder/${alice.email}`, headers: alice.headers });
  expect(mine.json().find((o: { _id: string }) => o._id === id)).toMatchObject({ checkoutId: null });
  expect((await payOrder(t.app, alice, id)).pay?.statusCode).toBe(200);
  // The checkout calls do not know it: it is paid and cancelled through the spec's order calls only.
  expect((await t.app.inject({ url: `/api/checkout/${id}`, headers: alice.headers })).statusCode).toBe(404);
});
