// Both databases: savings are summed by priceSale from the company's price list read in SQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '@shared/checkout/checkout.schema';
import { dollarsToCents } from '@shared/common/money';
import type { Client } from '../../test/auth';
import { cartApi, checkoutApi, makeCartProduct } from '../../test/cart';
import { apiCaller } from '../../test/companies';
import type { TestApp } from '../../test/helper';
import { appWithPeople } from '../../test/people';
import { placeOrder } from '../../test/shop';
import { savingsText } from './checkout.order-now';

// Issue 38, item 6: "savings say what they come from" — quantity breaks and contract prices, as priceSale counts them.
let t: TestApp;
let admin: Client;
let ann: Client;
let acme: string;
const call = apiCaller(() => t.app);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  [t, admin, ann] = await appWithPeople('Ann Saver');
  acme = (await call(ann, 'POST', '/companies', { name: 'Acme Savers', taxId: '12-3456784' })).json()._id;
});
afterAll(() => t.close());

/** $12.40 each, $11.20 from 10; the company's contract price `contract` dollars when given. */
async function product(contract?: number) {
  const p = await makeCartProduct(t.app, {
    quantity: 100,
    priceCents: 12_40,
    breaks: [{ minQuantity: 10, unitPriceCents: 11_20 }],
  });
  if (contract !== undefined) {
    const res = await call(admin, 'POST', `/companies/${acme}/price-lists`, {
      name: `Contract ${p.sku}`,
      validFrom: day(-1),
      rules: [{ kind: 'sku', sku: p.sku, price: contract }],
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  return p;
}

describe('savingsText', () => {
  it('names each source, or the one there is, or nothing', () => {
    expect(savingsText({ quantityCents: 0, contractCents: 0 })).toBe('');
    expect(savingsText({ quantityCents: 12_00, contractCents: 0 })).toBe(
      ' (you save $12.00 with the quantity price)',
    );
    expect(savingsText({ quantityCents: 0, contractCents: 3_05 })).toBe(
      ' (you save $3.05 with your contract price)',
    );
    expect(savingsText({ quantityCents: 12_00, contractCents: 12_00 })).toBe(
      ' (you save $24.00: $12.00 quantity price, $12.00 contract price)',
    );
  });
});

describe("Order Now's acknowledgement says where the saving comes from", () => {
  it.each([
    // [contract price, quantity, unit price, message part]
    [undefined, 10, 11_20, '(you save $12.00 with the quantity price)'],
    [10, 10, 10_00, '(you save $24.00: $12.00 quantity price, $12.00 contract price)'],
    [12, 5, 12_00, '(you save $2.00 with your contract price)'],
  ])('contract %s, %i units', async (contract, quantity, unitCents, says) => {
    const p = await product(contract);
    // The Order Now form's preview, before the order: the split it shows is the one the acknowledgement names.
    const preview = await cartApi(t.app, ann).price({ productId: p.id, quantity });
    expect(preview.statusCode, preview.body).toBe(200);
    const previewed = preview.json();
    expect(
      savingsText({
        quantityCents: previewed.quantitySavingCents,
        contractCents: previewed.contractSavingCents,
      }),
    ).toBe(` ${says}`);
    expect(previewed.unitPriceCents).toBe(unitCents);
    expect(previewed.lineTotalCents).toBe(quantity * unitCents);
    const res = await placeOrder(t.app, ann, { productId: p.id, quantity });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toContain(says);

    // The cart prices the same line through priceSale: the same unit price and the same savings by source.
    const cart = cartApi(t.app, ann);
    const added = await cart.add(p.id, quantity);
    expect(added.statusCode).toBe(200);
    const body = added.json();
    const line = body.lines.find((l: { productId: string }) => l.productId === p.id);
    // The same prices as the preview (the stock is the order's less by now).
    const { stock: _stock, ...prices } = previewed;
    expect(line).toEqual({ ...prices, stock: line.stock });
    const q = quantity * (12_40 - (quantity >= 10 ? 11_20 : 12_40));
    expect(body.quantitySavingCents).toBe(q);
    expect(body.contractSavingCents).toBe(quantity * 12_40 - q - quantity * unitCents);

    // And a one-line checkout of it charges what Order Now charged.
    const co = (await checkoutApi(t.app, ann).create()).json() as Checkout;
    expect(dollarsToCents(co.lines[0]!.price)).toBe(unitCents);
    const order = await t.app.inject({
      url: `/api/singleorderitem/${res.json().insertedId}`,
      headers: ann.headers,
    });
    expect(dollarsToCents(order.json().price)).toBe(unitCents);
    expect((await checkoutApi(t.app, ann).cancel(co._id)).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/order/${res.json().insertedId}`,
          headers: ann.headers,
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('the price preview of one line (the Order Now form)', () => {
  it('adds nothing to the cart, and refuses a bad quantity, an unknown product and another customer', async () => {
    const p = await product();
    const cart = cartApi(t.app, ann);
    expect((await cart.empty()).statusCode).toBe(200);
    expect((await cart.price({ productId: p.id, quantity: 10 })).statusCode).toBe(200);
    expect((await cart.get()).json().lines).toEqual([]);

    const zero = await cart.price({ productId: p.id, quantity: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().field).toBe('quantity');
    const unknown = await cart.price({ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 });
    expect(unknown.statusCode).toBe(404);
    const others = await cartApi(t.app, ann, 'someone@example.com').price({ productId: p.id, quantity: 1 });
    expect(others.statusCode).toBe(403);
  });
});
