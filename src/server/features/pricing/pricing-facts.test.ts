// Both databases: the loader reads the facts `priceSale` prices from, in the caller's connection or transaction.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dollarsToCents } from '@shared/common/money';
import type { Rates } from '@shared/orders/delivery.schema';
import { user } from '../../db/schema';
import type { Client } from '../../test/auth';
import { cartApi, makeCartProduct } from '../../test/cart';
import { approvedExemption, configureFulfilment, shipAs } from '../../test/fulfilment';
import type { TestApp } from '../../test/helper';
import { appWithPeople } from '../../test/people';
import { loadSaleFacts, priceSale, priceSaleIn, tableProviders } from './index';

let t: TestApp;
let pat: Client;
let patId: string;
let drill: { id: string };
let bolts: { id: string };
const dallas = { state: 'TX', zip: '75201', from: 'address' as const };
const sanJose = { state: 'CA', zip: '95113', from: 'address' as const };

beforeAll(async () => {
  [t, , pat] = await appWithPeople('Pat Facts');
  patId = (await t.app.database.db.select({ id: user.id }).from(user).where(eq(user.email, pat.email)))[0]!
    .id;
  await configureFulfilment(t.app);
  drill = await makeCartProduct(t.app, {
    priceCents: 12_999,
    quantity: 500,
    breaks: [{ minQuantity: 10, unitPriceCents: 11_999 }],
  });
  await shipAs(t.app, drill.id, { shippingWeightGrams: 1_850 });
  bolts = await makeCartProduct(t.app, { priceCents: 333, quantity: 500 });
  await shipAs(t.app, bolts.id, { shippingWeightGrams: 100 });
});
afterAll(() => t.close());

describe('loadSaleFacts', () => {
  it('a goods-only sale reads the products and nothing of shipping or tax', async () => {
    const facts = await loadSaleFacts(
      t.app.database.db,
      patId,
      { lines: [{ productId: drill.id, quantity: 10 }] },
      tableProviders,
    );
    expect(facts.rates.methods).toEqual([]);
    expect(facts.quoted).toBeUndefined();
    expect(facts.taxRates).toEqual([]);
    expect(facts.products.get(drill.id)).toMatchObject({ priceCents: 12_999, contractCents: null });
    expect(priceSale(facts, { lines: [{ productId: drill.id, quantity: 10 }] })).toMatchObject({
      goodsCents: 119_990,
      savings: { quantityCents: 10_000, contractCents: 0 },
      totalCents: 119_990,
    });
  });

  it('with a destination: the ways to ship this shipment, the weights, and the same figures the rates call quotes for the cart', async () => {
    const cart = cartApi(t.app, pat);
    expect((await cart.add(drill.id, 3)).statusCode).toBe(200);
    expect((await cart.add(bolts.id, 7)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/shipping-rates/${pat.email}`,
      headers: pat.headers,
      payload: { zip: dallas.zip, state: dallas.state },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rates = res.json() as Rates;
    const lines = [
      { productId: drill.id, quantity: 3 },
      { productId: bolts.id, quantity: 7 },
    ];
    const facts = await loadSaleFacts(
      t.app.database.db,
      patId,
      { lines, destination: dallas },
      tableProviders,
    );
    expect(facts.quoted!.shipment).toMatchObject({ destination: { state: 'TX', zip: '75201' } });
    expect(facts.quoted!.options.map((o) => o.optionId).sort()).toEqual(
      rates.options.map((o) => o.optionId).sort(),
    );
    // The destination's rate and each pickup location's, one row per place.
    expect(facts.taxRates.map((r) => r.zipPrefix)).toEqual([
      '75201',
      ...facts.quoted!.options.flatMap((o) => (o.pickupLocation ? [o.pickupLocation.zip] : [])),
    ]);
    expect(facts.products.get(drill.id)).toMatchObject({ unitWeightGrams: 1_850, shipsAs: 'parcel' });
    for (const o of rates.options) {
      const sale = priceSale(facts, { lines, destination: dallas, choose: { optionId: o.optionId } });
      expect(sale.lines.map((l) => l.goodsCents)).toEqual([38_997, 2_331]);
      expect([sale.shippingCents, sale.taxCents, sale.totalCents]).toEqual(
        [o.shipping, o.tax, o.total].map(dollarsToCents),
      );
    }
    await cart.empty();
  });

  it("the buyer's unexpired certificates first, then the inherited ones; agreed prices read no price", async () => {
    await approvedExemption(t.app, patId, { number: 'OLD-TX', states: ['TX'], expiresOn: '2001-01-01' });
    await approvedExemption(t.app, patId, { number: 'PAT-CA', states: ['CA'], expiresOn: '2099-12-31' });
    const lines = [{ productId: drill.id, quantity: 2, unitPriceCents: 10_000 }];
    const inherited = [{ number: 'LOC-TX', states: ['TX'] }];
    const providers = { ...tableProviders, exemptions: inherited };
    const { sale, facts } = await t.app.database.db.transaction((tx) =>
      priceSaleIn(tx, patId, { lines, destination: dallas, choose: {} }, providers),
    );
    expect(facts.exemptions.map((e) => e.number)).toEqual(['PAT-CA', 'LOC-TX']);
    expect(facts.pricing.size).toBe(0);
    expect(sale).toMatchObject({ goodsCents: 20_000, taxCents: 0, exemptionNumber: 'LOC-TX' });
    const ca = await priceSaleIn(
      t.app.database.db,
      patId,
      { lines, destination: sanJose, choose: {} },
      providers,
    );
    expect(ca.sale).toMatchObject({ taxCents: 0, exemptionNumber: 'PAT-CA', shippingCents: 9_000 });
    // Facts are quoted for one shipment: pricing another with them is a caller's mistake, not a wrong figure.
    expect(() => priceSale(facts, { lines, destination: sanJose, choose: {} })).toThrow(/another shipment/);
  });
});
