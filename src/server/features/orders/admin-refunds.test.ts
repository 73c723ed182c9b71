import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders, testPaymentRefunds } from '../../db/schema';
import { AppError } from '../../infra/errors';
import { auditEntries } from '../../test/admin';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/helper';
import { makeProduct, payOrder, placeOrder, stockOf } from '../../test/shop';

let t: TestApp;
let alice: Client;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false', REFUND_RETRY_DELAY_SECONDS: '1', JOBS_POLL_MS: '500' });
  alice = await signUp(t.app, { name: 'Alice Paid', verified: true });
  admin = await signUpAdmin(t.app);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

/** A paid order of 3 × $12.50 out of a stock of 10. */
async function paidOrder() {
  const product = await makeProduct(t.app, { quantity: 10, priceCents: 1_250 });
  const id: string = (await placeOrder(t.app, alice, { productId: product.id, quantity: 3 })).json()
    .insertedId;
  const { confirm } = await payOrder(t.app, alice, id);
  return { id, productId: product.id, intentId: confirm!.json().transactionId as string };
}
const refund = (id: string, client = admin) =>
  t.app.inject({ method: 'POST', url: `/api/order/${id}/refund`, headers: client.headers });
const refundsOf = (intentId: string) =>
  t.database.db.select().from(testPaymentRefunds).where(eq(testPaymentRefunds.intentId, intentId));
const rowOf = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('POST /api/order/{id}/refund (admin)', () => {
  it('cancels a paid order, refunds it in full through the provider, returns the stock, mails and audits', async () => {
    const { id, productId, intentId } = await paidOrder();
    expect(await stockOf(t.app, productId)).toBe(7);
    const res = await refund(id);
    expect(res.statusCode).toBe(200);
    const [given] = await refundsOf(intentId);
    expect(given).toMatchObject({ amountCents: 3_750, idempotencyKey: `refund-order-${id}` });
    expect(res.json().order).toMatchObject({
      orderStatus: 'Cancelled',
      paymentStatus: false,
      transactionId: intentId,
      refundStatus: 'refunded',
      refundAmount: 37.5,
      refundAmountCents: 3_750,
      refundId: given!.id,
    });
    expect(await stockOf(t.app, productId)).toBe(10);
    expect(t.mail.sent.filter((m) => m.to === alice.email && m.text.includes(given!.id))).toHaveLength(1);
    const [entry] = await auditEntries(t.app, admin, 'order.refunded');
    expect(entry).toMatchObject({ entityId: id, actorEmail: admin.email });
    expect(entry!.after).toMatchObject({ orderStatus: 'Cancelled', refundAmountCents: 3_750 });
  });

  it('is idempotent: a repeat answers the same order and refunds nothing more', async () => {
    const { id, productId, intentId } = await paidOrder();
    const [a, b] = await Promise.all([refund(id), refund(id)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await refund(id)).json().order.refundStatus).toBe('refunded');
    expect(await refundsOf(intentId)).toHaveLength(1);
    expect(await stockOf(t.app, productId)).toBe(10);
    // The customer's own confirmation replayed later does not make it paid again.
    const replay = await t.app.inject({
      method: 'PUT',
      url: `/api/order/${id}`,
      headers: alice.headers,
      payload: { transactionId: intentId },
    });
    expect(replay.statusCode).toBe(409);
    expect((await rowOf(id)).paymentStatus).toBe(false);
  });

  it('refuses customers (403), unknown orders (404), unpaid and delivered orders (409)', async () => {
    const { id } = await paidOrder();
    expect((await refund(id, alice)).statusCode).toBe(403);
    expect((await refund('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const product = await makeProduct(t.app, { quantity: 5 });
    const unpaid = (await placeOrder(t.app, alice, { productId: product.id, quantity: 1 })).json().insertedId;
    expect((await refund(unpaid)).json().message).toBe(
      'Only a paid order can be refunded; cancel an unpaid order instead.',
    );
    await t.app.inject({ method: 'PUT', url: `/api/delivery/${id}`, headers: admin.headers });
    const delivered = await refund(id);
    expect(delivered.statusCode).toBe(409);
    expect(delivered.json().message).toBe('This order is already delivered and cannot be refunded.');
  });

  it('with the provider down the order shows "refund pending" until the job gets the refund through', async () => {
    const { id, productId, intentId } = await paidOrder();
    const real = t.app.payments.refund.bind(t.app.payments);
    vi.spyOn(t.app.payments, 'refund')
      .mockRejectedValueOnce(new AppError('unavailable', 'Provider down'))
      .mockImplementation(real);
    const res = await refund(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({
      orderStatus: 'Cancelled',
      refundStatus: 'pending',
      refundId: null,
    });
    expect(await stockOf(t.app, productId)).toBe(10);
    expect(await refundsOf(intentId)).toHaveLength(0);
    await expect
      .poll(async () => (await rowOf(id)).refundStatus, { timeout: 20_000, interval: 250 })
      .toBe('refunded');
    expect(await refundsOf(intentId)).toHaveLength(1);
  }, 40_000);
});
