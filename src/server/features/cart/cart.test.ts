import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packSizeMessage } from '@shared/catalogue/pricing';
import { messages } from '@shared/messages';
import { cartMessages, MAX_CART_LINES, type Cart } from '@shared/cart/cart.schema';
import type { TestApp } from '../../test/helper';
import type { Client } from '../../test/auth';
import { appWithPeople } from '../../test/people';
import { cartApi, changeProduct, makeCartProduct } from '../../test/cart';
import { cartLines, products } from '../../db/schema';
import { userIdByEmail } from '../accounts/accounts.service';

let t: TestApp;
let admin: Client;
let ann: Client;
let bob: Client;

beforeAll(async () => {
  [t, admin, ann, bob] = await appWithPeople('Ann Buyer', 'Bob Buyer');
});
afterAll(() => t.close());

const lineOf = (cart: Cart, productId: string) => cart.lines.find((l) => l.productId === productId);

describe('the cart', () => {
  it('adds, adds to the same line, sets, removes and empties', async () => {
    const cart = cartApi(t.app, ann);
    const drill = await makeCartProduct(t.app, { priceCents: 1_250, quantity: 50 });
    const saw = await makeCartProduct(t.app, { priceCents: 4_000, quantity: 50 });
    expect((await cart.get()).json()).toEqual({
      lines: [],
      count: 0,
      totalQuantity: 0,
      total: 0,
      saving: 0,
      totalCents: 0,
      savingCents: 0,
      quantitySavingCents: 0,
      contractSavingCents: 0,
    });

    let res = await cart.add(drill.id, 2);
    expect(res.statusCode).toBe(200);
    expect(res.json().lines).toEqual([
      {
        productId: drill.id,
        sku: drill.sku,
        name: drill.name,
        img: drill.img,
        quantity: 2,
        stock: 50,
        minOrder: 1,
        packSize: 1,
        basePrice: 12.5,
        unitPrice: 12.5,
        lineTotal: 25,
        saving: 0,
        basePriceCents: 1_250,
        unitPriceCents: 1_250,
        lineTotalCents: 2_500,
        savingCents: 0,
        quantitySavingCents: 0,
        contractSavingCents: 0,
        problem: null,
      },
    ]);
    res = await cart.add(drill.id, 3);
    expect(lineOf(res.json(), drill.id)!.quantity).toBe(5);
    await cart.add(saw.id, 1);
    res = await cart.set(drill.id, 4);
    expect(res.json()).toMatchObject({ count: 2, totalQuantity: 5, total: 90, saving: 0 });
    // Oldest line first.
    expect(res.json().lines.map((l: { productId: string }) => l.productId)).toEqual([drill.id, saw.id]);

    res = await cart.remove(drill.id);
    expect(res.json().lines.map((l: { productId: string }) => l.productId)).toEqual([saw.id]);
    // Removing what is not there changes nothing.
    expect((await cart.remove(drill.id)).json().count).toBe(1);
    res = await cart.empty();
    expect(res.json().count).toBe(0);
    expect((await cart.get()).json().lines).toEqual([]);
  });

  it('checks the rules live: whole packs and the minimum (400 quantity), the stock (409), unknown products (404)', async () => {
    const cart = cartApi(t.app, ann);
    const wheels = await makeCartProduct(t.app, { quantity: 40, minOrder: 10, packSize: 5 });
    let res = await cart.add(wheels.id, 5);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'quantity',
      message: `quantity: ${messages.quantityBelowMinimum}`,
    });
    res = await cart.add(wheels.id, 12);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'quantity', message: `quantity: ${packSizeMessage(5)}` });
    expect((await cart.add(wheels.id, 10)).statusCode).toBe(200);
    // Adding 3 more would make 13: not whole packs.
    expect((await cart.add(wheels.id, 3)).json().field).toBe('quantity');
    res = await cart.add(wheels.id, 35);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      field: 'quantity',
      message: `quantity: ${messages.quantityAboveStock}`,
    });
    res = await cart.set(wheels.id, 45);
    expect(res.statusCode).toBe(409);
    expect((await cart.set(wheels.id, 40)).json().lines[0].quantity).toBe(40);
    expect((await cart.set(wheels.id, 0)).statusCode).toBe(400);

    expect((await cart.add('00000000-0000-4000-8000-000000000000', 1)).statusCode).toBe(404);
    expect((await cart.add('not-an-id', 1)).json().field).toBe('productId');
    await changeProduct(t.app, wheels.id, { archivedAt: new Date() });
    expect((await cart.add(wheels.id, 10)).statusCode).toBe(404);
    await cart.empty();
  });

  it('shows each line the problem it has now: stock sold meanwhile, a product no longer sold', async () => {
    const cart = cartApi(t.app, ann);
    const low = await makeCartProduct(t.app, { quantity: 10 });
    const gone = await makeCartProduct(t.app, { quantity: 10 });
    await cart.add(low.id, 8);
    await cart.add(gone.id, 1);
    await changeProduct(t.app, low.id, { quantity: 5 });
    await changeProduct(t.app, gone.id, { archivedAt: new Date() });
    const body: Cart = (await cart.get()).json();
    expect(lineOf(body, low.id)).toMatchObject({ stock: 5, problem: messages.quantityAboveStock });
    expect(lineOf(body, gone.id)!.problem).toBe(cartMessages.discontinued);
    await cart.empty();
  });

  it('prices each line at the break its quantity reaches, with the saving', async () => {
    const cart = cartApi(t.app, ann);
    const hose = await makeCartProduct(t.app, {
      priceCents: 1_240,
      quantity: 500,
      breaks: [
        { minQuantity: 10, unitPriceCents: 1_120 },
        { minQuantity: 50, unitPriceCents: 990 },
      ],
    });
    const at = async (quantity: number) => lineOf((await cart.set(hose.id, quantity)).json(), hose.id)!;
    expect(await at(9)).toMatchObject({ basePrice: 12.4, unitPrice: 12.4, lineTotal: 111.6, saving: 0 });
    expect(await at(10)).toMatchObject({ unitPrice: 11.2, lineTotal: 112, saving: 12 });
    expect(await at(49)).toMatchObject({ unitPrice: 11.2, lineTotal: 548.8, saving: 58.8 });
    expect(await at(50)).toMatchObject({ unitPrice: 9.9, lineTotal: 495, saving: 125 });
    const other = await makeCartProduct(t.app, { priceCents: 1_000 });
    const body: Cart = (await cart.add(other.id, 1)).json();
    expect(body).toMatchObject({ total: 505, saving: 125, totalQuantity: 51 });
    await cart.empty();
  });

  it('holds at most 100 lines', async () => {
    const cart = cartApi(t.app, bob);
    const first = await makeCartProduct(t.app);
    // 99 more lines, written at once: the cap is what this test is about.
    const { db } = t.app.database;
    const userId = (await userIdByEmail(db, bob.email))!;
    const filler = await db
      .insert(products)
      .values(
        Array.from({ length: MAX_CART_LINES - 1 }, (_, i) => ({
          name: `Filler ${i}`,
          img: '/media/products/test.webp',
          priceCents: 100,
          quantity: 10,
          description: 'Fills a cart.',
        })),
      )
      .returning({ id: products.id });
    await db.insert(cartLines).values(filler.map((f) => ({ userId, productId: f.id, quantity: 1 })));
    expect((await cart.add(first.id, 1)).json().count).toBe(MAX_CART_LINES);
    const res = await cart.add((await makeCartProduct(t.app)).id, 1);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(cartMessages.cartFull);
    // A line already in the cart still grows.
    expect((await cart.add(first.id, 1)).statusCode).toBe(200);
    await cart.empty();
  });

  it('concurrent adds of one product all count (one row, upserted)', async () => {
    const cart = cartApi(t.app, bob);
    const bolt = await makeCartProduct(t.app, { quantity: 100 });
    const results = await Promise.all(Array.from({ length: 12 }, () => cart.add(bolt.id, 2)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    expect((await cart.get()).json().lines).toMatchObject([{ productId: bolt.id, quantity: 24 }]);
    await cart.empty();
  });
  it('a retried add with the same Idempotency-Key adds once', async () => {
    const p = await makeCartProduct(t.app, { quantity: 100 });
    const add = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/cart/${bob.email}/lines`,
        headers: { ...bob.headers, 'idempotency-key': `cart-${p.id}` },
        payload: { productId: p.id, quantity: 5 },
      });
    expect((await add()).statusCode).toBe(200);
    expect((await add()).json().lines).toMatchObject([{ productId: p.id, quantity: 5 }]);
    await cartApi(t.app, bob).empty();
  });
});

describe('whose cart', () => {
  it('anonymous callers get 401', async () => {
    const anon = cartApi(t.app, { email: ann.email, headers: {} });
    expect((await anon.get()).statusCode).toBe(401);
    expect((await anon.add('00000000-0000-4000-8000-000000000000', 1)).statusCode).toBe(401);
  });

  it("a customer can neither see nor change another's cart (403); an admin may read it but not change it", async () => {
    const product = await makeCartProduct(t.app);
    await cartApi(t.app, ann).add(product.id, 3);
    const intruder = cartApi(t.app, bob, ann.email);
    expect((await intruder.get()).statusCode).toBe(403);
    expect((await intruder.add(product.id, 1)).statusCode).toBe(403);
    expect((await intruder.set(product.id, 1)).statusCode).toBe(403);
    expect((await intruder.remove(product.id)).statusCode).toBe(403);
    expect((await intruder.empty()).statusCode).toBe(403);
    expect((await intruder.quickOrder(`${product.sku}, 1`)).statusCode).toBe(403);
    // Bob's own cart is untouched by Ann's.
    expect((await cartApi(t.app, bob).get()).json().count).toBe(0);

    const asAdmin = cartApi(t.app, admin, ann.email.toUpperCase());
    const res = await asAdmin.get();
    expect(res.statusCode).toBe(200);
    expect(res.json().lines).toMatchObject([{ productId: product.id, quantity: 3 }]);
    expect((await asAdmin.add(product.id, 1)).statusCode).toBe(403);
    expect((await cartApi(t.app, admin, 'nobody@example.com').get()).statusCode).toBe(404);
    // Ann's own email in another case is still her cart.
    expect((await cartApi(t.app, ann, ann.email.toUpperCase()).get()).json().count).toBe(1);
  });
});

it('is documented in the OpenAPI document', async () => {
  const doc = (await t.app.inject('/api/docs/json')).json();
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining([
      '/api/cart/{email}',
      '/api/cart/{email}/lines/{productId}',
      '/api/cart/{email}/quick-order',
      '/api/order/{id}/reorder',
      '/api/checkout/{id}/reorder',
    ]),
  );
});
