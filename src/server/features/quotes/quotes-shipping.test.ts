// Both databases: issue #22 asks for its shipping, tax and backorder rules to be proven on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '@shared/checkout/checkout.schema';
import type { Rates } from '@shared/orders/delivery.schema';
import { quoteMessages, type Quote } from '@shared/quotes/quotes.schema';
import type { TestApp } from '../../test/helper';
import type { Client } from '../../test/auth';
import { appWithPeople } from '../../test/people';
import { makeCartProduct } from '../../test/cart';
import { configureFulfilment, shipAs } from '../../test/fulfilment';
import { dayFromToday, quoteApi } from '../../test/quotes';

// Figures (tables in src/server/test/fulfilment.ts): four 2 kg filters listed at $25, quoted at $20, go to Dallas
// (75201: 8.25 %, shipping taxed). Ground parcel, zone 2, 8 kg → $40; tax (80 + 40) × 8.25 % = $9.90; total
// $129.90. Will call at the Dallas branch (75207, also 8.25 %): free; tax 80 × 8.25 % = $6.60; total $86.60.
// Free ground needs $500 of goods, so it is not offered.
let t: TestApp;
let admin: Client;
let ann: Client;
let bob: Client;
let filter: { id: string };
const dallas = { street: '1500 Marilla Street', city: 'Dallas', state: 'TX', zip: '75201' };

beforeAll(async () => {
  [t, admin, ann, bob] = await appWithPeople('Ann Quoted', 'Bob Other');
  await configureFulfilment(t.app);
  filter = await makeCartProduct(t.app, { priceCents: 2_500, quantity: 100 });
  await shipAs(t.app, filter.id, { shippingWeightGrams: 2_000 });
});
afterAll(() => t.close());

/** A request of `client`'s for four filters; answered at $20 each unless `answer` is false. */
async function quoteOf(client: Client, answer = true) {
  const req = await quoteApi(t.app, client).request({ lines: [{ productId: filter.id, quantity: 4 }] });
  expect(req.statusCode).toBe(201);
  const id = (req.json() as Quote)._id;
  if (!answer) return id;
  const res = await quoteApi(t.app, admin).answer(id, {
    lines: [{ productId: filter.id, unitPrice: 20 }],
    validUntil: dayFromToday(5),
  });
  expect(res.statusCode).toBe(200);
  return id;
}

describe('the shipping rates of a quote', () => {
  it('prices its lines at the quoted prices to Dallas, each option totalling goods, shipping and tax', async () => {
    const id = await quoteOf(ann);
    const res = await quoteApi(t.app, ann).rates(id, { zip: '75201' });
    expect(res.statusCode).toBe(200);
    const rates = res.json() as Rates;
    expect(rates.destination).toEqual({ state: 'TX', zip: '75201' });
    // The quoted $20, not the list $25.
    expect(rates.subtotal).toBe(20 * 4);
    expect(rates.options.map((o) => o.kind).sort()).toEqual(['parcel', 'pickup']);
    for (const o of rates.options)
      expect(Math.round(o.total * 100)).toBe(Math.round((rates.subtotal + o.shipping + o.tax) * 100));
    expect(rates.options.find((o) => o.kind === 'parcel')).toMatchObject({
      name: 'Ground parcel',
      shipping: 40,
      tax: 9.9,
      total: 129.9,
    });
    // Cheapest first: the pickup.
    expect(rates.options[0]).toMatchObject({ kind: 'pickup', shipping: 0, tax: 6.6, total: 86.6 });
  });

  it('accepting with the pickup option charges no shipping, as priced', async () => {
    const id = await quoteOf(ann);
    const rates = (await quoteApi(t.app, ann).rates(id, { zip: '75201' })).json() as Rates;
    const pickup = rates.options.find((o) => o.kind === 'pickup')!;
    const res = await quoteApi(t.app, ann).accept(id, {
      address: '1500 Marilla Street, Dallas, TX 75201',
      shipTo: dallas,
      shippingOption: pickup.optionId,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json() as Checkout).toMatchObject({
      subtotal: 80,
      shipping: 0,
      tax: pickup.tax,
      total: pickup.total,
      shippingKind: 'pickup',
    });
  });

  it('is for the quote’s own customer, while it can be accepted', async () => {
    const id = await quoteOf(ann);
    expect((await quoteApi(t.app, null).rates(id, { zip: '75201' })).statusCode).toBe(401);
    for (const other of [bob, admin]) {
      const res = await quoteApi(t.app, other).rates(id, { zip: '75201' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(quoteMessages.acceptOwnOnly);
    }
    const unknown = await quoteApi(t.app, ann).rates('00000000-0000-4000-8000-000000000000', {
      zip: '75201',
    });
    expect(unknown.statusCode).toBe(404);

    const requested = await quoteOf(ann, false);
    const notQuoted = await quoteApi(t.app, ann).rates(requested, { zip: '75201' });
    expect(notQuoted.statusCode).toBe(409);
    expect(notQuoted.json().message).toBe(quoteMessages.notQuoted);

    expect((await quoteApi(t.app, admin).decline(id, 'Out of filters.')).statusCode).toBe(200);
    const declined = await quoteApi(t.app, ann).rates(id, { zip: '75201' });
    expect(declined.statusCode).toBe(409);
    expect(declined.json().message).toBe(quoteMessages.declined);
  });

  it('refuses a bad ZIP, naming it', async () => {
    const id = await quoteOf(ann);
    for (const body of [{ zip: '7520' }, { zip: '75201', state: 'CA' }]) {
      const res = await quoteApi(t.app, ann).rates(id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'zip' });
    }
  });
});
