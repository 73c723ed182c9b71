// Both databases: #24 asks every trade-account rule proven on both
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '@shared/checkout/checkout.schema';
import type { Rates } from '@shared/orders/delivery.schema';
import { taxExemptions, user } from '../../db/schema';
import type { Client } from '../../test/auth';
import { cartApi, checkoutApi, makeCartProduct } from '../../test/cart';
import { apiCaller, inviteAndJoin } from '../../test/companies';
import { approvedExemption, configureFulfilment, shipAs } from '../../test/fulfilment';
import type { TestApp } from '../../test/helper';
import { appWithPeople } from '../../test/people';

// A company location's exemption at checkout (docs/decisions/039-trade-accounts.md, "Addendum: a location's
// exemption at checkout"): Bob, a buyer of Acme with no certificate of his own, ships to Acme's locations, whose
// certificates are Ann's (Acme's admin). Four 2 kg filters at $25 go by parcel; Texas taxes them (fulfilment.ts).
let t: TestApp;
let ann: Client;
let bob: Client;
let cat: Client;
let dan: Client;
let filter: { id: string };
const yards: Record<'exempt' | 'otherState' | 'expired' | 'plain' | 'foreign', string> = {
  exempt: '',
  otherState: '',
  expired: '',
  plain: '',
  foreign: '',
};
const dallas = { street: '1500 Main St', city: 'Dallas', state: 'TX', zip: '75201' };

const call = apiCaller(() => t.app);
const idOf = async (c: Client) =>
  (await t.app.database.db.select({ id: user.id }).from(user).where(eq(user.email, c.email)))[0]!.id;

async function certificate(holder: Client, number: string, states: string[]) {
  await approvedExemption(t.app, await idOf(holder), { number, states, expiresOn: '2099-12-31' });
  const [row] = await t.app.database.db
    .select({ id: taxExemptions.id })
    .from(taxExemptions)
    .where(eq(taxExemptions.number, number));
  return row!.id;
}

async function location(by: Client, companyId: string, name: string, taxExemptionId?: string) {
  const res = await call(by, 'POST', `/companies/${companyId}/locations`, {
    name,
    address: dallas,
    ...(taxExemptionId && { taxExemptionId }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
}

beforeAll(async () => {
  [t, , ann, bob, cat, dan] = await appWithPeople('Ann Founder', 'Bob Buyer', 'Cat Other', 'Dan Solo');
  await configureFulfilment(t.app);
  filter = await makeCartProduct(t.app, { priceCents: 2_500, quantity: 100 });
  await shipAs(t.app, filter.id, { shippingWeightGrams: 2_000 });
  const acme = (await call(ann, 'POST', '/companies', { name: 'Acme Tools', taxId: '12-3456789' })).json()
    ._id;
  const other = (await call(cat, 'POST', '/companies', { name: 'Other Co', taxId: '98-7654321' })).json()._id;
  await inviteAndJoin(t, acme, ann, bob, ['buyer']);

  yards.exempt = await location(ann, acme, 'Dallas yard', await certificate(ann, 'RC-TX-1', ['TX']));
  yards.otherState = await location(ann, acme, 'Tulsa cert yard', await certificate(ann, 'RC-OK-2', ['OK']));
  const expiring = await certificate(ann, 'RC-TX-OLD', ['TX']);
  yards.expired = await location(ann, acme, 'Old cert yard', expiring);
  // Valid when the location was saved, expired since.
  await t.app.database.db
    .update(taxExemptions)
    .set({ expiresOn: '2020-01-01' })
    .where(eq(taxExemptions.id, expiring));
  yards.plain = await location(ann, acme, 'Plain yard');
  yards.foreign = await location(cat, other, 'Their yard', await certificate(cat, 'RC-OTHER', ['TX']));
});
afterAll(() => t.close());

const rates = (client: Client, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/shipping-rates/${client.email}`,
    headers: client.headers,
    payload: { productId: filter.id, quantity: 4, ...body },
  });

async function checkOut(client: Client, body: Record<string, unknown>) {
  const cart = cartApi(t.app, client);
  await cart.empty();
  expect((await cart.add(filter.id, 4)).statusCode).toBe(200);
  return checkoutApi(t.app, client).create({ address: '1500 Main St, Dallas, TX 75201', ...body });
}

describe("checking out to a company location (the member's own certificate aside)", () => {
  it('is tax-free with the location’s approved certificate for the state, and names it', async () => {
    // Another ZIP given with the location: the location's address is what counts.
    const quote = (await rates(bob, { zip: '94105', locationId: yards.exempt })).json() as Rates;
    expect(quote.destination).toEqual({ state: 'TX', zip: '75201' });
    expect(quote.exemptionNumber).toBe('RC-TX-1');
    expect(quote.options.length).toBeGreaterThan(0);
    expect(quote.options.every((o) => o.tax === 0)).toBe(true);

    const res = await checkOut(bob, { locationId: yards.exempt });
    expect(res.statusCode, res.body).toBe(201);
    const co = res.json() as Checkout;
    expect(co).toMatchObject({ subtotal: 100, tax: 0, taxExemptionNumber: 'RC-TX-1', shipTo: dallas });
    for (const line of co.lines) expect(line).toMatchObject({ tax: 0, taxExemptionNumber: 'RC-TX-1' });
    // The location is the company's, not saved among Bob's own addresses.
    const saved = await t.app.inject({ url: `/api/addresses/${bob.email}`, headers: bob.headers });
    expect(saved.json()).toEqual([]);
  });

  it('is taxed when the certificate is for another state, expired, or absent, as without a location', async () => {
    const plain = (await rates(bob, { zip: '75201' })).json() as Rates;
    const parcel = (r: Rates) => r.options.find((o) => o.kind === 'parcel')!;
    expect(plain.exemptionNumber).toBeNull();
    expect(parcel(plain).tax).toBeGreaterThan(0);
    for (const yard of [yards.otherState, yards.expired, yards.plain]) {
      const quote = (await rates(bob, { zip: '75201', locationId: yard })).json() as Rates;
      expect(quote.exemptionNumber).toBeNull();
      expect(parcel(quote).tax).toBe(parcel(plain).tax);
    }
    const res = await checkOut(bob, { locationId: yards.expired, shippingOption: parcel(plain).optionId });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ tax: parcel(plain).tax, taxExemptionNumber: null, shipTo: dallas });

    // No locationId: the spec's call and the structured address as before.
    const before = await checkOut(bob, { shipTo: dallas, shippingOption: parcel(plain).optionId });
    expect(before.statusCode, before.body).toBe(201);
    expect(before.json()).toMatchObject({ tax: parcel(plain).tax, taxExemptionNumber: null, shipTo: dallas });
  });

  it("refuses another company's location, a caller without a company and a malformed id: 400 on locationId", async () => {
    for (const [who, locationId] of [
      [bob, yards.foreign],
      [dan, yards.exempt],
      [bob, 'not-an-id'],
    ] as const) {
      const quote = await rates(who, { zip: '75201', locationId });
      expect(quote.statusCode).toBe(400);
      expect(quote.json().field).toBe('locationId');
      const res = await checkOut(who, { locationId });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('locationId');
    }
    // Nothing was placed: the cart is still there to check out.
    expect((await cartApi(t.app, dan).get()).json().lines).toHaveLength(1);
  });
});
