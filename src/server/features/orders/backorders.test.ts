// Both databases: issue #22 asks for its shipping, tax and backorder rules to be proven on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import { shippingMessages } from '@shared/catalogue/product-shipping';
import type { Checkout } from '@shared/checkout/checkout.schema';
import type { Order } from '@shared/orders/orders.schema';
import type { Quote } from '@shared/quotes/quotes.schema';
import { shipDateAfter } from '@shared/orders/orders.schema';
import { orders, products } from '../../db/schema';
import type { TestApp } from '../../test/helper';
import type { Client } from '../../test/auth';
import { appWithPeople } from '../../test/people';
import { validProduct } from '../../test/admin';
import { cartApi, checkoutApi, makeCartProduct } from '../../test/cart';
import { dayFromToday, quoteApi } from '../../test/quotes';
import { expireAllUnpaid, makeProduct, placeOrder } from '../../test/shop';

let t: TestApp, admin: Client, ann: Client, bob: Client, cy: Client;
beforeAll(async () => {
  [t, admin, ann, bob, cy] = await appWithPeople('Ann Backorder', 'Bob Backorder', 'Cy Backorder');
});
afterAll(() => t.close());

const write = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: admin.headers, payload });
const createProduct = (extra: Record<string, unknown>) =>
  write('POST', '/api/product', { ...validProduct, name: `Pallet Jack ${Math.random()}`, ...extra });

/** A product of the test's own that may be backordered (stock and lead time as given). */
async function backorderable(quantity: number, leadTimeDays = 14) {
  const p = await makeCartProduct(t.app, { quantity, priceCents: 1_000 });
  await t.app.database.db
    .update(products)
    .set({ backorderable: true, leadTimeDays })
    .where(eq(products.id, p.id));
  return p;
}

/** The stock as the database holds it (the catalogue's cached list is announced only by the routes). */
const stockOf = async (_app: unknown, id: string) =>
  (await t.app.database.db.select().from(products).where(eq(products.id, id)))[0]!.quantity;

const orderRow = async (id: string) =>
  (await t.app.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('product shipping and backorder fields', () => {
  const shipping = {
    shippingWeightLb: 12.5,
    lengthIn: 20,
    widthIn: 10.5,
    heightIn: 8,
    shipsAs: 'freight',
    freightClass: '77.5',
    backorderable: true,
    leadTimeDays: 21,
  };

  it('round trip: pounds and inches in, whole grams and millimetres stored, the same numbers read back', async () => {
    const res = await createProduct(shipping);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().insertedId as string;
    const [row] = await t.app.database.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({
      shippingWeightGrams: 5670,
      lengthMm: 508,
      widthMm: 267,
      heightMm: 203,
      shipsAs: 'freight',
      freightClass: '77.5',
      backorderable: true,
      leadTimeDays: 21,
    });
    const read = await t.app.inject({ url: `/api/product/${id}`, headers: admin.headers });
    expect(read.json()).toMatchObject(shipping);
    const list = await t.app.inject({
      url: `/api/admin/products?q=Pallet Jack&limit=100`,
      headers: admin.headers,
    });
    expect(list.json().find((p: { _id: string }) => p._id === id)).toMatchObject(shipping);

    const edited = await write('PUT', `/api/product/${id}`, {
      shipsAs: 'parcel',
      freightClass: null,
      shippingWeightLb: null,
      backorderable: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await t.app.inject({ url: `/api/product/${id}`, headers: admin.headers });
    expect(after.json()).toMatchObject({
      shipsAs: 'parcel',
      freightClass: null,
      shippingWeightLb: null,
      backorderable: false,
      leadTimeDays: 21,
      lengthIn: 20,
    });
  });

  it('a product created without them ships as a parcel, not backorderable', async () => {
    const res = await createProduct({});
    const read = await t.app.inject({ url: `/api/product/${res.json().insertedId}`, headers: admin.headers });
    expect(read.json()).toMatchObject({
      shippingWeightLb: null,
      lengthIn: null,
      shipsAs: 'parcel',
      freightClass: null,
      backorderable: false,
      leadTimeDays: null,
    });
  });

  it.each([
    ['shippingWeightLb', { shippingWeightLb: 0 }, 'more than 0'],
    ['shippingWeightLb', { shippingWeightLb: 1.234 }, '2 decimals'],
    ['shippingWeightLb', { shippingWeightLb: '3' }, 'must be a number'],
    ['lengthIn', { lengthIn: -1 }, 'more than 0'],
    ['widthIn', { widthIn: 1.25 }, '1 decimal'],
    ['heightIn', { heightIn: 5000 }, 'at most 3937'],
    ['shipsAs', { shipsAs: 'pallet' }, 'parcel, freight'],
    ['freightClass', { shipsAs: 'freight', freightClass: '45' }, 'NMFC'],
    ['freightClass', { shipsAs: 'freight' }, shippingMessages.freightClassRequired],
    ['backorderable', { backorderable: 'yes' }, 'true or false'],
    ['leadTimeDays', { backorderable: true }, shippingMessages.leadTimeRequired],
    ['leadTimeDays', { leadTimeDays: 366 }, 'at most 365'],
    ['leadTimeDays', { leadTimeDays: 2.5 }, 'whole number'],
  ])('400 naming %s', async (field, extra, text) => {
    const res = await createProduct(extra);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    expect(res.json().message).toContain(text);
  });

  it('an edit is judged on the product as it leaves it: freight without a class, backorders without a lead time', async () => {
    const id = (await createProduct({})).json().insertedId as string;
    const freight = await write('PUT', `/api/product/${id}`, { shipsAs: 'freight' });
    expect(freight.statusCode).toBe(400);
    expect(freight.json()).toMatchObject({ field: 'freightClass', message: expect.stringContaining('LTL') });
    const back = await write('PUT', `/api/product/${id}`, { backorderable: true });
    expect(back.statusCode).toBe(400);
    expect(back.json().field).toBe('leadTimeDays');
    const ok = await write('PUT', `/api/product/${id}`, { backorderable: true, leadTimeDays: 0 });
    expect(ok.statusCode, ok.body).toBe(200);
    // Clearing the lead time of a backorderable product is refused as well.
    const cleared = await write('PUT', `/api/product/${id}`, { leadTimeDays: null });
    expect(cleared.json().field).toBe('leadTimeDays');
  });
});

describe('backorders', () => {
  it('stock 3, order 5: 3 reserved, 2 backordered, expected today + lead time; cancel gives back only the 3', async () => {
    const p = await backorderable(3, 10);
    const res = await placeOrder(t.app, ann, { productId: p.id, quantity: 5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toContain('2 on backorder, ships about');
    const id = res.json().insertedId as string;
    expect(await stockOf(t.app, p.id)).toBe(0);
    const order = (
      await t.app.inject({ url: `/api/singleorderitem/${id}`, headers: ann.headers })
    ).json() as Order;
    expect(order).toMatchObject({ quantity: 5, backorderedQuantity: 2, expectedShipOn: shipDateAfter(10) });
    const mail = t.mail.sent.filter((m) => m.to === ann.email).at(-1)!;
    expect(mail.text).toContain('2 on backorder, ships about');

    const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: ann.headers });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stockOf(t.app, p.id)).toBe(3);
  });

  it('nothing is backordered while the stock covers the order; stock 0 backorders it all', async () => {
    const p = await backorderable(4, 7);
    const covered = await placeOrder(t.app, bob, { productId: p.id, quantity: 4 });
    expect(await orderRow(covered.json().insertedId)).toMatchObject({
      backorderedQuantity: 0,
      expectedShipOn: null,
    });
    const none = await placeOrder(t.app, bob, { productId: p.id, quantity: 2 });
    expect(none.statusCode, none.body).toBe(200);
    expect(await orderRow(none.json().insertedId)).toMatchObject({
      backorderedQuantity: 2,
      expectedShipOn: shipDateAfter(7),
    });
    expect(await stockOf(t.app, p.id)).toBe(0);
    // Expiry, like a cancel, gives back only what was taken.
    await expireAllUnpaid(t.app);
    expect(await stockOf(t.app, p.id)).toBe(4);
  });

  it('a product that does not allow backorders keeps the spec’s stock message', async () => {
    const p = await makeProduct(t.app, { quantity: 3 });
    const res = await placeOrder(t.app, cy, { productId: p.id, quantity: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      field: 'quantity',
      message: `quantity: ${messages.quantityAboveStock}`,
    });
    const cart = cartApi(t.app, cy);
    expect((await cart.add(p.id, 5)).json().message).toContain(messages.quantityAboveStock);
  });

  it('the cart says what goes on backorder; its checkout backorders the line', async () => {
    const p = await backorderable(3, 5);
    const cart = cartApi(t.app, cy);
    await cart.empty();
    expect((await cart.add(p.id, 5)).statusCode).toBe(200);
    const line = (await cart.get()).json().lines[0];
    expect(line).toMatchObject({
      quantity: 5,
      problem: null,
      backordered: 2,
      expectedShipOn: shipDateAfter(5),
    });
    const co = await checkoutApi(t.app, cy).create();
    expect(co.statusCode, co.body).toBe(201);
    const [l] = (co.json() as Checkout).lines;
    expect(l).toMatchObject({ quantity: 5, backorderedQuantity: 2, expectedShipOn: shipDateAfter(5) });
    expect(await stockOf(t.app, p.id)).toBe(0);
    expect((await checkoutApi(t.app, cy).cancel(co.json()._id)).statusCode).toBe(200);
    expect(await stockOf(t.app, p.id)).toBe(3);
  });
});

describe('quotes with a lead time', () => {
  async function quoted(stock: number, quantity: number, leadTimeDays?: number) {
    const p = await makeCartProduct(t.app, { quantity: stock, priceCents: 1_000 });
    const req = await quoteApi(t.app, bob).request({ lines: [{ productId: p.id, quantity }] });
    expect(req.statusCode, req.body).toBe(201);
    const id = (req.json() as Quote)._id;
    const answer = await quoteApi(t.app, admin).answer(id, {
      lines: [{ productId: p.id, unitPrice: 7.5, ...(leadTimeDays !== undefined && { leadTimeDays }) }],
      validUntil: dayFromToday(3),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return { p, quote: answer.json() as Quote };
  }

  it('accepted above the stock, the quote becomes a backordered order at the quoted price', async () => {
    const { p, quote } = await quoted(4, 10, 30);
    expect(quote.lines[0]).toMatchObject({ leadTimeDays: 30 });
    const res = await quoteApi(t.app, bob).accept(quote._id);
    expect(res.statusCode, res.body).toBe(201);
    const [line] = (res.json() as Checkout).lines;
    expect(line).toMatchObject({
      price: 7.5,
      quantity: 10,
      backorderedQuantity: 6,
      expectedShipOn: shipDateAfter(30),
    });
    expect(await stockOf(t.app, p.id)).toBe(0);
  });

  it('without a lead time, a line above the stock is still refused with the stock message', async () => {
    const { quote } = await quoted(4, 10);
    const res = await quoteApi(t.app, bob).accept(quote._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().lines[0].problem).toBe(messages.quantityAboveStock);
  });

  it('a lead time outside 0–365 is a 400', async () => {
    const p = await makeCartProduct(t.app, { quantity: 1 });
    const req = await quoteApi(t.app, bob).request({ lines: [{ productId: p.id, quantity: 2 }] });
    const res = await quoteApi(t.app, admin).answer(req.json()._id, {
      lines: [{ productId: p.id, unitPrice: 5, leadTimeDays: 400 }],
      validUntil: dayFromToday(3),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toContain('leadTimeDays');
  });
});
