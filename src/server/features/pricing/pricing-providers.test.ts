// Both databases: the shipping and tax providers the app is built with are what the loader asks (decision 052,
// addendum); a carrier or a tax service plugs in through the app's deps and nothing else changes.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '@shared/checkout/checkout.schema';
import type { Rates } from '@shared/orders/delivery.schema';
import { signUp, type Client } from '../../test/auth';
import { cartApi, checkoutApi, makeCartProduct } from '../../test/cart';
import { shipAs } from '../../test/fulfilment';
import { createTestApp, type TestApp } from '../../test/helper';
import type { RateRequest, ShippingRatesProvider } from '../shipping/index';
import type { TaxProvider } from '../tax/index';

// A carrier that charges $5 + 1¢ per 10 g for its one service, and a tax service at 7.5 % with shipping taxed.
// The app has no rate tables and no tax rows (SEED_DEMO_RATES=false), so every figure below is the fakes'.
// Its service maps to a shop method's id: orders store `methodId` in a uuid column.
const acmeGround = randomUUID();
const shipments: RateRequest[] = [];
const places: { state: string; zip: string }[] = [];
const carrier: ShippingRatesProvider = {
  rates: async (db, shipment) => {
    shipments.push(shipment);
    const grams = shipment.items.reduce((g, i) => g + i.quantity * i.unitWeightGrams, 0);
    const ground = {
      optionId: 'acme-ground',
      methodId: acmeGround,
      kind: 'parcel' as const,
      name: 'Acme Ground',
      cents: 500 + Math.ceil(grams / 10),
      minDays: 2,
      maxDays: 3,
      liftgate: false,
      residential: false,
    };
    return shipment.destination.state === 'TX' ? [ground] : [];
  },
};
const taxService: TaxProvider = {
  rates: async (db, asked) => {
    places.push(...asked);
    return asked.map((p) => (p.state === 'TX' ? { ratePpm: 75_000, shippingTaxable: true } : null));
  },
};

let t: TestApp;
let pat: Client;
let pump: { id: string };

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' }, {}, { shipping: carrier, tax: taxService });
  pat = await signUp(t.app, { name: 'Pat Providers', verified: true });
  pump = await makeCartProduct(t.app, { priceCents: 10_000, quantity: 50 });
  await shipAs(t.app, pump.id, { shippingWeightGrams: 1_500 });
});
afterAll(() => t.close());

// 2 pumps: goods $200.00; 3,000 g → shipping $5 + $3 = $8.00; tax (200.00 + 8.00) × 7.5 % = $15.60; total $223.60.
describe('shipping and tax providers plugged into the app', () => {
  it('the rates preview shows the carrier’s way to ship and the tax service’s tax', async () => {
    const cart = cartApi(t.app, pat);
    expect((await cart.add(pump.id, 2)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/shipping-rates/${pat.email}`,
      headers: pat.headers,
      payload: { zip: '75201', state: 'TX' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rates = res.json() as Rates;
    expect(rates.options).toEqual([
      expect.objectContaining({ optionId: 'acme-ground', shipping: 8, tax: 15.6, total: 223.6 }),
    ]);
    expect(shipments.at(-1)).toEqual({
      items: [{ quantity: 2, unitWeightGrams: 1_500, shipsAs: 'parcel', freightClass: null }],
      destination: { state: 'TX', zip: '75201' },
      subtotalCents: 20_000,
      liftgate: false,
      residential: false,
    });
    expect(places.at(-1)).toEqual({ state: 'TX', zip: '75201' });
  });

  it('a checkout is charged what the providers priced, and a destination they do not serve is refused', async () => {
    const api = checkoutApi(t.app, pat);
    const refused = await api.create({
      address: '1 Market St, San Francisco, CA 94105',
      shipTo: { street: '1 Market St', city: 'San Francisco', state: 'CA', zip: '94105' },
      shippingOption: 'acme-ground',
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'shippingOption' });

    const res = await api.create({
      address: '1500 Main St, Dallas, TX 75201',
      shipTo: { street: '1500 Main St', city: 'Dallas', state: 'TX', zip: '75201' },
      shippingOption: 'acme-ground',
    });
    expect(res.statusCode, res.body).toBe(201);
    const co = res.json() as Checkout;
    expect(co).toMatchObject({
      subtotalCents: 20_000,
      shippingCents: 800,
      taxCents: 1_560,
      totalCents: 22_360,
      shippingMethod: 'Acme Ground',
    });
    const { intent } = await api.pay(co._id);
    expect(intent.json()).toMatchObject({ amountCents: 22_360 });
  });
});
