// Both databases: issue 38's settlement list — two card payments of one statement invoice at once, while the
// provider itself refuses refunds for a while (the built-in test processor with TEST_PAYMENTS_REFUSE_REFUNDS=2, no
// mock): one is applied, the other is refunded at the provider once the job's retries get through.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '@shared/checkout/checkout.schema';
import { accountInvoices, accountPayments, testPaymentRefunds } from '../../db/schema';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { cartApi, checkoutApi, makeCartProduct } from '../../test/cart';
import { apiCaller, inviteAndJoin } from '../../test/companies';
import { createTestApp, type TestApp } from '../../test/helper';

let t: TestApp;
let ann: Client; // founds Acme
let bob: Client; // Acme buyer
let acme: string;
const call = apiCaller(() => t.app);

beforeAll(async () => {
  t = await createTestApp({
    SEED_DEMO: 'false',
    AUTH_RATE_LIMIT: 'false',
    REFUND_RETRY_DELAY_SECONDS: '1',
    JOBS_POLL_MS: '500',
    TEST_PAYMENTS_REFUSE_REFUNDS: '2',
  });
  ann = await signUp(t.app, { name: 'Ann Founder', verified: true });
  bob = await signUp(t.app, { name: 'Bob Buyer', verified: true });
  const admin = await signUpAdmin(t.app);
  acme = (await call(ann, 'POST', '/companies', { name: 'Acme Refusals', taxId: '12-3456785' })).json()._id;
  await inviteAndJoin(t, acme, ann, bob, ['buyer']);
  const terms = await call(admin, 'PUT', `/companies/${acme}/terms`, {
    netDays: 30,
    creditLimitCents: 10_000_00,
  });
  expect(terms.statusCode).toBe(200);
});
afterAll(() => t.close());

/** Starts a card payment of the whole invoice and pays its intent with the test card; recording it is left to `put`. */
async function cardPaid(client: Client, invoiceId: string, amountCents: number) {
  const start = await call(client, 'POST', `/companies/${acme}/account/card-payments`, {
    allocations: [{ invoiceId, amountCents }],
  });
  expect(start.statusCode).toBe(201);
  const { paymentId, intent } = start.json();
  const confirm = await call(client, 'POST', '/payments/test/confirm', {
    clientSecret: intent.clientSecret,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/40',
    cvc: '123',
  });
  expect(confirm.statusCode).toBe(200);
  const transactionId = confirm.json().transactionId as string;
  const put = () =>
    call(client, 'PUT', `/companies/${acme}/account/card-payments/${paymentId}`, { transactionId });
  return { paymentId: paymentId as string, transactionId, put };
}

const paymentRow = async (id: string) =>
  (await t.database.db.select().from(accountPayments).where(eq(accountPayments.id, id)))[0]!;
const refundsOf = (intentId: string) =>
  t.database.db.select().from(testPaymentRefunds).where(eq(testPaymentRefunds.intentId, intentId));

describe('two card payments of one statement invoice while the provider refuses refunds', () => {
  it('one is applied; the other stays refunding through two refusals, then is refunded once', async () => {
    const p = await makeCartProduct(t.app, { priceCents: 140_00, quantity: 5 });
    expect((await cartApi(t.app, bob).add(p.id, 1)).statusCode).toBe(200);
    const co = (await checkoutApi(t.app, bob).create()).json() as Checkout;
    const bought = await call(bob, 'POST', `/checkout/${co._id}/account`);
    expect(bought.statusCode).toBe(200);
    const invoiceId = bought.json().invoice._id as string;

    const a = await cardPaid(ann, invoiceId, co.totalCents);
    const b = await cardPaid(bob, invoiceId, co.totalCents);
    const [ra, rb] = await Promise.all([a.put(), b.put()]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
    const loser = ra.statusCode === 409 ? a : b;
    const winner = loser === a ? b : a;
    // The provider refused the first attempt (made right after the commit): nothing is refunded yet.
    expect((await paymentRow(loser.paymentId)).status).toBe('refunding');
    expect(await refundsOf(loser.transactionId)).toHaveLength(0);
    await expect
      .poll(async () => (await paymentRow(loser.paymentId)).status, { timeout: 30_000, interval: 250 })
      .toBe('refunded');
    const refunds = await refundsOf(loser.transactionId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amountCents).toBe(co.totalCents);
    expect((await paymentRow(winner.paymentId)).status).toBe('succeeded');
    expect(await refundsOf(winner.transactionId)).toHaveLength(0);
    const [invoice] = await t.database.db
      .select()
      .from(accountInvoices)
      .where(eq(accountInvoices.invoiceId, invoiceId));
    expect(invoice!.paidCents).toBe(co.totalCents);
  }, 60_000);
});
