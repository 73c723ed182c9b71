import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '@shared/checkout/checkout.schema';
import type { TestApp } from '../../test/helper';
import type { Client } from '../../test/auth';
import { appWithPeople } from '../../test/people';
import { checkoutApi, twoLineCheckout } from '../../test/cart';
import { expireAllUnpaid, orderDepsOf, stockOf } from '../../test/shop';
import { settleCheckoutsWithIntents } from './index';

let t: TestApp;
let ann: Client;

beforeAll(async () => {
  [t, , ann] = await appWithPeople('Ann Sweep');
});
afterAll(() => t.close());

const later = () => new Date(Date.now() + 60 * 60_000);
const checkoutOf = async (id: string) =>
  (await t.app.inject({ url: `/api/checkout/${id}`, headers: ann.headers })).json() as Checkout;

describe('the sweep settles checkouts past their window that started a payment', () => {
  it('a checkout paid by card whose confirming call never came is marked paid, not expired with the money kept', async () => {
    const { co, drill, saw } = await twoLineCheckout(t.app, ann);
    // The card went through at the provider; the process was killed before PUT /api/checkout/{id}.
    await checkoutApi(t.app, ann).pay(co._id);
    // The bulk expiry leaves checkouts with an intent alone, whatever their age.
    await expireAllUnpaid(t.app);
    expect((await checkoutOf(co._id)).status).toBe('unpaid');
    expect(await settleCheckoutsWithIntents(orderDepsOf(t.app), later())).toBe(1);
    const settled = await checkoutOf(co._id);
    expect(settled.status).toBe('paid');
    expect(settled.lines.every((l) => l.paymentStatus && l.orderStatus === 'Pending')).toBe(true);
    expect([await stockOf(t.app, drill.id), await stockOf(t.app, saw.id)]).toEqual([7, 6]);
    // Nothing more to do on the next sweep.
    expect(await settleCheckoutsWithIntents(orderDepsOf(t.app), later())).toBe(0);
  });

  it('a checkout whose payment never went through has its intent cancelled, then expires and gives its stock back', async () => {
    const { co, drill, saw } = await twoLineCheckout(t.app, ann);
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/make-payment',
      headers: ann.headers,
      payload: { checkoutId: co._id },
    });
    expect(intent.statusCode).toBe(200);
    expect(await settleCheckoutsWithIntents(orderDepsOf(t.app), later())).toBe(1);
    const closed = await checkoutOf(co._id);
    expect(closed.status).toBe('expired');
    expect([await stockOf(t.app, drill.id), await stockOf(t.app, saw.id)]).toEqual([10, 10]);
  });
});
