// Both databases: issue 38's settlement list — a confirmation lost to a crash is settled after a restart (a new app
// on the same database) and by the sweep, for a checkout and for a single Order Now line. The statement invoice's
// case is in credit/credit-settlement.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '@shared/checkout/checkout.schema';
import { buildApp } from '../../app';
import { ageCheckout } from '../../test/approval-clock';
import type { Client } from '../../test/auth';
import { checkoutApi, twoLineCheckout } from '../../test/cart';
import { captureMailer, testPasswordHashing, type TestApp } from '../../test/helper';
import { appWithPeople } from '../../test/people';
import { sweepExpiredOrders } from '../../test/approval-clock';
import { makeProduct, orderDepsOf, placeOrder, stockOf } from '../../test/shop';
import { settleCheckoutsWithIntents } from './index';

let t: TestApp;
let ann: Client;
const MIN = 60_000;

beforeAll(async () => {
  [t, , ann] = await appWithPeople('Ann Restart');
});
afterAll(() => t.close());

/** The card goes through at the provider; the confirming PUT never comes (the process died). */
async function takenNotConfirmed(payload: Record<string, unknown>) {
  const intent = await t.app.inject({
    method: 'POST',
    url: '/api/make-payment',
    headers: ann.headers,
    payload,
  });
  expect(intent.statusCode, intent.body).toBe(200);
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/payments/test/confirm',
    headers: ann.headers,
    payload: {
      clientSecret: intent.json().clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
    },
  });
  expect(confirm.statusCode).toBe(200);
}

/** A payable whose card was taken without confirmation, and how to read whether it is paid. */
async function lostConfirmation(kind: 'checkout' | 'order now') {
  if (kind === 'checkout') {
    const { co, drill } = await twoLineCheckout(t.app, ann);
    await takenNotConfirmed({ checkoutId: co._id });
    const paid = async () =>
      ((await checkoutApi(t.app, ann).get(co._id)).json() as Checkout).status === 'paid';
    return { id: co._id, productId: drill.id, paid };
  }
  const product = await makeProduct(t.app, { quantity: 10, priceCents: 25_00 });
  const placed = await placeOrder(t.app, ann, { productId: product.id, quantity: 2 });
  expect(placed.statusCode, placed.body).toBe(200);
  const id = placed.json().insertedId as string;
  await takenNotConfirmed({ orderId: id, total: 1 });
  const paid = async () =>
    (await t.app.inject({ url: `/api/singleorderitem/${id}`, headers: ann.headers })).json().paymentStatus ===
    true;
  return { id, productId: product.id, paid };
}

describe('a card payment whose confirmation was lost', () => {
  it.each(['checkout', 'order now'] as const)(
    '%s: a shop started again on the same database settles it as paid once its window has passed',
    async (kind) => {
      const lost = await lostConfirmation(kind);
      const stock = await stockOf(t.app, lost.productId);
      expect(await lost.paid()).toBe(false);
      // Its window passes while the shop is down (an Order Now line's checkout has the line's id).
      await ageCheckout(t.app, lost.id, orderDepsOf(t.app).expiryMs + MIN);
      const again = await buildApp(t.config, {
        database: t.database,
        skipMigrations: true,
        mailer: captureMailer(),
        passwordHashing: testPasswordHashing,
        payments: t.app.payments,
      });
      try {
        await again.ready();
        expect(await lost.paid()).toBe(true);
        // Paid, not expired with the money kept: its stock stays taken.
        expect(await stockOf(t.app, lost.productId)).toBe(stock);
      } finally {
        await again.close();
      }
    },
  );

  it.each(['checkout', 'order now'] as const)(
    '%s: the running shop sweep settles it as paid past its window',
    async (kind) => {
      const lost = await lostConfirmation(kind);
      const stock = await stockOf(t.app, lost.productId);
      const later = new Date(Date.now() + orderDepsOf(t.app).expiryMs + MIN);
      await sweepExpiredOrders(orderDepsOf(t.app), later);
      await settleCheckoutsWithIntents(orderDepsOf(t.app), later);
      expect(await lost.paid()).toBe(true);
      expect(await stockOf(t.app, lost.productId)).toBe(stock);
    },
  );
});
