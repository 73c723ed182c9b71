// Both databases: issue 38 asks for the sale engine's figures to agree to the cent on PGlite and PostgreSQL.
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '@shared/cart/cart.schema';
import type { Checkout } from '@shared/checkout/checkout.schema';
import { dollarsToCents } from '@shared/common/money';
import type { Invoice } from '@shared/invoices/invoices.schema';
import type { Rates, ShippingOptionView } from '@shared/orders/delivery.schema';
import type { Order } from '@shared/orders/orders.schema';
import { products, user } from '../../db/schema';
import type { Client } from '../../test/auth';
import { cartApi, changeProduct, checkoutApi, makeCartProduct } from '../../test/cart';
import { apiCaller } from '../../test/companies';
import { approvedExemption, configureFulfilment, shipAs } from '../../test/fulfilment';
import type { TestApp } from '../../test/helper';
import { documentsOf } from '../../test/invoices';
import { appWithPeople } from '../../test/people';
import { placeOrder } from '../../test/shop';

/**
 * Random carts priced through every door a client uses (issue 38, "Tests"): the cart, the rates preview, the checkout,
 * the payment intent, the order lines, the invoice after paying and the credit notes after a full refund agree to the
 * cent; and Order Now of one line agrees with a one-line checkout of it. Each case is a whole sale over HTTP, so runs
 * are few and the seed is fixed (PROPERTY_SEED overrides it; fast-check prints it with the failing case).
 */
const SEED = Number(process.env.PROPERTY_SEED ?? 38_2026);
const RUNS = Number(process.env.PROPERTY_RUNS ?? 16);
const BACKORDER_STOCK = 3;

let t: TestApp;
let admin: Client;
let buyers: Record<'solo' | 'exempt' | 'contract', Client>;
let catalogue: { id: string; sku: string; name: string }[];
const call = apiCaller(() => t.app);

const places = {
  dallas: { street: '1500 Main St', city: 'Dallas', state: 'TX', zip: '75201' },
  austin: { street: '100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
  sanJose: { street: '200 Santa Clara St', city: 'San Jose', state: 'CA', zip: '95113' },
} as const;
type Place = keyof typeof places;
const text = (a: (typeof places)[Place]) => `${a.street}, ${a.city}, ${a.state} ${a.zip}`;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  let solo: Client, exempt: Client, contract: Client;
  [t, admin, solo, exempt, contract] = await appWithPeople('Sol Solo', 'Ex Empt', 'Con Tract');
  buyers = { solo, exempt, contract };
  await configureFulfilment(t.app);
  const make = async (
    p: Parameters<typeof makeCartProduct>[1],
    ship: Parameters<typeof shipAs>[2],
    extra: { brand?: string; backorderable?: boolean } = {},
  ) => {
    const row = await makeCartProduct(t.app, p);
    await shipAs(t.app, row.id, ship);
    if (extra.brand || extra.backorderable)
      await t.app.database.db
        .update(products)
        .set({ brand: extra.brand ?? null, backorderable: extra.backorderable ?? false, leadTimeDays: 10 })
        .where(eq(products.id, row.id));
    return row;
  };
  catalogue = [
    // Breaks at 10 and 50; a contract price by SKU below both.
    await make(
      {
        priceCents: 12_999,
        quantity: 100_000,
        breaks: [
          { minQuantity: 10, unitPriceCents: 11_999 },
          { minQuantity: 50, unitPriceCents: 10_499 },
        ],
      },
      { shippingWeightGrams: 1_850 },
    ),
    // Odd cents, a break at 3, and a brand the contract takes 12.5 % off (rounding per unit).
    await make(
      { priceCents: 733, quantity: 100_000, breaks: [{ minQuantity: 3, unitPriceCents: 697 }] },
      { shippingWeightGrams: 400 },
      { brand: 'Odd Co' },
    ),
    // Backorderable with little stock: most quantities go above it.
    await make(
      { priceCents: 1_995, quantity: BACKORDER_STOCK },
      { shippingWeightGrams: 2_200 },
      { brand: 'Odd Co', backorderable: true },
    ),
    // LTL freight, two classes.
    await make(
      { priceCents: 649_900, quantity: 100_000 },
      { shippingWeightGrams: 215_000, shipsAs: 'freight', freightClass: '85' },
    ),
    await make(
      { priceCents: 123_456, quantity: 100_000 },
      { shippingWeightGrams: 90_500, shipsAs: 'freight', freightClass: '125' },
    ),
  ];
  const [exemptRow] = await t.app.database.db.select().from(user).where(eq(user.email, exempt.email));
  await approvedExemption(t.app, exemptRow!.id, {
    number: 'TX-PROP-1',
    states: ['TX'],
    expiresOn: '2099-12-31',
  });
  const company = await call(contract, 'POST', '/companies', { name: 'Property Co', taxId: '12-3456789' });
  expect(company.statusCode, company.body).toBe(201);
  const list = await call(admin, 'POST', `/companies/${company.json()._id}/price-lists`, {
    name: 'Property contract',
    validFrom: day(-1),
    rules: [
      { kind: 'sku', sku: catalogue[0]!.sku, price: 99.5 },
      { kind: 'brand', brand: 'Odd Co', percentOff: 12.5 },
    ],
  });
  expect(list.statusCode, list.body).toBe(201);
}, 120_000);
afterAll(() => t.close());

/** What the random sales covered: the run must reach every way of pricing, or its seed proves little. */
const seen = new Set<string>();
const everyWay = [
  'parcel',
  'freight',
  'freight extras',
  'pickup',
  'free',
  'backorder',
  'contract price',
  'price break',
  'exempt',
  'taxed',
];

const cents = (dollars: number) => dollarsToCents(dollars);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

interface Sale {
  buyer: keyof typeof buyers;
  to: Place;
  lines: { product: number; quantity: number }[];
  pick: number;
  liftgate: boolean;
  residential: boolean;
}

const saleArb: fc.Arbitrary<Sale> = fc.record({
  buyer: fc.constantFrom('solo', 'exempt', 'contract'),
  to: fc.constantFrom('dallas', 'austin', 'sanJose'),
  lines: fc.uniqueArray(
    fc.record({
      product: fc.integer({ min: 0, max: 4 }),
      quantity: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 70 })),
    }),
    { minLength: 1, maxLength: 3, selector: (l) => l.product },
  ),
  pick: fc.nat({ max: 9 }),
  liftgate: fc.boolean(),
  residential: fc.boolean(),
});

const describeSale = (s: Sale) =>
  `${s.buyer} to ${s.to}: ${s.lines.map((l) => `${l.quantity} × #${l.product}`).join(', ')} (option ${s.pick}${
    s.liftgate ? ', liftgate' : ''
  }${s.residential ? ', residential' : ''})`;

/** The backorderable product back to its small stock, so each case orders above it again. */
const resetBackorderStock = () => changeProduct(t.app, catalogue[2]!.id, { quantity: BACKORDER_STOCK });

async function preview(client: Client, s: Sale, line?: { productId: string; quantity: number }) {
  const to = places[s.to];
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/shipping-rates/${client.email}`,
    headers: client.headers,
    payload: { zip: to.zip, state: to.state, liftgate: s.liftgate, residential: s.residential, ...line },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Rates;
}

const pickOption = (rates: Rates, s: Sale, kind?: ShippingOptionView['kind']) => {
  const options = kind ? rates.options.filter((o) => o.kind === kind) : rates.options;
  expect(options.length, `options for ${describeSale(s)}`).toBeGreaterThan(0);
  return options[s.pick % options.length]!;
};

const delivery = (s: Sale, option: ShippingOptionView) => ({
  address: text(places[s.to]),
  shipTo: places[s.to],
  number: '+1 214 555 0100',
  shippingOption: option.optionId,
  liftgate: s.liftgate,
  residential: s.residential,
});

const figures = (o: Order) => ({
  unitPrice: o.price,
  quantity: o.quantity,
  subtotalCents: o.subtotalCents,
  shippingCents: o.shippingCents,
  taxCents: o.taxCents,
  totalCents: o.totalCents,
  shippingMethod: o.shippingMethod,
});

/** cart → rates preview → checkout → payment intent → order lines → invoice → credit notes, all to the cent. */
async function wholeSale(s: Sale) {
  const client = buyers[s.buyer];
  await resetBackorderStock();
  const cart = cartApi(t.app, client);
  await cart.empty();
  for (const l of s.lines) {
    const added = await cart.add(catalogue[l.product]!.id, l.quantity);
    expect(added.statusCode, added.body).toBe(200);
  }
  const basket = (await cart.get()).json() as Cart;
  expect(
    basket.lines.every((l) => l.problem === null),
    JSON.stringify(basket.lines),
  ).toBe(true);
  const rates = await preview(client, s);
  const option = pickOption(rates, s);
  expect(cents(rates.subtotal)).toBe(cents(basket.total));
  seen.add(option.kind);
  if (option.kind === 'freight' && (s.liftgate || s.residential)) seen.add('freight extras');
  if (basket.lines.some((l) => (l.backordered ?? 0) > 0)) seen.add('backorder');
  if (basket.contractSavingCents > 0) seen.add('contract price');
  if (basket.quantitySavingCents > 0) seen.add('price break');
  if (rates.exemptionNumber) seen.add('exempt');
  if (rates.options.some((o) => o.tax > 0)) seen.add('taxed');

  const created = await checkoutApi(t.app, client).create(delivery(s, option));
  expect(created.statusCode, created.body).toBe(201);
  const co = created.json() as Checkout;
  expect(co.status).toBe('unpaid');
  // The checkout charges what the cart showed and the preview quoted.
  expect(co.subtotalCents).toBe(cents(basket.total));
  expect([co.shippingCents, co.taxCents, co.totalCents]).toEqual([
    cents(option.shipping),
    cents(option.tax),
    cents(option.total),
  ]);
  expect(co.totalCents).toBe(co.subtotalCents + co.shippingCents + co.taxCents);
  if (s.buyer === 'exempt' && places[s.to].state === 'TX') expect(co.taxCents).toBe(0);
  // Each line: the cart's line total, and its shares of shipping and tax summing to the checkout's.
  expect(co.lines).toHaveLength(s.lines.length);
  for (const line of co.lines) {
    const inCart = basket.lines.find((l) => l.productId === line.productId)!;
    expect(line.subtotalCents).toBe(cents(inCart.lineTotal));
    expect(line.subtotalCents).toBe(line.quantity * cents(line.price));
    expect(line.totalCents).toBe(line.subtotalCents + line.shippingCents + line.taxCents);
  }
  expect(sum(co.lines.map((l) => l.subtotalCents))).toBe(co.subtotalCents);
  expect(sum(co.lines.map((l) => l.shippingCents))).toBe(co.shippingCents);
  expect(sum(co.lines.map((l) => l.taxCents))).toBe(co.taxCents);
  expect(sum(co.lines.map((l) => l.totalCents))).toBe(co.totalCents);

  // The payment intent asks the provider for the checkout's total.
  const pay = await checkoutApi(t.app, client).pay(co._id);
  expect(pay.intent.json().amountCents).toBe(co.totalCents);
  const paid = await pay.put();
  expect(paid.statusCode, paid.body).toBe(200);

  // The order lines as My orders reads them agree with the checkout's.
  for (const line of co.lines) {
    const one = await t.app.inject({ url: `/api/singleorderitem/${line._id}`, headers: client.headers });
    expect(one.statusCode, one.body).toBe(200);
    const order = one.json() as Order;
    expect(figures(order)).toEqual(figures(line));
    expect(order.paymentStatus).toBe(true);
  }
  const invoices = (
    await t.app.inject({ url: `/api/checkout/${co._id}/invoices`, headers: client.headers })
  ).json() as Invoice[];
  const invoice = invoices.filter((d) => d.kind === 'invoice');
  expect(invoice).toHaveLength(1);
  expect(cents(invoice[0]!.total)).toBe(co.totalCents);

  // A full refund gives back every line's total, in one provider refund with one credit note for the checkout
  // (decision 053) that every line's documents list.
  const refund = await t.app.inject({
    method: 'POST',
    url: `/api/checkout/${co._id}/refund`,
    headers: admin.headers,
    payload: { restock: true },
  });
  expect(refund.statusCode, refund.body).toBe(200);
  const refunded = refund.json() as Checkout;
  for (const line of refunded.lines) {
    const before = co.lines.find((l) => l._id === line._id)!;
    expect(line.refundStatus).toBe('refunded');
    expect(line.refundAmountCents).toBe(before.totalCents);
  }
  const notes = (
    (
      await t.app.inject({ url: `/api/checkout/${co._id}/invoices`, headers: client.headers })
    ).json() as Invoice[]
  ).filter((d) => d.kind === 'credit_note');
  expect(notes).toHaveLength(1);
  expect(cents(notes[0]!.total)).toBe(co.totalCents);
  for (const line of co.lines) {
    const listed = (await documentsOf(t.app, client, line._id)).filter((d) => d.kind === 'credit_note');
    expect(listed.map((d) => d._id)).toEqual([notes[0]!._id]);
  }
}

/** Order Now of the sale's first line, and a one-line checkout of it: the same figures, as the preview quoted. */
async function orderNowAgrees(s: Sale) {
  const client = buyers[s.buyer];
  const { product, quantity } = s.lines[0]!;
  const productId = catalogue[product]!.id;
  await resetBackorderStock();
  const option = pickOption(await preview(client, s, { productId, quantity }), s);
  const now = await placeOrder(t.app, client, { productId, quantity, ...delivery(s, option) });
  expect(now.statusCode, now.body).toBe(200);
  const single = (
    await t.app.inject({ url: `/api/singleorderitem/${now.json().insertedId}`, headers: client.headers })
  ).json() as Order;
  // Its intent asks for the order's whole total.
  const intent = await t.app.inject({
    method: 'POST',
    url: '/api/make-payment',
    headers: client.headers,
    payload: { orderId: single._id, total: 1 },
  });
  expect(intent.statusCode, intent.body).toBe(200);
  expect(intent.json().amountCents).toBe(single.totalCents);

  await resetBackorderStock();
  const cart = cartApi(t.app, client);
  await cart.empty();
  expect((await cart.add(productId, quantity)).statusCode).toBe(200);
  const res = await checkoutApi(t.app, client).create(delivery(s, option));
  expect(res.statusCode, res.body).toBe(201);
  const co = res.json() as Checkout;
  expect(co.lines).toHaveLength(1);
  expect(figures(single)).toEqual(figures(co.lines[0]!));
  expect(single.backorderedQuantity).toBe(co.lines[0]!.backorderedQuantity);
  expect([single.totalCents, co.totalCents]).toEqual([cents(option.total), cents(option.total)]);
  // Neither holds stock past the case.
  for (const id of [single._id])
    await t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: client.headers });
  await checkoutApi(t.app, client).cancel(co._id);
}

describe('the sale engine, property-tested through the API', () => {
  it(`random carts agree to the cent from cart to credit note (${RUNS} sales, seed ${SEED})`, async () => {
    await fc.assert(
      fc.asyncProperty(saleArb, async (s) => {
        try {
          await wholeSale(s);
        } catch (e) {
          throw new Error(`${describeSale(s)}: ${(e as Error).message}`, { cause: e });
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    expect([...seen].sort()).toEqual([...everyWay].sort());
  }, 120_000);

  it(`Order Now and a one-line checkout of the same line agree (${RUNS} lines, seed ${SEED})`, async () => {
    await fc.assert(
      fc.asyncProperty(saleArb, async (s) => {
        try {
          await orderNowAgrees(s);
        } catch (e) {
          throw new Error(`${describeSale(s)}: ${(e as Error).message}`, { cause: e });
        }
      }),
      { seed: SEED + 1, numRuns: RUNS, endOnFailure: true },
    );
  }, 120_000);
});
