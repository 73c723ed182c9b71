import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { checkoutMessages, type Checkout } from '@shared/checkout/checkout.schema';
import type { Order } from '@shared/orders/orders.schema';
import type { TestApp } from '../../test/helper';
import type { Client } from '../../test/auth';
import { appWithPeople } from '../../test/people';
import { cartApi, changeProduct, checkoutApi, makeCartProduct } from '../../test/cart';
import { stockOf } from '../../test/shop';

let t: TestApp;
let admin: Client;
let ann: Client;
let bob: Client;

beforeAll(async () => {
  [t, admin, ann, bob] = await appWithPeople('Ann Checkout', 'Bob Checkout');
});
afterAll(() => t.close());

/** Three products in Ann's cart: a drill reaching its 10-unit break, a saw and a pack-sized box of screws. */
async function threeLineCart(client: Client) {
  const drill = await makeCartProduct(t.app, {
    priceCents: 1_000,
    quantity: 50,
    breaks: [{ minQuantity: 10, unitPriceCents: 800 }],
  });
  const saw = await makeCartProduct(t.app, { priceCents: 4_000, quantity: 5 });
  const screws = await makeCartProduct(t.app, { priceCents: 250, quantity: 100, packSize: 10 });
  const cart = cartApi(t.app, client);
  for (const [p, q] of [
    [saw, 2],
    [drill, 12],
    [screws, 20],
  ] as const)
    expect((await cart.add(p.id, q)).statusCode).toBe(200);
  return { drill, saw, screws, cart };
}

const lineOf = (c: Checkout, productId: string) => c.lines.find((l) => l.productId === productId)!;

describe('POST /api/checkout/{email}', () => {
  it('turns the cart into one checkout: lines at their break, stock reserved, cart emptied, one mail', async () => {
    const { drill, saw, screws, cart } = await threeLineCart(ann);
    const mailsBefore = t.mail.sent.length;
    const res = await checkoutApi(t.app, ann).create({ company: 'Acme Tools', poNumber: 'PO-4711' });
    expect(res.statusCode).toBe(201);
    const co = res.json() as Checkout;
    expect(co).toMatchObject({
      email: ann.email,
      name: 'Ann Checkout',
      company: 'Acme Tools',
      poNumber: 'PO-4711',
      status: 'unpaid',
      total: 12 * 8 + 2 * 40 + 20 * 2.5,
      transactionId: null,
      paidAt: null,
    });
    expect(co.expiresAt).not.toBeNull();
    expect(co.lines).toHaveLength(3);
    expect(lineOf(co, drill.id)).toMatchObject({ price: 8, quantity: 12, total: 96, checkoutId: co._id });
    expect(lineOf(co, saw.id)).toMatchObject({ price: 40, quantity: 2, paymentStatus: false });
    expect(lineOf(co, screws.id).poNumber).toBe('PO-4711');
    expect(await stockOf(t.app, drill.id)).toBe(38);
    expect(await stockOf(t.app, saw.id)).toBe(3);
    expect(await stockOf(t.app, screws.id)).toBe(80);
    expect((await cart.get()).json().count).toBe(0);
    const mails = t.mail.sent.slice(mailsBefore).filter((m) => m.to === ann.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('PO-4711');
    // The mail's button opens the web's page that pays this checkout.
    expect(mails[0]!.text).toContain(`/dashboard/pay-checkout/${co._id}`);

    // The owner and an admin read it; another customer may not.
    expect((await checkoutApi(t.app, ann).get(co._id)).json()).toEqual(co);
    expect((await checkoutApi(t.app, admin).get(co._id)).statusCode).toBe(200);
    expect((await checkoutApi(t.app, bob).get(co._id)).statusCode).toBe(403);
    expect((await checkoutApi(t.app, bob).get('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    // The spec's lists carry each line's checkout and PO number.
    const mine = (
      await t.app.inject({ url: `/api/myorder/${ann.email}`, headers: ann.headers })
    ).json() as Order[];
    const lines = mine.filter((o) => o.checkoutId === co._id);
    expect(lines).toHaveLength(3);
    expect(lines.every((l) => l.poNumber === 'PO-4711')).toBe(true);
    const all = (
      await t.app.inject({ url: `/api/order?q=${encodeURIComponent(ann.email)}`, headers: admin.headers })
    ).json() as Order[];
    expect(all.filter((o) => o.checkoutId === co._id).map((o) => o.poNumber)).toEqual(
      Array(3).fill('PO-4711'),
    );
  });

  it('refuses the whole cart when a line breaks a rule: 409 naming the lines, nothing reserved, cart kept', async () => {
    const { drill, saw, cart } = await threeLineCart(bob);
    // The saw's stock drops below the cart's quantity behind the cart's back.
    await changeProduct(t.app, saw.id, { quantity: 1 });
    const res = await checkoutApi(t.app, bob).create();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      statusCode: 409,
      error: 'conflict',
      message: checkoutMessages.linesProblem,
      lines: [{ productId: saw.id, name: saw.name, problem: messages.quantityAboveStock }],
    });
    expect(await stockOf(t.app, drill.id)).toBe(50);
    expect(await stockOf(t.app, saw.id)).toBe(1);
    expect((await cart.get()).json().count).toBe(3);
    await cart.empty();
  });

  it('refuses an empty cart (409), bad details (400 naming the field) and another customer (403)', async () => {
    let res = await checkoutApi(t.app, bob).create();
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(checkoutMessages.emptyCart);
    res = await checkoutApi(t.app, bob).create({ number: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('number');
    res = await checkoutApi(t.app, bob).create({ address: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('address');
    res = await t.app.inject({
      method: 'POST',
      url: `/api/checkout/${ann.email}`,
      headers: bob.headers,
      payload: { number: '1', address: 'x' },
    });
    expect(res.statusCode).toBe(403);
  });
});

it('is documented in the OpenAPI document, with the 409 that lists the lines', async () => {
  const doc = (await t.app.inject('/api/docs/json')).json();
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining(['/api/checkout/{email}', '/api/checkout/{id}', '/api/checkout/{id}/invoices']),
  );
  const conflict = JSON.stringify(doc.paths['/api/checkout/{email}'].post.responses['409']);
  expect(conflict).toContain('lines');
});

describe('the total one card payment can take', () => {
  it('refuses a checkout one cent over $999,999.99 with a 400 before anything is written, and takes one at it', async () => {
    const big = await makeCartProduct(t.app, { priceCents: 60_000_000, quantity: 5 });
    const rest = await makeCartProduct(t.app, { priceCents: 40_000_000, quantity: 5 });
    const cart = cartApi(t.app, bob);
    expect((await cart.add(big.id, 1)).statusCode).toBe(200);
    expect((await cart.add(rest.id, 1)).statusCode).toBe(200);
    const over = await checkoutApi(t.app, bob).create();
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(/at most \$999,999\.99/);
    expect(await stockOf(t.app, big.id)).toBe(5);
    expect(((await cart.get()).json() as { lines: unknown[] }).lines).toHaveLength(2);

    await changeProduct(t.app, rest.id, { priceCents: 39_999_999 });
    const at = await checkoutApi(t.app, bob).create();
    expect(at.statusCode, at.body).toBe(201);
    // The whole of it can be paid in one payment.
    await checkoutApi(t.app, bob).pay((at.json() as Checkout)._id);
  });
});
