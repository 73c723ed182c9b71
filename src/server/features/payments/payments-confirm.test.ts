import { describe, expect, it } from 'vitest';
import { orderDepsOf, payOrder } from '../../test/shop';
import { markOrderPaid } from '../orders/index';
import { paymentsTestShop } from './payments.harness';

const { shop, newOrder, order } = paymentsTestShop();

describe('PUT /api/order/{id}', () => {
  it('marks the order paid with the transaction id and phone after a successful payment, and mails the customer', async () => {
    const id = await newOrder();
    const { confirm, pay } = await payOrder(shop.t.app, shop.alice, id);
    expect(pay!.statusCode).toBe(200);
    expect(pay!.json().order).toMatchObject({
      paymentStatus: true,
      orderStatus: 'Pending',
      transactionId: confirm!.json().transactionId,
      phone: '5550100',
    });
    expect(
      shop.t.mail.sent.some((m) => m.to === shop.alice.email && m.subject.startsWith('Payment received')),
    ).toBe(true);
  });

  it('is idempotent: repeating the confirmation changes nothing', async () => {
    const id = await newOrder();
    const { confirm } = await payOrder(shop.t.app, shop.alice, id);
    const before = await order(id);
    const again = await shop.t.app.inject({
      method: 'PUT',
      url: `/api/order/${id}`,
      headers: shop.alice.headers,
      payload: { transactionId: confirm!.json().transactionId },
    });
    expect(again.statusCode).toBe(200);
    expect(await order(id)).toEqual(before);
    expect(
      shop.t.mail.sent.filter(
        (m) =>
          m.to === shop.alice.email &&
          m.subject.startsWith('Payment received') &&
          m.text.includes(before.transactionId),
      ),
    ).toHaveLength(1);
  });

  it('refuses a forged transaction id, and a real one that belongs to another order', async () => {
    const id = await newOrder();
    const forged = await shop.t.app.inject({
      method: 'PUT',
      url: `/api/order/${id}`,
      headers: shop.alice.headers,
      payload: { transactionId: 'pi_test_forged' },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toMatch(/^transactionId: /);
    const other = await newOrder();
    const { confirm } = await payOrder(shop.t.app, shop.alice, other);
    const foreign = await shop.t.app.inject({
      method: 'PUT',
      url: `/api/order/${id}`,
      headers: shop.alice.headers,
      payload: { transactionId: confirm!.json().transactionId },
    });
    expect(foreign.statusCode).toBe(400);
    expect((await order(id)).paymentStatus).toBe(false);
  });

  it('refuses an intent that has not succeeded (402)', async () => {
    const id = await newOrder();
    const intent = await shop.t.app.inject({
      method: 'POST',
      url: '/api/make-payment',
      headers: shop.alice.headers,
      payload: { orderId: id },
    });
    const intentId = intent.json().clientSecret.split('_secret_')[0];
    const res = await shop.t.app.inject({
      method: 'PUT',
      url: `/api/order/${id}`,
      headers: shop.alice.headers,
      payload: { transactionId: intentId },
    });
    expect(res.statusCode).toBe(402);
    expect((await order(id)).paymentStatus).toBe(false);
  });

  it('refuses a payment whose amount differs from the order', async () => {
    const id = await newOrder(shop.alice, 2, 12_345);
    await expect(
      markOrderPaid(orderDepsOf(shop.t.app), { orderId: id, transactionId: 'pi_x', amountCents: 100 }),
    ).rejects.toThrow(/amount/);
    expect((await order(id)).paymentStatus).toBe(false);
  });

  it('cannot pay for a cancelled order', async () => {
    const id = await newOrder();
    const intent = await shop.t.app.inject({
      method: 'POST',
      url: '/api/make-payment',
      headers: shop.alice.headers,
      payload: { orderId: id },
    });
    await shop.t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: shop.alice.headers });
    const confirm = await shop.t.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm',
      headers: shop.alice.headers,
      payload: {
        clientSecret: intent.json().clientSecret,
        cardNumber: '4242424242424242',
        expiry: '12/40',
        cvc: '123',
      },
    });
    expect(confirm.statusCode).toBe(409);
  });

  it("another customer cannot confirm or use someone else's payment", async () => {
    const id = await newOrder();
    const intent = await shop.t.app.inject({
      method: 'POST',
      url: '/api/make-payment',
      headers: shop.alice.headers,
      payload: { orderId: id },
    });
    const confirm = await shop.t.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm',
      headers: shop.bob.headers,
      payload: {
        clientSecret: intent.json().clientSecret,
        cardNumber: '4242424242424242',
        expiry: '12/40',
        cvc: '123',
      },
    });
    expect(confirm.statusCode).toBe(403);
  });
});
