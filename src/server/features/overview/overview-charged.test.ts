// Both databases: the overview sums money in SQL. Its own app, so the totals are exactly this file's sales.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '@shared/checkout/checkout.schema';
import type { Overview } from '@shared/overview/overview.schema';
import { orders } from '../../db/schema';
import type { Client } from '../../test/auth';
import { cartApi, checkoutApi, makeCartProduct } from '../../test/cart';
import { apiCaller } from '../../test/companies';
import type { TestApp } from '../../test/helper';
import { appWithPeople } from '../../test/people';
import { makeProduct, payOrder, placeOrder } from '../../test/shop';

let t: TestApp;
let admin: Client;
let ann: Client;
let acme: string;
const call = apiCaller(() => t.app);

beforeAll(async () => {
  [t, admin, ann] = await appWithPeople('Ann Charged');
  acme = (await call(ann, 'POST', '/companies', { name: 'Acme Charged', taxId: '12-3456783' })).json()._id;
  expect(
    (await call(admin, 'PUT', `/companies/${acme}/terms`, { netDays: 30, creditLimitCents: 100_000 }))
      .statusCode,
  ).toBe(200);
});
afterAll(() => t.close());

const overview = async () => {
  const res = await t.app.inject({ url: '/api/admin/overview', headers: admin.headers });
  expect(res.statusCode).toBe(200);
  return res.json() as Overview;
};
const today = async () => (await overview()).revenueByDay.at(-1)!;

/** An Order Now sale of `quantity` × `priceCents` with the given shipping and tax on its row, paid by card. */
async function paidOrder(quantity: number, priceCents: number, shippingCents: number, taxCents: number) {
  const product = await makeProduct(t.app, { quantity: 10, priceCents });
  const placed = await placeOrder(t.app, ann, { productId: product.id, quantity });
  expect(placed.statusCode, placed.body).toBe(200);
  const id = placed.json().insertedId as string;
  await t.database.db.update(orders).set({ shippingCents, taxCents }).where(eq(orders.id, id));
  expect((await payOrder(t.app, ann, id)).pay?.statusCode).toBe(200);
  return id;
}
const refund = (id: string, body?: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/order/${id}/refund`,
    headers: admin.headers,
    ...(body && { payload: body }),
  });

/** Pays the open invoice at full by card from the company's statement, as the statement page does. */
async function payInvoiceByCard(invoiceId: string, amountCents: number) {
  const start = await call(ann, 'POST', `/companies/${acme}/account/card-payments`, {
    allocations: [{ invoiceId, amountCents }],
  });
  expect(start.statusCode, start.body).toBe(201);
  const { paymentId, intent } = start.json();
  const confirm = await call(ann, 'POST', '/payments/test/confirm', {
    clientSecret: intent.clientSecret,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/40',
    cvc: '123',
  });
  expect(confirm.statusCode).toBe(200);
  const put = await call(ann, 'PUT', `/companies/${acme}/account/card-payments/${paymentId}`, {
    transactionId: confirm.json().transactionId,
  });
  expect(put.statusCode, put.body).toBe(200);
}

describe('the overview counts what was charged', () => {
  it('shipping and tax in, partial and whole refunds out to the cent, on account only once its invoice is paid', async () => {
    expect(await today()).toMatchObject({ revenueCents: 0, orders: 0 });

    // 2 × $40.00 + $10.00 shipping + $3.31 tax.
    const first = await paidOrder(2, 40_00, 10_00, 3_31);
    expect(await today()).toMatchObject({ revenueCents: 93_31, orders: 1 });

    // A partial refund of $15.07 comes off exactly.
    expect((await refund(first, { amountCents: 15_07 })).statusCode).toBe(200);
    expect(await today()).toMatchObject({ revenueCents: 78_24, orders: 1 });

    // A second sale refunded in full counts nothing, nor as a paid order.
    const second = await paidOrder(1, 20_00, 5_00, 1_65);
    expect((await today()).revenueCents).toBe(78_24 + 26_65);
    expect((await refund(second)).statusCode).toBe(200);
    expect(await today()).toMatchObject({ revenueCents: 78_24, orders: 1 });

    // A purchase on account: open, it is shown apart and not counted as charged.
    const p = await makeCartProduct(t.app, { priceCents: 50_00, quantity: 10 });
    expect((await cartApi(t.app, ann).add(p.id, 1)).statusCode).toBe(200);
    const co = (await checkoutApi(t.app, ann).create()).json() as Checkout;
    const onAccount = await call(ann, 'POST', `/checkout/${co._id}/account`);
    expect(onAccount.statusCode, onAccount.body).toBe(200);
    const open = await overview();
    expect(open.revenueByDay.at(-1)).toMatchObject({ revenueCents: 78_24, orders: 1 });
    expect(open.onAccountOpen).toEqual({ cents: co.totalCents, invoices: 1 });

    // Its invoice paid: it counts as charged, and nothing is open on account any more.
    await payInvoiceByCard(onAccount.json().invoice._id, co.totalCents);
    const paid = await overview();
    expect(paid.revenueByDay.at(-1)).toMatchObject({ revenueCents: 78_24 + co.totalCents, orders: 2 });
    expect(paid.onAccountOpen).toEqual({ cents: 0, invoices: 0 });
  });
});
