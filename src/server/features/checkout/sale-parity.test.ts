// Both databases: the one sale engine's figures (issue 38) must agree to the cent on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '@shared/checkout/checkout.schema';
import type { Rates } from '@shared/orders/delivery.schema';
import type { Order } from '@shared/orders/orders.schema';
import type { TestApp } from '../../test/helper';
import type { Client } from '../../test/auth';
import { appWithPeople } from '../../test/people';
import { cartApi, checkoutApi, makeCartProduct } from '../../test/cart';
import { configureFulfilment, shipAs } from '../../test/fulfilment';
import { placeOrder } from '../../test/shop';

// Order Now is a one-line checkout (issue 38): the same line, buyer and destination give the same unit price, goods,
// shipping, tax and total, whichever door it comes through, and the rates preview quoted them before.
let t: TestApp;
let ann: Client;
let drill: { id: string };
let compressor: { id: string };

const places = {
  dallas: { street: '1500 Main St', city: 'Dallas', state: 'TX', zip: '75201' },
  austin: { street: '100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
  sanJose: { street: '200 Santa Clara St', city: 'San Jose', state: 'CA', zip: '95113' },
};
const text = (a: (typeof places)[keyof typeof places]) => `${a.street}, ${a.city}, ${a.state} ${a.zip}`;

beforeAll(async () => {
  [t, , ann] = await appWithPeople('Ann Parity');
  await configureFulfilment(t.app);
  drill = await makeCartProduct(t.app, {
    priceCents: 12_999,
    quantity: 500,
    breaks: [
      { minQuantity: 10, unitPriceCents: 11_999 },
      { minQuantity: 50, unitPriceCents: 10_499 },
    ],
  });
  await shipAs(t.app, drill.id, { shippingWeightGrams: 1_850 });
  compressor = await makeCartProduct(t.app, { priceCents: 649_900, quantity: 20 });
  await shipAs(t.app, compressor.id, {
    shippingWeightGrams: 215_000,
    shipsAs: 'freight',
    freightClass: '85',
  });
});
afterAll(() => t.close());

const figures = (o: Order) => ({
  unitPrice: o.price,
  subtotalCents: o.subtotalCents,
  shippingCents: o.shippingCents,
  taxCents: o.taxCents,
  totalCents: o.totalCents,
  shippingMethod: o.shippingMethod,
});

async function both(p: { id: string }, quantity: number, to: keyof typeof places, pick: string, extras = {}) {
  const shipTo = places[to];
  const preview = await t.app.inject({
    method: 'POST',
    url: `/api/shipping-rates/${ann.email}`,
    headers: ann.headers,
    payload: { zip: shipTo.zip, state: shipTo.state, productId: p.id, quantity, ...extras },
  });
  expect(preview.statusCode, preview.body).toBe(200);
  const option = (preview.json() as Rates).options.find((o) => o.kind === pick)!;
  expect(option, `${pick} offered to ${to}`).toBeDefined();

  const now = await placeOrder(t.app, ann, {
    productId: p.id,
    quantity,
    number: '+1 214 555 0100',
    address: text(shipTo),
    shipTo,
    shippingOption: option.optionId,
    ...extras,
  });
  expect(now.statusCode, now.body).toBe(200);
  const single = (
    await t.app.inject({ url: `/api/singleorderitem/${now.json().insertedId}`, headers: ann.headers })
  ).json() as Order;

  const cart = cartApi(t.app, ann);
  await cart.empty();
  expect((await cart.add(p.id, quantity)).statusCode).toBe(200);
  const res = await checkoutApi(t.app, ann).create({
    address: text(shipTo),
    shipTo,
    number: '+1 214 555 0100',
    shippingOption: option.optionId,
    ...extras,
  });
  expect(res.statusCode, res.body).toBe(201);
  const co = res.json() as Checkout;
  expect(co.lines).toHaveLength(1);
  return { option, single, line: co.lines[0]!, co };
}

describe('Order Now and a one-line checkout of the same line', () => {
  it.each([
    ['one drill by ground to Dallas (8.25 %, shipping taxed)', () => drill, 1, 'dallas', 'parcel'],
    ['12 drills at the 10+ break by ground to Austin (6.25 %)', () => drill, 12, 'austin', 'parcel'],
    [
      '60 drills at the 50+ break, free ground over $500, to San Jose (shipping untaxed)',
      () => drill,
      60,
      'sanJose',
      'free',
    ],
    ['3 drills picked up at the Dallas branch', () => drill, 3, 'austin', 'pickup'],
  ] as const)('%s: same figures, as previewed', async (_name, product, quantity, to, pick) => {
    const { option, single, line, co } = await both(product(), quantity, to, pick);
    expect(figures(single)).toEqual(figures(line));
    expect(single.totalCents).toBe(co.totalCents);
    expect(co.totalCents / 100).toBeCloseTo(option.total, 2);
  });

  it('a compressor by LTL freight with liftgate and residential delivery: same figures, as previewed', async () => {
    const extras = { liftgate: true, residential: true };
    const { option, single, line, co } = await both(compressor, 2, 'dallas', 'freight', extras);
    expect(figures(single)).toEqual(figures(line));
    expect(co.totalCents / 100).toBeCloseTo(option.total, 2);
    expect(single).toMatchObject({ liftgate: true, residential: true });
  });
});
