import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testPaymentIntents, testPaymentRefunds } from '../../db/schema';
import { AppError } from '../../infra/errors';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/helper';
import { newScenario, run, type Scenario } from '../../test/refunds';
import { stockOf } from '../../test/shop';

// Refunds retry after 1 s (then 2 s, 4 s…) so the job's retries fit in a test.
let t: TestApp;
let alice: Client;
let rival: Client;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false', REFUND_RETRY_DELAY_SECONDS: '1', JOBS_POLL_MS: '500' });
  alice = await signUp(t.app, { name: 'Alice Refund', verified: true });
  rival = await signUp(t.app, { name: 'Rival', verified: true });
  admin = await signUpAdmin(t.app);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const confirm = (s: Scenario) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/order/${s.orderId}`,
    headers: alice.headers,
    payload: { transactionId: s.intentId },
  });
const order = async (s: Scenario) =>
  (await t.app.inject({ url: `/api/singleorderitem/${s.orderId}`, headers: alice.headers })).json();
const refundsOf = (intentId: string) =>
  t.database.db.select().from(testPaymentRefunds).where(eq(testPaymentRefunds.intentId, intentId));
const refundMails = () => t.mail.sent.filter((m) => m.to === alice.email && m.subject.startsWith('Refunded'));

/** A payment started in time whose order was cancelled before it was recorded, and whose stock was then sold. */
async function paidAfterSellOut(): Promise<Scenario> {
  const s = await newScenario(t.app, alice, rival);
  for (const step of ['create', 'cancel', 'record', 'sellout', 'charge'] as const) await run(s, step);
  return s;
}

describe('a payment for an order that is gone', () => {
  it('is refunded in full at once: 409 says so, the order shows it, the customer is mailed once', async () => {
    const before = refundMails().length;
    const s = await paidAfterSellOut();
    const res = await confirm(s);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This order was cancelled and can no longer be supplied, so your payment has been refunded.',
    );
    const [refund] = await refundsOf(s.intentId!);
    expect(refund).toMatchObject({ amountCents: 2_000, status: 'succeeded' });
    expect(await order(s)).toMatchObject({
      orderStatus: 'Cancelled',
      paymentStatus: false,
      refundStatus: 'refunded',
      refundAmount: 20,
      refundId: refund!.id,
      refundedAt: expect.any(String),
    });
    expect(refundMails()).toHaveLength(before + 1);
    expect(refundMails().at(-1)!.text).toContain(refund!.id);
  });

  it('is refunded only once, however often and however concurrently the payment is confirmed again', async () => {
    const before = refundMails().length;
    const s = await paidAfterSellOut();
    const answers = await Promise.all(Array.from({ length: 5 }, () => confirm(s)));
    expect(answers.map((a) => a.statusCode)).toEqual([409, 409, 409, 409, 409]);
    expect((await confirm(s)).json().message).toMatch(/has been refunded\.$/);
    expect(await refundsOf(s.intentId!)).toHaveLength(1);
    expect(refundMails()).toHaveLength(before + 1);
  });

  it("the test provider's refunds are idempotent by key and never exceed the payment", async () => {
    const s = await newScenario(t.app, alice, rival);
    for (const step of ['create', 'record', 'charge'] as const) await run(s, step);
    const first = await t.app.payments.refund(s.intentId!, 1_500, 'key-a');
    expect(await t.app.payments.refund(s.intentId!, 1_500, 'key-a')).toEqual(first);
    await expect(t.app.payments.refund(s.intentId!, 600, 'key-b')).rejects.toThrow(
      /larger than what is left/,
    );
    await expect(t.app.payments.refund(s.intentId!, 100, 'key-a')).rejects.toThrow(/another refund/);
    expect(await refundsOf(s.intentId!)).toHaveLength(1);
  });

  it('stays "refund pending" while the provider fails, and the job retries it until the provider confirms', async () => {
    const before = refundMails().length;
    const real = t.app.payments.refund.bind(t.app.payments);
    const outage = () =>
      Promise.reject(new AppError('unavailable', 'The payment provider could not be reached.'));
    const refund = vi
      .spyOn(t.app.payments, 'refund')
      .mockImplementationOnce(outage)
      .mockImplementationOnce(outage)
      .mockImplementation(real);
    const s = await paidAfterSellOut();
    const res = await confirm(s);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/your payment is being refunded\.$/);
    expect(await order(s)).toMatchObject({ refundStatus: 'pending', refundId: null, refundedAt: null });
    const all = (await t.app.inject({ url: '/api/order', headers: admin.headers })).json();
    expect(all.find((o: { _id: string }) => o._id === s.orderId).refundStatus).toBe('pending');
    expect(await refundsOf(s.intentId!)).toHaveLength(0);
    expect(refundMails()).toHaveLength(before);

    await expect
      .poll(async () => (await order(s)).refundStatus, { timeout: 20_000, interval: 250 })
      .toBe('refunded');
    expect(refund.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(new Set(refund.mock.calls.map((c) => c[2]))).toEqual(new Set([`refund-order-${s.orderId}`]));
    expect(await refundsOf(s.intentId!)).toHaveLength(1);
    expect(refundMails()).toHaveLength(before + 1);
  }, 40_000);
});

describe('closing an order with a payment in flight', () => {
  const intentStatus = async (id: string) =>
    (await t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id)))[0]!.status;

  it('cancelling cancels the intent at the provider first, so it can no longer be paid', async () => {
    const s = await newScenario(t.app, alice, rival);
    for (const step of ['create', 'record', 'cancel', 'charge'] as const) await run(s, step);
    expect(await intentStatus(s.intentId!)).toBe('canceled');
    expect(await order(s)).toMatchObject({
      orderStatus: 'Cancelled',
      paymentStatus: false,
      refundStatus: null,
    });
    expect(await stockOf(t.app, s.productId)).toBe(2);
  });

  it('a payment that succeeded before the cancel wins: the order becomes paid and the cancel answers 409', async () => {
    const s = await newScenario(t.app, alice, rival);
    for (const step of ['create', 'record', 'charge'] as const) await run(s, step);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${s.orderId}`,
      headers: alice.headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This order was paid before it could be cancelled.');
    expect(await order(s)).toMatchObject({
      paymentStatus: true,
      transactionId: s.intentId,
      orderStatus: 'Pending',
    });
    expect(await stockOf(t.app, s.productId)).toBe(0);
  });

  it('the expiry sweep cancels intents in flight, and turns a payment that succeeded meanwhile into a paid order', async () => {
    const open = await newScenario(t.app, alice, rival);
    const paid = await newScenario(t.app, alice, rival);
    for (const step of ['create', 'record'] as const) await run(open, step);
    for (const step of ['create', 'record', 'charge'] as const) await run(paid, step);
    await run(open, 'expire');
    await run(paid, 'expire');
    expect(await intentStatus(open.intentId!)).toBe('canceled');
    expect(await order(open)).toMatchObject({ orderStatus: 'Expired', paymentStatus: false });
    expect(await order(paid)).toMatchObject({ orderStatus: 'Pending', paymentStatus: true });
  });

  it('when the provider cannot be reached, the cancel fails with 503 and the order keeps its stock', async () => {
    const s = await newScenario(t.app, alice, rival);
    for (const step of ['create', 'record'] as const) await run(s, step);
    vi.spyOn(t.app.payments, 'cancelIntent').mockRejectedValue(new AppError('unavailable', 'Provider down'));
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${s.orderId}`,
      headers: alice.headers,
    });
    expect(res.statusCode).toBe(503);
    expect(await order(s)).toMatchObject({ orderStatus: 'Pending', paymentStatus: false });
    expect(await stockOf(t.app, s.productId)).toBe(0);
  });
});
