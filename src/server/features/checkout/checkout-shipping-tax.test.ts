// Both databases: issue #22 asks for its shipping, tax and backorder rules to be proven on PGlite and PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '@shared/checkout/checkout.schema';
import type { Invoice } from '@shared/invoices/invoices.schema';
import type { Rates } from '@shared/orders/delivery.schema';
import type { Order } from '@shared/orders/orders.schema';
import { user } from '../../db/schema';
import type { TestApp } from '../../test/helper';
import type { Client } from '../../test/auth';
import { appWithPeople } from '../../test/people';
import { cartApi, checkoutApi, makeCartProduct } from '../../test/cart';
import { documentsOf, downloadPdf, pdfText } from '../../test/invoices';
import { approvedExemption, configureFulfilment, shipAs } from '../../test/fulfilment';

// Figures (docs/decisions/037-shipping-and-tax.md; tables in src/server/test/fulfilment.ts): a 300 kg class-85
// compressor at $8,000 and four 2 kg filters at $25 go to Dallas (75201: 8.25 %, shipping taxed) on one pallet:
// 308 kg = 679.03 lb → 6.7903 cwt × $30 = $203.71, liftgate $75 → $278.71 shipping;
// tax (8,100.00 + 278.71) × 8.25 % = $691.24; total $9,069.95.
let t: TestApp;
let admin: Client;
let ann: Client;
let bob: Client;
let cara: Client;
let compressor: { id: string };
let filter: { id: string };
let tables: Awaited<ReturnType<typeof configureFulfilment>>;
const dallas = { street: '1500 Main St', city: 'Dallas', state: 'TX', zip: '75201' };

beforeAll(async () => {
  [t, admin, ann, bob, cara] = await appWithPeople('Ann Freight', 'Bob Parcel', 'Cara Exempt');
  tables = await configureFulfilment(t.app);
  compressor = await makeCartProduct(t.app, { priceCents: 800_000, quantity: 5 });
  filter = await makeCartProduct(t.app, { priceCents: 2_500, quantity: 100 });
  await shipAs(t.app, compressor.id, {
    shippingWeightGrams: 300_000,
    shipsAs: 'freight',
    freightClass: '85',
  });
  await shipAs(t.app, filter.id, { shippingWeightGrams: 2_000 });
});
afterAll(() => t.close());

const rates = (client: Client, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/shipping-rates/${client.email}`,
    headers: client.headers,
    payload: body,
  });

async function fillCart(client: Client) {
  const cart = cartApi(t.app, client);
  await cart.empty();
  expect((await cart.add(compressor.id, 1)).statusCode).toBe(200);
  expect((await cart.add(filter.id, 4)).statusCode).toBe(200);
}

describe('a mixed cart to Dallas, by LTL freight with a liftgate', () => {
  it('is priced the same by the estimate, the checkout, the payment and the invoice, to the cent', async () => {
    await fillCart(ann);
    const est = await rates(ann, { zip: '75201', liftgate: true });
    expect(est.statusCode).toBe(200);
    const quote = est.json() as Rates;
    expect(quote.destination).toEqual({ state: 'TX', zip: '75201' });
    expect(quote.subtotal).toBe(8100);
    // Freight puts everything on the pallet: no parcel and no free ground, pickup stays.
    expect(quote.options.map((o) => o.kind).sort()).toEqual(['freight', 'pickup']);
    const ltl = quote.options.find((o) => o.kind === 'freight')!;
    expect(ltl).toMatchObject({
      shipping: 278.71,
      tax: 691.24,
      total: 9069.95,
      liftgate: true,
      minDays: 4,
      maxDays: 8,
    });

    const res = await checkoutApi(t.app, ann).create({
      address: '1500 Main St, Dallas, TX 75201',
      shipTo: dallas,
      shippingOption: ltl.optionId,
      liftgate: true,
    });
    expect(res.statusCode).toBe(201);
    const co = res.json() as Checkout;
    expect(co).toMatchObject({
      subtotal: 8100,
      shipping: 278.71,
      tax: 691.24,
      total: 9069.95,
      // The same figures in whole cents (docs/decisions/050-one-money-type.md).
      subtotalCents: 810_000,
      shippingCents: 27_871,
      taxCents: 69_124,
      totalCents: 906_995,
      shippingMethod: 'LTL freight',
      shippingKind: 'freight',
      liftgate: true,
      shipTo: dallas,
      deliveryMinDays: 4,
      deliveryMaxDays: 8,
    });
    // Each line ships by the checkout's method to its address (its order page names them).
    for (const line of co.lines)
      expect(line).toMatchObject({ shippingMethod: 'LTL freight', liftgate: true });
    // The lines' shares add up to the checkout's figures.
    const sum = (f: (l: Order) => number) => Math.round(co.lines.reduce((s, l) => s + f(l) * 100, 0));
    expect(sum((l) => l.shipping)).toBe(27_871);
    expect(sum((l) => l.tax)).toBe(69_124);
    expect(sum((l) => l.total)).toBe(906_995);
    const sumCents = (f: (l: Order) => number) => co.lines.reduce((s, l) => s + f(l), 0);
    expect(sumCents((l) => l.shippingCents)).toBe(27_871);
    expect(sumCents((l) => l.taxCents)).toBe(69_124);
    expect(sumCents((l) => l.subtotalCents)).toBe(810_000);
    expect(sumCents((l) => l.totalCents)).toBe(906_995);

    const api = checkoutApi(t.app, ann);
    const { intent, put } = await api.pay(co._id);
    expect(intent.json()).toMatchObject({ amount: 9069.95, amountCents: 906_995 });
    expect((await put()).statusCode).toBe(200);
    const [invoice] = (await api.invoices(co._id)).json() as Invoice[];
    expect(invoice!.total).toBe(9069.95);
    // The PDF itemises: SKU, quantity, unit price and line total, then subtotal, shipping, tax and total.
    const pdf = await t.app.inject({ url: invoice!.pdfUrl, headers: ann.headers });
    const text = await pdfText(pdf.rawPayload);
    for (const figure of [
      'SKU',
      '$8,000.00',
      '$100.00',
      'Subtotal',
      '$8,100.00',
      'Shipping (LTL freight)',
      '$278.71',
      'Sales tax',
      '$691.24',
      '$9,069.95',
    ])
      expect(text).toContain(figure);

    // The address is saved for next time.
    const saved = await t.app.inject({ url: `/api/addresses/${ann.email}`, headers: ann.headers });
    expect(saved.json()).toEqual([expect.objectContaining(dallas)]);
  });

  it('refunding one line gives back its goods and its shares of the shipping and the tax, to the cent', async () => {
    await fillCart(ann);
    const ltl = ((await rates(ann, { zip: '75201', liftgate: true })).json() as Rates).options.find(
      (o) => o.kind === 'freight',
    )!;
    const api = checkoutApi(t.app, ann);
    const co = (
      await api.create({
        address: '1500 Main St, Dallas, TX 75201',
        shipTo: dallas,
        shippingOption: ltl.optionId,
        liftgate: true,
      })
    ).json() as Checkout;
    const { put } = await api.pay(co._id);
    expect((await put()).statusCode).toBe(200);
    const filters = co.lines.find((l) => l.productId === filter.id)!;
    // The filters' shares: by weight of the pallet (8 kg of 308) and by their taxed amount.
    expect(filters.shipping).toBeGreaterThan(0);
    expect(filters.tax).toBeGreaterThan(0);
    expect(Math.round(filters.total * 100)).toBe(
      Math.round(filters.subtotal * 100) + Math.round(filters.shipping * 100) + Math.round(filters.tax * 100),
    );

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/order/${filters._id}/refund`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const [invoice, note] = await documentsOf(t.app, ann, filters._id);
    expect(invoice!.total).toBe(9069.95);
    expect(note).toMatchObject({ kind: 'credit_note', total: filters.total });
    const text = await pdfText((await downloadPdf(t.app, ann, note!._id)).rawPayload);
    for (const figure of ['$100.00', money(filters.shipping), money(filters.tax), money(filters.total)])
      expect(text).toContain(figure);
    // What stays paid is the compressor's line, with the rest of the shipping and tax.
    const rest = co.lines.find((l) => l.productId === compressor.id)!;
    expect(Math.round((rest.total + filters.total) * 100)).toBe(906_995);
  });

  it('charges the liftgate and residential surcharges only when chosen', async () => {
    await fillCart(ann);
    const plain = (await rates(ann, { zip: '75201' })).json() as Rates;
    const both = (await rates(ann, { zip: '75201', liftgate: true, residential: true })).json() as Rates;
    const cost = (r: Rates) => r.options.find((o) => o.kind === 'freight')!.shipping;
    expect(cost(plain)).toBe(203.71);
    expect(cost(both)).toBe(328.71);
  });
});

describe('parcel, free shipping and pickup', () => {
  it('offers ground by weight band and free ground from $500 of goods', async () => {
    const small = (await rates(bob, { zip: '75201', productId: filter.id, quantity: 4 })).json() as Rates;
    expect(small.options.find((o) => o.kind === 'parcel')).toMatchObject({
      shipping: 40,
      tax: 11.55,
      total: 151.55,
    });
    expect(small.options.some((o) => o.kind === 'free')).toBe(false);
    const big = (await rates(bob, { zip: '75201', productId: filter.id, quantity: 20 })).json() as Rates;
    // 40 kg is above the last parcel band: no ground; $500 of goods earns free ground.
    expect(big.options.some((o) => o.kind === 'parcel')).toBe(false);
    expect(big.options.find((o) => o.kind === 'free')).toMatchObject({
      shipping: 0,
      tax: 41.25,
      total: 541.25,
    });
  });

  it('taxes a pickup order where it is collected, without shipping', async () => {
    const quote = (await rates(bob, { zip: '94105', productId: filter.id, quantity: 4 })).json() as Rates;
    const pickup = quote.options.find((o) => o.kind === 'pickup')!;
    expect(pickup).toMatchObject({ shipping: 0, tax: 8.25, total: 108.25 });
    expect(pickup.pickupLocation).toMatchObject({ name: 'Dallas branch', zip: '75207' });
    // California does not tax shipping: ground there is taxed on the goods alone.
    expect(quote.options.find((o) => o.kind === 'parcel')).toMatchObject({
      shipping: 90,
      tax: 7.25,
      total: 197.25,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/order/${bob.email}`,
      headers: bob.headers,
      payload: {
        productId: filter.id,
        quantity: 4,
        number: '+1 555 0100',
        address: '1 Market St, San Francisco, CA 94105',
        shippingOption: pickup.optionId,
      },
    });
    expect(res.statusCode).toBe(200);
    const order = (
      await t.app.inject({ url: `/api/singleorderitem/${res.json().insertedId}`, headers: bob.headers })
    ).json() as Order;
    expect(order).toMatchObject({ total: 108.25, shipping: 0, tax: 8.25, shippingKind: 'pickup' });
    expect(order.shippingMethod).toBe('Will call: Dallas branch');
    void tables;
  });
});

describe("the spec's Order Now call", () => {
  const order = (client: Client, address: string, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/order/${client.email}`,
      headers: client.headers,
      payload: { productId: filter.id, quantity: 4, number: '+1 555 0100', address, ...extra },
    });
  const read = async (client: Client, id: string) =>
    (await t.app.inject({ url: `/api/singleorderitem/${id}`, headers: client.headers })).json() as Order;

  it('reads the state and ZIP from a free-text address and charges the cheapest delivery with its tax', async () => {
    const res = await order(bob, '1500 Main St, Dallas, TX 75201');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain('$151.55 in total: $100.00 goods + $40.00 shipping + $11.55 tax');
    const o = await read(bob, res.json().insertedId);
    expect(o).toMatchObject({
      subtotal: 100,
      shipping: 40,
      tax: 11.55,
      total: 151.55,
      shipTo: { state: 'TX', zip: '75201' },
    });
  });

  it('keeps a structured address sent with the order in the customer’s saved addresses, for the next order', async () => {
    const shipTo = { street: '77 Depot Lane', city: 'Austin', state: 'TX', zip: '78701' };
    const res = await order(bob, '77 Depot Lane, Austin, TX 78701', { shipTo });
    expect(res.statusCode).toBe(200);
    expect(await read(bob, res.json().insertedId)).toMatchObject({
      shipTo,
      address: '77 Depot Lane, Austin, TX 78701',
    });
    const saved = await t.app.inject({ url: `/api/addresses/${bob.email}`, headers: bob.headers });
    expect(saved.json()).toContainEqual(expect.objectContaining(shipTo));
  });

  it("falls back to the shop's own state and ZIP when the text names none", async () => {
    const res = await order(bob, '1 Yard Road');
    expect(res.statusCode).toBe(200);
    const o = await read(bob, res.json().insertedId);
    // SHOP_ADDRESS is in Springfield, IL 62701: no zone, no rate in these tables, so goods only.
    expect(o).toMatchObject({ shipTo: { state: 'IL', zip: '62701' }, shipping: 0, tax: 0, total: 100 });
  });

  it('refuses a bad structured address or an option this order cannot take, naming the field', async () => {
    const badZip = await order(bob, 'x', { shipTo: { ...dallas, zip: '94105' } });
    expect(badZip.statusCode).toBe(400);
    expect(badZip.json()).toMatchObject({ field: 'shipTo.zip' });
    const badState = await order(bob, 'x', { shipTo: { ...dallas, state: 'ZZ' } });
    expect(badState.statusCode).toBe(400);
    expect(badState.json()).toMatchObject({ field: 'shipTo.state' });
    const badOption = await order(bob, '1500 Main St, Dallas, TX 75201', { shippingOption: tables.ltl.id });
    expect(badOption.statusCode).toBe(400);
    expect(badOption.json()).toMatchObject({ field: 'shippingOption' });
    const badRates = await rates(bob, { zip: '7520' });
    expect(badRates.statusCode).toBe(400);
    expect(badRates.json()).toMatchObject({ field: 'zip' });
  });
});

describe('tax exemption', () => {
  it('makes orders to a covered state tax-free while the certificate is valid, and names it', async () => {
    const [row] = await t.app.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, cara.email));
    await approvedExemption(t.app, row!.id, { number: 'TX-EX-778', states: ['TX'], expiresOn: '2099-12-31' });
    const quote = (await rates(cara, { zip: '75201', productId: filter.id, quantity: 4 })).json() as Rates;
    expect(quote.exemptionNumber).toBe('TX-EX-778');
    expect(quote.options.every((o) => o.tax === 0)).toBe(true);
    // In another state the certificate does not apply.
    const ca = (await rates(cara, { zip: '94105', productId: filter.id, quantity: 4 })).json() as Rates;
    expect(ca.exemptionNumber).toBeNull();
    expect(ca.options.find((o) => o.kind === 'parcel')!.tax).toBe(7.25);
  });
});

const money = (dollars: number) =>
  `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
