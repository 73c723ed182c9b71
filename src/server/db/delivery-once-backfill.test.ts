import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Order } from '@shared/orders/orders.schema';
import { checkouts, orders } from './schema';
import type { TestApp } from '../test/helper';
import { appWithPeople } from '../test/people';
import type { Client } from '../test/auth';
import { cartApi, checkoutApi, makeCartProduct } from '../test/cart';
import { configureFulfilment, shipAs } from '../test/fulfilment';
import { placeOrder } from '../test/shop';
import { addOldLineDelivery, oldLineDeliveryNames as names } from '../test/old-delivery';

let t: TestApp, admin: Client, alice: Client;
beforeAll(async () => {
  [t, admin, alice] = await appWithPeople('Alice Delivery');
  await configureFulfilment(t.app);
});
afterAll(() => t.close());

const dallas = { street: '1500 Main St', city: 'Dallas', state: 'TX', zip: '75201' };

/** The migration that stores delivery once, every statement of it, as the migrator runs them. */
async function migrate() {
  const dir = new URL('./migrations/', import.meta.url);
  const file = (await readdir(dir)).find((f) => f.endsWith('_delivery_once.sql'))!;
  const text = await readFile(new URL(file, dir), 'utf8');
  for (const statement of text.split('--> statement-breakpoint'))
    await t.app.database.db.execute(sql.raw(statement));
}

const delivery = (o: Order) => ({
  shippingMethod: o.shippingMethod,
  shippingKind: o.shippingKind,
  liftgate: o.liftgate,
  residential: o.residential,
  deliveryMinDays: o.deliveryMinDays,
  deliveryMaxDays: o.deliveryMaxDays,
  shipTo: o.shipTo,
  taxExemptionNumber: o.taxExemptionNumber,
  fulfilment: o.fulfilment,
});
const read = async (id: string) =>
  (await t.app.inject({ url: `/api/singleorderitem/${id}`, headers: admin.headers })).json() as Order;

it('reads an old-shape line’s delivery the same after the migration moves it onto the checkout', async () => {
  const product = await makeCartProduct(t.app, { quantity: 20, priceCents: 5_000 });
  await shipAs(t.app, product.id, { shippingWeightGrams: 2_000 });
  const placed = await placeOrder(t.app, alice, {
    productId: product.id,
    quantity: 2,
    address: '1500 Main St, Dallas, TX 75201',
    shipTo: dallas,
  });
  expect(placed.statusCode).toBe(200);
  const orderNow = placed.json().insertedId as string;
  await cartApi(t.app, alice).add(product.id, 3);
  const co = await checkoutApi(t.app, alice).create({
    address: '1500 Main St, Dallas, TX 75201',
    shipTo: dallas,
  });
  expect(co.statusCode).toBe(201);
  const cartLine = co.json().lines[0]._id as string;
  const before = { orderNow: await read(orderNow), cartLine: await read(cartLine) };
  expect(delivery(before.orderNow)).toMatchObject({ shippingMethod: 'Ground parcel', shipTo: dallas });
  expect(delivery(before.cartLine)).toMatchObject({ shippingMethod: 'Ground parcel', shipTo: dallas });

  // The old shape: the delivery on each line too; one checkout that never got it (only its lines had it), and one
  // Order Now line with no checkout at all (as before migration 0031).
  const { db } = t.app.database;
  await addOldLineDelivery(t.app);
  const list = names.join(', ');
  await db.execute(
    sql.raw(
      `UPDATE "orders" o SET (${list}) = (SELECT ${list} FROM "checkouts" c WHERE c.id = o.checkout_id) WHERE o.checkout_id IS NOT NULL`,
    ),
  );
  const coId = co.json()._id as string;
  await db.execute(
    sql.raw(
      `UPDATE "checkouts" SET ${names
        .map((n) => `${n} = ${n === 'liftgate' || n === 'residential' ? 'false' : 'null'}`)
        .join(', ')}, shipping_kind = null WHERE id = '${coId}'`,
    ),
  );
  await db.update(orders).set({ checkoutId: null }).where(eq(orders.id, orderNow));
  await db.delete(checkouts).where(eq(checkouts.id, orderNow));

  await migrate();

  expect(delivery(await read(orderNow))).toEqual(delivery(before.orderNow));
  expect(delivery(await read(cartLine))).toEqual(delivery(before.cartLine));
  const [line] = await db.select().from(orders).where(eq(orders.id, orderNow));
  expect(line!.checkoutId).toBe(orderNow);
  // The columns are gone from the lines: the checkout holds the sale's delivery once.
  const left = await db.execute(
    sql`select column_name from information_schema.columns where table_name = 'orders' and column_name = 'ship_state'`,
  );
  expect(left.rows).toHaveLength(0);
});
