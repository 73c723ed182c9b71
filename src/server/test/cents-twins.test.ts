// Both databases: the cents are summed in SQL (the overview's revenue) as well as in the services.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Approval } from '@shared/checkout/approvals.schema';
import type { Cart } from '@shared/cart/cart.schema';
import type { Rates } from '@shared/orders/delivery.schema';
import type { Quote } from '@shared/quotes/quotes.schema';
import { createTestApp, type TestApp } from './helper';
import { signUp, signUpAdmin, type Client } from './auth';
import { cartApi, checkoutApi, makeCartProduct } from './cart';
import { apiCaller, inviteAndJoin } from './companies';
import { configureFulfilment, shipAs } from './fulfilment';
import { dayFromToday, quoteApi } from './quotes';

// Every call added since the spec answers its money in whole cents under `…Cents` names beside the deprecated
// dollars (docs/decisions/050-one-money-type.md): here each twin is checked against its dollars × 100, exactly, for
// prices a float gets wrong ($0.07, $1,234.56, 3 × $0.07) and a contract price below a quantity break.
let t: TestApp;
let admin: Client;
let ann: Client; // no company
let bob: Client; // Acme buyer with a contract price and a per-order limit
let acme: string;
let penny: { id: string; sku: string };
let big: { id: string; sku: string };
let hose: { id: string; sku: string };

const call = apiCaller(() => t.app);

/** Each `…Cents` field of `obj` named in `keys` is a whole number equal to its dollar twin × 100. */
function expectTwins(obj: Record<string, unknown>, keys: string[]) {
  for (const key of keys) {
    const dollars = obj[key] as number | null;
    const cents = obj[`${key}Cents`] as number | null;
    if (dollars === null) {
      expect(cents, key).toBeNull();
      continue;
    }
    expect(Number.isInteger(cents), `${key}Cents is whole`).toBe(true);
    // The test's own × 100 (the lint rule spares tests): 0.07 * 100 is 7.000000000000001, so round it here.
    expect(cents, `${key}Cents`).toBe(Math.round(dollars * 100));
  }
}

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false', AUTH_RATE_LIMIT: 'false' });
  [ann, bob] = [
    await signUp(t.app, { name: 'Ann Cents', verified: true }),
    await signUp(t.app, { name: 'Bob Contract', verified: true }),
  ];
  admin = await signUpAdmin(t.app);
  acme = (await call(admin, 'POST', '/companies', { name: 'Acme Cents', taxId: '12-3456780' })).json()._id;
  await configureFulfilment(t.app);
  penny = await makeCartProduct(t.app, { priceCents: 7, quantity: 1_000 });
  big = await makeCartProduct(t.app, { priceCents: 123_456, quantity: 10 });
  hose = await makeCartProduct(t.app, {
    priceCents: 1_240,
    quantity: 500,
    breaks: [
      { minQuantity: 10, unitPriceCents: 1_120 },
      { minQuantity: 50, unitPriceCents: 990 },
    ],
  });
  for (const p of [penny, big, hose]) await shipAs(t.app, p.id, { shippingWeightGrams: 500 });
});
afterAll(() => t.close());

describe('the cart', () => {
  it('answers every line and total in cents equal to its dollars', async () => {
    const cart = cartApi(t.app, ann);
    await cart.add(penny.id, 3);
    await cart.add(big.id, 1);
    const body = (await cart.add(hose.id, 10)).json() as Cart;
    const byId = new Map(body.lines.map((l) => [l.productId, l]));
    expect(byId.get(penny.id)).toMatchObject({ unitPriceCents: 7, lineTotalCents: 21, basePriceCents: 7 });
    expect(byId.get(big.id)).toMatchObject({ unitPriceCents: 123_456, lineTotalCents: 123_456 });
    expect(byId.get(hose.id)).toMatchObject({
      basePriceCents: 1_240,
      unitPriceCents: 1_120,
      lineTotalCents: 11_200,
      savingCents: 1_200,
    });
    for (const line of body.lines) expectTwins(line, ['basePrice', 'unitPrice', 'lineTotal', 'saving']);
    expect(body).toMatchObject({ totalCents: 21 + 123_456 + 11_200, savingCents: 1_200 });
    expectTwins(body, ['total', 'saving']);
  });

  it("prices a member's contract price below a break in cents too, and its price list rule", async () => {
    await inviteAndJoin(t, acme, admin, bob, ['buyer']);
    const list = await call(admin, 'POST', `/companies/${acme}/price-lists`, {
      name: 'Acme cents',
      validFrom: dayFromToday(-1),
      rules: [{ kind: 'sku', sku: hose.sku, price: 10.01 }],
    });
    expect(list.statusCode, list.body).toBe(201);
    const rule = list.json().rules[0];
    expect(rule).toMatchObject({ listPriceCents: 1_240, priceCents: 1_001 });
    expectTwins(rule, ['listPrice', 'price']);

    const cart = cartApi(t.app, bob);
    const at = async (quantity: number) =>
      ((await cart.set(hose.id, quantity)).json() as Cart).lines.find((l) => l.productId === hose.id)!;
    await cart.add(hose.id, 1);
    // Below the contract: 10 units reach the $11.20 break, the contract's $10.01 is lower; 50 reach $9.90.
    for (const [quantity, unitPriceCents] of [
      [1, 1_001],
      [10, 1_001],
      [50, 990],
    ] as const) {
      const line = await at(quantity);
      expect(line).toMatchObject({ unitPriceCents, lineTotalCents: quantity * unitPriceCents });
      expect(line.savingCents).toBe(line.quantitySavingCents + line.contractSavingCents);
      expectTwins(line, ['basePrice', 'unitPrice', 'lineTotal', 'saving']);
    }
    const cards = (await call(bob, 'GET', '/homeproduct')).json() as Record<string, unknown>[];
    const card = cards.find((c) => c._id === hose.id)!;
    expect(card).toMatchObject({ fromPriceCents: 990, contractPriceCents: 1_001 });
    expectTwins(card, ['fromPrice', 'contractPrice']);
    await cart.empty();
  });
});

describe('the rates preview', () => {
  it('answers the goods, each option and the freight extras in cents equal to its dollars', async () => {
    const res = await call(ann, 'POST', `/shipping-rates/${ann.email}`, { zip: '75201' });
    expect(res.statusCode, res.body).toBe(200);
    const rates = res.json() as Rates;
    expect(rates.subtotalCents).toBe(21 + 123_456 + 11_200);
    expectTwins(rates, ['subtotal']);
    expect(rates.options.length).toBeGreaterThan(0);
    for (const o of rates.options) {
      expectTwins(o, ['shipping', 'tax', 'total']);
      expect(o.totalCents).toBe(rates.subtotalCents + o.shippingCents + o.taxCents);
    }
  });
});

describe('quotes', () => {
  it('answer list prices, quoted prices and the total in cents equal to their dollars', async () => {
    const asked = await quoteApi(t.app, ann).request({
      lines: [
        { productId: penny.id, quantity: 3 },
        { productId: big.id, quantity: 1 },
      ],
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const requested = asked.json() as Quote;
    expect(requested).toMatchObject({ total: null, totalCents: null });
    expect(requested.lines.map((l) => [l.listPriceCents, l.unitPriceCents])).toEqual([
      [7, null],
      [123_456, null],
    ]);
    const answered = await quoteApi(t.app, admin).answer(requested._id, {
      lines: [
        { productId: penny.id, unitPrice: 0.07 },
        { productId: big.id, unitPrice: 1234.56 },
      ],
      validUntil: dayFromToday(7),
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const quote = answered.json() as Quote;
    expect(quote.totalCents).toBe(21 + 123_456);
    expectTwins(quote, ['total']);
    for (const line of quote.lines) expectTwins(line, ['listPrice', 'unitPrice']);
  });
});

describe('approvals, member limits and the overview', () => {
  it('answer limits, spend, totals and lines in cents equal to their dollars', async () => {
    const limits = await call(admin, 'GET', `/companies/${acme}/members`);
    const bobId = (limits.json() as { userId: string; email: string }[]).find(
      (m) => m.email === bob.email,
    )!.userId;
    const set = await call(admin, 'PUT', `/companies/${acme}/members/${bobId}/limits`, {
      orderLimit: 0.07,
      monthlyLimit: 1234.56,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ orderLimitCents: 7, monthlyLimitCents: 123_456 });
    expectTwins(set.json(), ['orderLimit', 'monthlyLimit']);

    await cartApi(t.app, bob).add(penny.id, 3);
    const created = await checkoutApi(t.app, bob).create();
    expect(created.statusCode, created.body).toBe(201);
    const co = created.json();
    expect(co.approval).toMatchObject({ status: 'awaiting', limit: 0.07, limitCents: 7 });

    const list = await call(admin, 'GET', `/companies/${acme}/approvals`);
    expect(list.statusCode, list.body).toBe(200);
    const approval = (list.json() as Approval[]).find((a) => a._id === co._id)!;
    expect(approval).toMatchObject({ limitCents: 7, spentThisMonthCents: 0, totalCents: 21 });
    expectTwins(approval, ['limit', 'spentThisMonth', 'total']);
    expect(approval.lines).toHaveLength(1);
    expect(approval.lines[0]).toMatchObject({ unitPriceCents: 7, totalCents: 21 });
    expectTwins(approval.lines[0]!, ['unitPrice', 'total']);
    expect(approval.lines[0]!.orderNumber).toBeGreaterThanOrEqual(1001);

    // Ann's checkout is paid: the overview's revenue and newest orders answer cents (goods, shipping and tax).
    const mine = await checkoutApi(t.app, ann).create();
    expect(mine.statusCode, mine.body).toBe(201);
    const paid = await (await checkoutApi(t.app, ann).pay(mine.json()._id)).put();
    expect(paid.statusCode, paid.body).toBe(200);
    const overview = (await call(admin, 'GET', '/admin/overview')).json();
    const today = overview.revenueByDay.at(-1);
    expect(today.revenueCents).toBe(mine.json().totalCents);
    expectTwins(today, ['revenue']);
    for (const o of overview.newestOrders) {
      expectTwins(o, ['total']);
      expect(o.orderNumber).toBeGreaterThanOrEqual(1001);
    }
  });
});
