import { describe, expect, it } from 'vitest';
import { payOrder } from '../../test/shop';
import { luhnValid } from '@shared/payments/card';
import { paymentsTestShop } from './payments.harness';
import { checkTestCard } from './test-provider';

const { shop, newOrder, order } = paymentsTestShop();

describe('POST /api/make-payment', () => {
  it("creates an intent for the stored order's amount, ignoring a total in the body; repeating returns the same intent", async () => {
    const id = await newOrder(shop.alice, 2, 12_345);
    const first = await shop.t.app.inject({
      method: 'POST',
      url: '/api/make-payment',
      headers: shop.alice.headers,
      payload: { orderId: id, total: 0.5 },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      provider: 'test',
      publishableKey: null,
      amount: 246.9,
      amountCents: 24_690,
      clientSecret: expect.stringMatching(/^pi_test_/),
    });
    const second = await shop.t.app.inject({
      method: 'POST',
      url: '/api/make-payment',
      headers: shop.alice.headers,
      payload: { orderId: id },
    });
    expect(second.json().clientSecret).toBe(first.json().clientSecret);
  });

  it("refuses another customer's order (403), unknown orders (404), anonymous callers (401) and a paid order (409)", async () => {
    const id = await newOrder();
    expect(
      (
        await shop.t.app.inject({
          method: 'POST',
          url: '/api/make-payment',
          headers: shop.bob.headers,
          payload: { orderId: id },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await shop.t.app.inject({
          method: 'POST',
          url: '/api/make-payment',
          headers: shop.alice.headers,
          payload: { orderId: '00000000-0000-4000-8000-000000000000' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await shop.t.app.inject({ method: 'POST', url: '/api/make-payment', payload: { orderId: id } }))
        .statusCode,
    ).toBe(401);
    await payOrder(shop.t.app, shop.alice, id);
    expect(
      (
        await shop.t.app.inject({
          method: 'POST',
          url: '/api/make-payment',
          headers: shop.alice.headers,
          payload: { orderId: id },
        })
      ).statusCode,
    ).toBe(409);
  });
});

describe('test-mode cards', () => {
  it.each([
    ['4000 0000 0000 0002', 402, 'Your card was declined.'],
    ['4000 0000 0000 9995', 402, 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 402, 'Your card has expired.'],
    ['4000 0000 0000 0127', 402, "Your card's security code is incorrect."],
    ['4242 4242 4242 4241', 400, 'cardNumber: Your card number is invalid.'],
  ])('%s → %i %s, and the order stays unpaid', async (card, status, message) => {
    const id = await newOrder();
    const { confirm, pay } = await payOrder(shop.t.app, shop.alice, id, card);
    expect(confirm!.statusCode).toBe(status);
    expect(confirm!.json().message).toBe(message);
    expect(pay).toBeUndefined();
    expect((await order(id)).paymentStatus).toBe(false);
  });

  it('checks the expiry date and the CVC', () => {
    const ok = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' };
    expect(() => checkTestCard(ok)).not.toThrow();
    expect(() => checkTestCard({ ...ok, expiry: '01/20' })).toThrow(/past/);
    expect(() => checkTestCard({ ...ok, expiry: '13/30' })).toThrow(/expiration date is invalid/);
    expect(() => checkTestCard({ ...ok, cvc: '12' })).toThrow(/security code is invalid/);
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424243')).toBe(false);
  });

  it('a declined card can be followed by a good one', async () => {
    const id = await newOrder();
    expect((await payOrder(shop.t.app, shop.alice, id, '4000000000000002')).confirm!.statusCode).toBe(402);
    const { pay } = await payOrder(shop.t.app, shop.alice, id);
    expect(pay!.statusCode).toBe(200);
  });
});
