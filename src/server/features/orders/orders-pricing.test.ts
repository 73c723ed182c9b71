import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packSizeMessage } from '@shared/catalogue/pricing';
import { messages } from '@shared/messages';
import type { TestApp } from '../../test/helper';
import { appWithPeople } from '../../test/people';
import type { Client } from '../../test/auth';
import { makeCartProduct } from '../../test/cart';
import { placeOrder, stockOf } from '../../test/shop';

let t: TestApp, admin: Client, alice: Client;
beforeAll(async () => {
  [t, admin, alice] = await appWithPeople('Alice Bulk');
});
afterAll(() => t.close());

const orderOf = async (id: string) =>
  (await t.app.inject({ url: `/api/singleorderitem/${id}`, headers: alice.headers })).json();

// The issue's example: 1–9 $12.40, 10–49 $11.20, 50+ $9.90.
const issueBreaks = [
  { minQuantity: 10, unitPriceCents: 1120 },
  { minQuantity: 50, unitPriceCents: 990 },
];

describe('ordering in packs', () => {
  it('takes whole packs only: a 400 naming quantity, nothing reserved; a multiple is placed', async () => {
    const product = await makeCartProduct(t.app, { quantity: 100, minOrder: 10, packSize: 10 });
    for (const quantity of [15, 11, 25]) {
      const res = await placeOrder(t.app, alice, { productId: product.id, quantity });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'quantity', message: `quantity: ${packSizeMessage(10)}` });
    }
    expect(await stockOf(t.app, product.id)).toBe(100);
    const ok = await placeOrder(t.app, alice, { productId: product.id, quantity: 20 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await stockOf(t.app, product.id)).toBe(80);
  });

  it("keeps the spec's messages: below the minimum and above the stock come first", async () => {
    const product = await makeCartProduct(t.app, { quantity: 30, minOrder: 20, packSize: 10 });
    const below = await placeOrder(t.app, alice, { productId: product.id, quantity: 10 });
    expect(below.json()).toMatchObject({
      field: 'quantity',
      message: `quantity: ${messages.quantityBelowMinimum}`,
    });
    const above = await placeOrder(t.app, alice, { productId: product.id, quantity: 40 });
    expect(above.statusCode).toBe(409);
    expect(above.json().message).toBe(`quantity: ${messages.quantityAboveStock}`);
  });
});

describe('price breaks at order time', () => {
  it.each([
    [9, 12.4],
    [10, 11.2],
    [49, 11.2],
    [50, 9.9],
  ])('%i units are ordered at $%d each, and the total and message follow', async (quantity, price) => {
    const product = await makeCartProduct(t.app, { quantity: 100, priceCents: 1240, breaks: issueBreaks });
    const res = await placeOrder(t.app, alice, { productId: product.id, quantity });
    expect(res.statusCode, res.body).toBe(200);
    const order = await orderOf(res.json().insertedId);
    expect(order).toMatchObject({ price, quantity, total: Math.round(price * quantity * 100) / 100 });
    expect(res.json().message).toContain(`at $${price.toFixed(2)} each`);
    const saving = Math.round((12.4 - price) * quantity * 100) / 100;
    if (saving > 0) expect(res.json().message).toContain(`you save $${saving.toFixed(2)}`);
    else expect(res.json().message).not.toContain('you save');
  });

  it('keeps the price an order was placed at when the breaks change afterwards', async () => {
    const product = await makeCartProduct(t.app, { quantity: 100, priceCents: 1240, breaks: issueBreaks });
    const before = (await placeOrder(t.app, alice, { productId: product.id, quantity: 10 })).json()
      .insertedId;
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/product/${product.id}`,
      headers: admin.headers,
      payload: { priceBreaks: [{ minQuantity: 10, price: 10 }] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await orderOf(before)).toMatchObject({ price: 11.2, total: 112 });
    const after = (await placeOrder(t.app, alice, { productId: product.id, quantity: 10 })).json().insertedId;
    expect(await orderOf(after)).toMatchObject({ price: 10, total: 100 });
  });

  it('checks the order total limit at the price reached', async () => {
    // 105 × $10,000 is over the most one card payment takes ($999,999.99); 105 × $9,000 is not.
    const product = await makeCartProduct(t.app, {
      quantity: 500,
      priceCents: 1_000_000,
      breaks: [{ minQuantity: 100, unitPriceCents: 900_000 }],
    });
    const res = await placeOrder(t.app, alice, { productId: product.id, quantity: 105 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderOf(res.json().insertedId)).toMatchObject({ price: 9000, total: 945_000 });
    const over = await placeOrder(t.app, alice, { productId: product.id, quantity: 112 });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      field: 'quantity',
      message: expect.stringContaining('order at most 111'),
    });
  });
});
