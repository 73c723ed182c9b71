import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cartMessages } from '@shared/cart/cart.schema';
import { checkouts, orders, productPriceBreaks } from '../../db/schema';
import type { TestApp } from '../../test/helper';
import type { Client } from '../../test/auth';
import { appWithPeople } from '../../test/people';
import { placeOrder } from '../../test/shop';
import { cartApi, changeProduct, makeCartProduct } from '../../test/cart';
import { userIdByEmail } from '../accounts/accounts.service';

let t: TestApp;
let admin: Client;
let ann: Client;
let bob: Client;

beforeAll(async () => {
  [t, admin, ann, bob] = await appWithPeople('Ann Buyer', 'Bob Buyer');
});
afterEach(() => cartApi(t.app, ann).empty());
afterAll(() => t.close());

const reorder = (client: Client, what: 'order' | 'checkout', id: string) =>
  t.app.inject({ method: 'POST', url: `/api/${what}/${id}/reorder`, headers: client.headers });

async function orderOf(client: Client, productId: string, quantity: number): Promise<string> {
  const res = await placeOrder(t.app, client, { productId, quantity });
  expect(res.statusCode).toBe(200);
  return res.json().insertedId;
}

/** A checkout of Ann's with one order line per product, as the checkout writes them. */
async function checkoutOf(
  client: Client,
  lines: { productId: string; name: string; quantity: number; cents: number }[],
) {
  const { db } = t.app.database;
  const userId = (await userIdByEmail(db, client.email))!;
  const base = {
    userId,
    name: 'Ann Buyer',
    email: client.email,
    number: '+1 555 0100',
    address: '1 Yard Road',
  };
  const [checkout] = await db.insert(checkouts).values(base).returning({ id: checkouts.id });
  await db.insert(orders).values(
    lines.map((l) => ({
      ...base,
      checkoutId: checkout!.id,
      productId: l.productId,
      productName: l.name,
      quantity: l.quantity,
      unitPriceCents: l.cents,
      orderStatus: 'Cancelled' as const,
    })),
  );
  return checkout!.id;
}

describe('order again', () => {
  it('puts the order in the cart at the same price, saying nothing changed', async () => {
    const p = await makeCartProduct(t.app, { quantity: 50, priceCents: 2_000 });
    const res = await reorder(ann, 'order', await orderOf(ann, p.id, 3));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      changes: [],
      cart: { lines: [{ productId: p.id, quantity: 3, unitPrice: 20 }] },
    });
    // Again: on top of what the cart holds.
    const again = await reorder(ann, 'order', await orderOf(ann, p.id, 1));
    expect(again.json().changes).toEqual([]);
    expect(again.json().cart.lines[0].quantity).toBe(4);
  });

  it("says the price changed, at today's price for that quantity", async () => {
    const p = await makeCartProduct(t.app, { quantity: 50, priceCents: 2_000 });
    const id = await orderOf(ann, p.id, 10);
    await changeProduct(t.app, p.id, { priceCents: 2_200 });
    let res = await reorder(ann, 'order', id);
    expect(res.json().changes).toEqual([
      { productId: p.id, name: p.name, kind: 'price', message: 'Now $22.00 per unit at 10 (was $20.00).' },
    ]);
    expect(res.json().cart.lines[0]).toMatchObject({ quantity: 10, unitPrice: 22 });
    await cartApi(t.app, ann).empty();
    // A price break reached at this quantity is today's price too.
    const withBreaks = await makeCartProduct(t.app, { quantity: 50, priceCents: 2_000 });
    const id2 = await orderOf(ann, withBreaks.id, 10);
    await t.app.database.db
      .insert(productPriceBreaks)
      .values({ productId: withBreaks.id, minQuantity: 10, unitPriceCents: 1_800 });
    res = await reorder(ann, 'order', id2);
    expect(res.json().changes[0]).toMatchObject({
      kind: 'price',
      message: 'Now $18.00 per unit at 10 (was $20.00).',
    });
  });

  it('lowers a quantity the stock no longer covers, or leaves the line out', async () => {
    const lower = await makeCartProduct(t.app, { quantity: 50 });
    const none = await makeCartProduct(t.app, { quantity: 50, minOrder: 5 });
    const idLower = await orderOf(ann, lower.id, 8);
    const idNone = await orderOf(ann, none.id, 5);
    await changeProduct(t.app, lower.id, { quantity: 3 });
    await changeProduct(t.app, none.id, { quantity: 4 });
    let res = await reorder(ann, 'order', idLower);
    expect(res.json().changes).toEqual([
      {
        productId: lower.id,
        name: lower.name,
        kind: 'stock',
        message: 'Only 3 in stock now: the quantity was lowered to 3.',
      },
    ]);
    expect(res.json().cart.lines).toMatchObject([{ productId: lower.id, quantity: 3, problem: null }]);
    res = await reorder(ann, 'order', idNone);
    expect(res.json().changes).toEqual([
      {
        productId: none.id,
        name: none.name,
        kind: 'stock',
        message: 'Only 4 in stock now: it was not added to your cart.',
      },
    ]);
    expect(res.json().cart.count).toBe(1);
  });

  it('leaves out what is no longer sold; moves a quantity to whole packs', async () => {
    const gone = await makeCartProduct(t.app, { quantity: 50 });
    const packed = await makeCartProduct(t.app, { quantity: 50 });
    const idGone = await orderOf(ann, gone.id, 2);
    const idPacked = await orderOf(ann, packed.id, 7);
    await changeProduct(t.app, gone.id, { archivedAt: new Date() });
    await changeProduct(t.app, packed.id, { packSize: 5 });
    let res = await reorder(ann, 'order', idGone);
    expect(res.json()).toMatchObject({
      changes: [
        {
          productId: gone.id,
          kind: 'discontinued',
          message: `${cartMessages.discontinued} It was not added to your cart.`,
        },
      ],
      cart: { count: 0 },
    });
    res = await reorder(ann, 'order', idPacked);
    expect(res.json().changes).toEqual([
      {
        productId: packed.id,
        name: packed.name,
        kind: 'quantity',
        message: 'Sold in packs of 5 now: 10 instead of 7.',
      },
    ]);
    expect(res.json().cart.lines[0].quantity).toBe(10);
  });

  it('a checkout goes into the cart line by line, each change named', async () => {
    const a = await makeCartProduct(t.app, { quantity: 50, priceCents: 1_000 });
    const b = await makeCartProduct(t.app, { quantity: 50, priceCents: 1_500 });
    const c = await makeCartProduct(t.app, { quantity: 50, priceCents: 500 });
    const id = await checkoutOf(ann, [
      { productId: a.id, name: a.name, quantity: 2, cents: 1_000 },
      { productId: b.id, name: b.name, quantity: 4, cents: 1_400 },
      { productId: c.id, name: c.name, quantity: 6, cents: 500 },
    ]);
    await changeProduct(t.app, c.id, { archivedAt: new Date() });
    const res = await reorder(ann, 'checkout', id);
    expect(res.statusCode).toBe(200);
    // A checkout's lines are written together: their order among themselves is not the point here.
    const pairs = (items: { productId: string }[], value: (i: never) => unknown) =>
      items
        .map((i) => [i.productId, value(i as never)])
        .sort((x, y) => String(x[0]).localeCompare(String(y[0])));
    const sorted = (...rows: [string, unknown][]) => rows.sort((x, y) => x[0].localeCompare(y[0]));
    expect(pairs(res.json().changes, (ch: { kind: string }) => ch.kind)).toEqual(
      sorted([b.id, 'price'], [c.id, 'discontinued']),
    );
    expect(pairs(res.json().cart.lines, (l: { quantity: number }) => l.quantity)).toEqual(
      sorted([a.id, 2], [b.id, 4]),
    );
  });

  it('only the owner orders again (403 for another customer, an admin too); unknown ids 404; anonymous 401', async () => {
    const p = await makeCartProduct(t.app, { quantity: 50 });
    const id = await orderOf(ann, p.id, 1);
    const checkout = await checkoutOf(ann, [{ productId: p.id, name: p.name, quantity: 1, cents: 100 }]);
    for (const who of [bob, admin]) {
      expect((await reorder(who, 'order', id)).statusCode).toBe(403);
      expect((await reorder(who, 'checkout', checkout)).statusCode).toBe(403);
    }
    expect((await cartApi(t.app, bob).get()).json().count).toBe(0);
    expect((await reorder(ann, 'order', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await reorder(ann, 'checkout', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await reorder(ann, 'order', 'nope')).statusCode).toBe(400);
    expect((await reorder({ email: ann.email, headers: {} }, 'order', id)).statusCode).toBe(401);
  });
});
