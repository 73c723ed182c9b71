// Issue 39 item 10: the demo shop with its own rates (SEED_DEMO_RATES on), as a new user meets it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct } from '@shared/catalogue/admin-products.schema';
import type { Rates } from '@shared/orders/delivery.schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { makeCartProduct } from '../../test/cart';
import { placeOrder } from '../../test/shop';
import { eq } from 'drizzle-orm';
import { products } from '../../db/schema';
import { seedDemo } from '../../seed/seed';

let t: TestApp, admin: Client, buyer: Client;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true', SEED_DEMO_RATES: 'true' });
  buyer = await signUp(t.app, { name: 'New Buyer', verified: true });
  admin = await signUpAdmin(t.app);
});
afterAll(() => t.close());

const adminList = async (q: string) => {
  const res = await t.app.inject({
    url: `/api/admin/products?q=${encodeURIComponent(q)}`,
    headers: admin.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as AdminProduct[];
};
const ratesFor = async (productId: string, quantity = 1, extra: Record<string, unknown> = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/shipping-rates/${buyer.email}`,
    headers: buyer.headers,
    payload: { productId, quantity, zip: '75201', ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Rates;
};
const demo = async (name: string) => (await adminList(name)).find((p) => p.name === name)!;

describe('the demo catalogue', () => {
  it('gives every product a shipping weight and box size, none flagged', async () => {
    const res = await t.app.inject({ url: '/api/admin/products?limit=100', headers: admin.headers });
    const all = res.json() as AdminProduct[];
    expect(all).toHaveLength(18);
    for (const p of all) {
      expect(p.shippingWeightLb, p.name).toBeGreaterThan(0);
      expect(
        [p.lengthIn, p.widthIn, p.heightIn].every((d) => d! > 0),
        p.name,
      ).toBe(true);
      expect(p.unweighed, p.name).toBe(false);
    }
  });

  it('ships the 215 kg rotary screw and the 780 kg diesel compressor by LTL freight only, with liftgate and residential priced', async () => {
    for (const name of ['Rotary Screw Compressor 7.5 kW', 'Portable Diesel Compressor 5 m³/min']) {
      const product = await demo(name);
      expect(product).toMatchObject({ shipsAs: 'freight' });
      expect(product.freightClass).not.toBeNull();
      const rates = await ratesFor(product._id);
      expect(rates.options.map((o) => o.kind).sort(), name).toEqual(['freight', 'pickup']);
      expect(rates.options.some((o) => /Free/.test(o.name))).toBe(false);
      const ltl = rates.options.find((o) => o.kind === 'freight')!;
      expect(ltl.shipping).toBeGreaterThanOrEqual(150);
      expect(rates.freightExtras).toEqual({
        liftgate: 75,
        residential: 50,
        liftgateCents: 7_500,
        residentialCents: 5_000,
      });
      const withLiftgate = await ratesFor(product._id, 1, { liftgate: true, residential: true });
      expect(withLiftgate.options.find((o) => o.kind === 'freight')!.shipping).toBeCloseTo(
        ltl.shipping + 125,
        2,
      );
    }
  });

  it('still ships a light tool by parcel, with no freight extras', async () => {
    const rates = await ratesFor((await demo('Pneumatic Air Ratchet 3/8"'))._id);
    expect(rates.options.map((o) => o.kind)).toContain('parcel');
    expect(rates.freightExtras).toBeNull();
    expect(rates.notice).toBeNull();
  });
});

describe('a product without a shipping weight', () => {
  let product: { id: string; name: string };
  beforeAll(async () => {
    product = await makeCartProduct(t.app, { priceCents: 2_000, quantity: 50 });
  });

  it('is flagged on Manage Products', async () => {
    const [listed] = await adminList(product.name);
    expect(listed).toMatchObject({ shippingWeightLb: null, unweighed: true });
  });

  it('is offered pickup only, with a notice asking for a quote, never a weight-based price', async () => {
    const rates = await ratesFor(product.id, 3);
    expect(rates.options.map((o) => o.kind)).toEqual(['pickup']);
    expect(rates.notice).toContain(`${product.name} has no shipping weight yet`);
    expect(rates.notice).toContain('request a quote');
  });

  it('refuses Order Now without a choice (409) and a named parcel method (400), and takes pickup', async () => {
    const address = '1500 Marilla Street, Dallas, TX 75201';
    const none = await placeOrder(t.app, buyer, { productId: product.id, quantity: 1, address });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ field: 'shippingOption' });
    expect(none.json().message).toContain('no shipping weight yet');

    const weighed = await ratesFor((await demo('Pneumatic Air Ratchet 3/8"'))._id);
    const ground = weighed.options.find((o) => o.kind === 'parcel')!;
    const named = await placeOrder(t.app, buyer, {
      productId: product.id,
      quantity: 1,
      address,
      shippingOption: ground.optionId,
    });
    expect(named.statusCode).toBe(400);
    expect(named.json()).toMatchObject({ field: 'shippingOption' });

    const pickup = (await ratesFor(product.id)).options[0]!;
    const ok = await placeOrder(t.app, buyer, {
      productId: product.id,
      quantity: 1,
      address,
      shippingOption: pickup.optionId,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

// Decision 077: a demo shop seeded before the demo products had shipping data gets it at its next start.
describe('a demo shop seeded before the weights', () => {
  const unweigh = (name: string) =>
    t.app.database.db
      .update(products)
      .set({
        shippingWeightGrams: null,
        lengthMm: null,
        widthMm: null,
        heightMm: null,
        shipsAs: 'parcel',
        freightClass: null,
      })
      .where(eq(products.name, name));

  it("weighs the demo products still as that seed left them, and leaves an admin's edits alone", async () => {
    await unweigh('Rotary Screw Compressor 7.5 kW');
    await unweigh('Air Hose Reel 15 m');
    // Renamed by the admin: no longer the demo's product, whatever its SKU.
    await unweigh('Portable Diesel Compressor 5 m³/min');
    await t.app.database.db
      .update(products)
      .set({ name: 'Site Compressor (ours)' })
      .where(eq(products.name, 'Portable Diesel Compressor 5 m³/min'));
    // Weighed by the admin, but given no box: their weight stays.
    await t.app.database.db
      .update(products)
      .set({ shippingWeightGrams: 9_000, lengthMm: null, widthMm: null, heightMm: null })
      .where(eq(products.name, 'Bench Grinder 200 mm'));
    const before = await demo('Rotary Screw Compressor 7.5 kW');
    expect(before).toMatchObject({ shippingWeightLb: null, shipsAs: 'parcel' });
    // As the new user met it: no "Free ground shipping" for 215 kg, pickup only and why (decision 077).
    const old = await ratesFor(before._id);
    expect(old.options.map((o) => o.kind)).toEqual(['pickup']);
    expect(old.notice).toContain('more than our parcel rates cover');

    const seeded = await seedDemo(t.app.database, t.app.media, false);
    expect(seeded).toMatchObject({ products: 0, news: 0, weighed: 2 });

    const rotary = await demo('Rotary Screw Compressor 7.5 kW');
    expect(rotary).toMatchObject({ shipsAs: 'freight', freightClass: '85', unweighed: false });
    expect(rotary.shippingWeightLb).toBeCloseTo(529.11, 2);
    const rates = await ratesFor(rotary._id);
    expect(rates.options.map((o) => o.kind).sort()).toEqual(['freight', 'pickup']);
    expect(await demo('Air Hose Reel 15 m')).toMatchObject({ shipsAs: 'parcel', unweighed: false });
    expect((await adminList('Site Compressor (ours)'))[0]).toMatchObject({
      shippingWeightLb: null,
      shipsAs: 'parcel',
    });
    const grinder = await demo('Bench Grinder 200 mm');
    expect(grinder.shippingWeightLb).toBeCloseTo(19.84, 2);
    expect(grinder.lengthIn).toBeNull();

    // A second start changes nothing.
    expect((await seedDemo(t.app.database, t.app.media, false)).weighed).toBe(0);
  });
});
