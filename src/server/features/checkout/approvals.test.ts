// Both databases: issue #24's spending limits are checked under a lock in the checkout's transaction, and decisions race.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalMessages, type Approval } from '@shared/checkout/approvals.schema';
import type { Checkout } from '@shared/checkout/checkout.schema';
import { checkouts, orders, products, user } from '../../db/schema';
import { auditEntries } from '../../test/admin';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { cartApi, checkoutApi, makeCartProduct } from '../../test/cart';
import { apiCaller } from '../../test/companies';
import { createTestApp, type TestApp } from '../../test/helper';
import { dayFromToday, quoteApi } from '../../test/quotes';
import { expireAllUnpaid, orderDepsOf, placeOrder } from '../../test/shop';
import { expireApprovals } from './approvals.sweep';

// Spending limits and approvals (docs/decisions/040-approvals-and-limits.md), through the HTTP API.
let t: TestApp;
let admin: Client;
let ann: Client; // founds Acme: company admin, buyer and approver
let bob: Client; // Acme buyer with limits
let amy: Client; // Acme approver only
let eve: Client; // Acme buyer with a monthly limit
let cat: Client; // founds Other Co: an approver there
let acme: string;
let other: string;
let product: (priceCents: number) => Promise<{ id: string }>;

const call = apiCaller(() => t.app);

async function inviteAndJoin(companyId: string, by: Client, who: Client, roles: string[]) {
  expect(
    (await call(by, 'POST', `/companies/${companyId}/invitations`, { email: who.email, roles })).statusCode,
  ).toBe(201);
  const token = new URL(t.mail.linksTo(who.email).at(-1)!).searchParams.get('token')!;
  expect((await call(who, 'POST', `/company-invitations/${token}/accept`)).statusCode).toBe(200);
}

const idOf = async (who: Client) =>
  (await t.app.database.db.select({ id: user.id }).from(user).where(eq(user.email, who.email)))[0]!.id;

const setLimits = async (who: Client, orderLimit: number | null, monthlyLimit: number | null, by = ann) =>
  call(by, 'PUT', `/companies/${acme}/members/${await idOf(who)}/limits`, { orderLimit, monthlyLimit });

/** Checks out `qty` of a product at `priceCents` as `who` (no shipping or tax is set up: the total is the goods). */
async function checkOut(who: Client, priceCents: number, qty = 1) {
  const p = await product(priceCents);
  expect((await cartApi(t.app, who).add(p.id, qty)).statusCode).toBe(200);
  const res = await checkoutApi(t.app, who).create();
  expect(res.statusCode).toBe(201);
  return { co: res.json() as Checkout, productId: p.id };
}

const decide = (who: Client, id: string, decision: 'approve' | 'reject', comment?: string, company = acme) =>
  call(who, 'POST', `/companies/${company}/approvals/${id}`, { decision, comment });

const makePayment = (who: Client, checkoutId: string) =>
  t.app.inject({ method: 'POST', url: '/api/make-payment', headers: who.headers, payload: { checkoutId } });

// Read from the database: the catalogue's cached list learns of a bulk expiry only through the cache bus.
const stockOf = async (_app: unknown, id: string) =>
  (await t.app.database.db.select({ q: products.quantity }).from(products).where(eq(products.id, id)))[0]!.q;

const mailsTo = (who: Client) => t.mail.sent.filter((m) => m.to === who.email);

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false', AUTH_RATE_LIMIT: 'false' });
  [ann, bob, amy, eve, cat] = [
    await signUp(t.app, { name: 'Ann Founder', verified: true }),
    await signUp(t.app, { name: 'Bob Buyer', verified: true }),
    await signUp(t.app, { name: 'Amy Approver', verified: true }),
    await signUp(t.app, { name: 'Eve Monthly', verified: true }),
    await signUp(t.app, { name: 'Cat Other', verified: true }),
  ];
  admin = await signUpAdmin(t.app);
  acme = (await call(ann, 'POST', '/companies', { name: 'Acme Tools', taxId: '12-3456789' })).json()._id;
  other = (await call(cat, 'POST', '/companies', { name: 'Other Co', taxId: '98-7654321' })).json()._id;
  await inviteAndJoin(acme, ann, bob, ['buyer']);
  await inviteAndJoin(acme, ann, amy, ['approver']);
  await inviteAndJoin(acme, ann, eve, ['buyer']);
  product = (priceCents) => makeCartProduct(t.app, { priceCents, quantity: 50 });
});
afterAll(() => t.close());

describe('limits', () => {
  it('a company admin (or a shop admin) sets them, audited; others and bad amounts are refused', async () => {
    const set = await setLimits(bob, 100, null);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ email: bob.email, orderLimit: 100, monthlyLimit: null });
    const members = (await call(ann, 'GET', `/companies/${acme}/members`)).json();
    expect(members.find((m: { email: string }) => m.email === bob.email)).toMatchObject({ orderLimit: 100 });
    expect((await setLimits(bob, 100, null, admin)).statusCode).toBe(200);
    expect((await setLimits(bob, 5, null, bob)).statusCode).toBe(403);
    expect((await setLimits(bob, 5, null, cat)).statusCode).toBe(403);
    const bad = await setLimits(bob, -1, null);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^orderLimit/);
    expect((await setLimits(bob, 1.001, null)).json().message).toMatch(/orderLimit.*2 decimals/);
    const audited = await auditEntries(t.app, admin, 'company_member.limits_changed');
    expect(audited[0]!.summary).toContain(`${bob.email}: per order $100.00, per month no limit`);
  });
});

describe('a checkout over the per-order limit', () => {
  let waiting: Checkout;
  let waitingProduct: string;

  it('equal to the limit is payable; one cent more waits for approval and mails the approvers', async () => {
    const equal = (await checkOut(bob, 10_000)).co;
    expect(equal).toMatchObject({ status: 'unpaid', total: 100, approval: null });
    expect((await checkoutApi(t.app, bob).cancel(equal._id)).statusCode).toBe(200);

    const before = t.mail.sent.length;
    ({ co: waiting, productId: waitingProduct } = await checkOut(bob, 10_001));
    expect(waiting).toMatchObject({
      status: 'awaiting_approval',
      total: 100.01,
      approval: { status: 'awaiting', reason: 'order', limit: 100, comment: null },
    });
    expect(waiting.expiresAt).not.toBeNull();
    expect(await stockOf(t.app, waitingProduct)).toBe(49);
    const mails = t.mail.sent.slice(before);
    expect(mails.find((m) => m.to === bob.email)!.subject).toMatch(/^Waiting for approval/);
    // The approvers other than the buyer: Ann (admin and approver) and Amy.
    for (const who of [ann, amy])
      expect(mails.find((m) => m.to === who.email)!.text).toContain(
        `/dashboard/company/approvals/${waiting._id}`,
      );
    expect(mails.some((m) => m.to === eve.email)).toBe(false);
  });

  it('cannot be paid while it waits (409 with the reason)', async () => {
    const res = await makePayment(bob, waiting._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(approvalMessages.awaiting);
  });

  it('is listed for approvers and company admins, not for buyers or other companies', async () => {
    const list = await call(amy, 'GET', `/companies/${acme}/approvals`);
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect((list.json() as Approval[])[0]).toMatchObject({
      _id: waiting._id,
      status: 'awaiting',
      reason: 'order',
      limit: 100,
      total: 100.01,
      buyer: { email: bob.email },
      lines: [{ quantity: 1, unitPrice: 100.01 }],
    });
    expect((await call(admin, 'GET', `/companies/${acme}/approvals`)).json()).toHaveLength(1);
    expect((await call(bob, 'GET', `/companies/${acme}/approvals`)).statusCode).toBe(403);
    expect((await call(cat, 'GET', `/companies/${acme}/approvals`)).statusCode).toBe(403);
    expect((await call(cat, 'GET', `/companies/${acme}/approvals/${waiting._id}`)).statusCode).toBe(403);
  });

  it('403 for an approver of another company, 404 for an id their own company does not have', async () => {
    expect((await decide(cat, waiting._id, 'approve')).statusCode).toBe(403);
    expect((await decide(cat, waiting._id, 'approve', undefined, other)).statusCode).toBe(404);
    expect((await call(amy, 'GET', `/companies/${acme}/approvals/${crypto.randomUUID()}`)).statusCode).toBe(
      404,
    );
    // A buyer is not an approver; a shop admin does not decide for a company.
    expect((await decide(eve, waiting._id, 'approve')).statusCode).toBe(403);
    expect((await decide(admin, waiting._id, 'approve')).statusCode).toBe(403);
    const bad = await call(amy, 'POST', `/companies/${acme}/approvals/${waiting._id}`, { decision: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^decision/);
  });

  it('two approvers deciding at once: one wins, the other gets 409; then it is paid as usual', async () => {
    const [a, b] = await Promise.all([
      decide(amy, waiting._id, 'approve', 'Fine for the Q3 job'),
      decide(ann, waiting._id, 'approve', 'OK'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const won = (a.statusCode === 200 ? a : b).json() as Approval;
    expect((a.statusCode === 200 ? b : a).json().message).toBe(approvalMessages.alreadyDecided('approved'));
    expect(won).toMatchObject({ status: 'approved' });
    expect([amy.email, ann.email]).toContain(won.decidedBy?.email);
    expect(mailsTo(bob).at(-1)!.subject).toMatch(/^Approved/);
    const approved = (await checkoutApi(t.app, bob).get(waiting._id)).json() as Checkout;
    expect(approved).toMatchObject({ status: 'unpaid', approval: { status: 'approved' } });
    const { put } = await checkoutApi(t.app, bob).pay(waiting._id);
    const paid = await put();
    expect(paid.statusCode).toBe(200);
    expect(paid.json().checkout.status).toBe('paid');
    // No longer open; deciding again is 409.
    expect((await call(amy, 'GET', `/companies/${acme}/approvals`)).json()).toHaveLength(0);
    expect((await decide(amy, waiting._id, 'reject')).statusCode).toBe(409);

    const timeline = await t.app.inject({
      url: `/api/order/${approved.lines[0]!._id}/timeline`,
      headers: admin.headers,
    });
    const kinds = timeline.json().entries.map((e: { kind: string }) => e.kind);
    expect(kinds.slice(0, 4)).toEqual(['placed', 'approval_requested', 'approved', 'paid']);
    expect((await auditEntries(t.app, admin, 'checkout.approved'))[0]!.actorEmail).toBe(won.decidedBy!.email);
    expect((await auditEntries(t.app, admin, 'checkout.approval_requested'))[0]!.entityId).toBe(waiting._id);
  });

  it('a buyer cannot approve their own; rejecting releases the stock and shows the comment', async () => {
    expect((await setLimits(ann, 50, null)).statusCode).toBe(200);
    const { co, productId } = await checkOut(ann, 6_000);
    expect(co.status).toBe('awaiting_approval');
    const own = await decide(ann, co._id, 'approve');
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(approvalMessages.ownCheckout);

    const rejected = await decide(amy, co._id, 'reject', 'Use the framework agreement');
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', comment: 'Use the framework agreement' });
    expect(await stockOf(t.app, productId)).toBe(50);
    const closed = (await checkoutApi(t.app, ann).get(co._id)).json() as Checkout;
    expect(closed).toMatchObject({
      status: 'rejected',
      approval: { status: 'rejected', comment: 'Use the framework agreement' },
    });
    expect(closed.lines.every((l) => l.orderStatus === 'Cancelled')).toBe(true);
    const refused = await makePayment(ann, co._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(approvalMessages.rejected);
    expect(mailsTo(ann).at(-1)).toMatchObject({ subject: expect.stringMatching(/^Rejected/) });
    expect(mailsTo(ann).at(-1)!.text).toContain('Use the framework agreement');
    expect((await decide(amy, co._id, 'approve')).statusCode).toBe(409);
    const all = await call(ann, 'GET', `/companies/${acme}/approvals?status=all&limit=1`);
    expect(all.headers['x-total-count']).toBe('2');
    expect(all.headers['x-next-cursor']).toBeTruthy();
    await setLimits(ann, null, null);
  });
});

describe('the monthly limit', () => {
  it('counts this calendar month only (UTC): a month rolls over by its first day', async () => {
    expect((await setLimits(eve, null, 300)).statusCode).toBe(200);
    const first = (await checkOut(eve, 25_000)).co;
    expect(first.status).toBe('unpaid');
    const { put } = await checkoutApi(t.app, eve).pay(first._id);
    expect((await put()).statusCode).toBe(200);
    // 250 paid + 100 > 300: waits.
    const over = (await checkOut(eve, 10_000)).co;
    expect(over).toMatchObject({ status: 'awaiting_approval', approval: { reason: 'monthly', limit: 300 } });
    const approval = (await call(ann, 'GET', `/companies/${acme}/approvals/${over._id}`)).json() as Approval;
    expect(approval.spentThisMonth).toBe(250);
    expect((await checkoutApi(t.app, eve).cancel(over._id)).statusCode).toBe(200);
    // 250 + 50 = 300: equal to the limit is within it.
    const equal = (await checkOut(eve, 5_000)).co;
    expect(equal.status).toBe('unpaid');
    expect((await checkoutApi(t.app, eve).cancel(equal._id)).statusCode).toBe(200);

    // The paid checkout moves to the last day of the previous month (UTC): it no longer counts.
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 60_000);
    await t.app.database.db
      .update(checkouts)
      .set({ createdAt: lastMonth })
      .where(eq(checkouts.id, first._id));
    await t.app.database.db
      .update(orders)
      .set({ createdAt: lastMonth })
      .where(eq(orders.checkoutId, first._id));
    const fresh = (await checkOut(eve, 30_000)).co;
    expect(fresh.status).toBe('unpaid');
    expect((await checkoutApi(t.app, eve).cancel(fresh._id)).statusCode).toBe(200);
  });

  it('two checkouts at once cannot both slip under it: the second waits', async () => {
    // Eve's month is empty (the previous test moved its one payment): 200 by cart and 200 by an accepted quote.
    const p = await product(20_000);
    const q = await quoteApi(t.app, eve).request({ lines: [{ productId: p.id, quantity: 1 }] });
    expect(q.statusCode).toBe(201);
    const answered = await quoteApi(t.app, admin).answer(q.json()._id, {
      lines: [{ productId: p.id, unitPrice: 200 }],
      validUntil: dayFromToday(7),
    });
    expect(answered.statusCode).toBe(200);
    expect((await cartApi(t.app, eve).add(p.id, 1)).statusCode).toBe(200);
    const [byCart, byQuote] = await Promise.all([
      checkoutApi(t.app, eve).create(),
      quoteApi(t.app, eve).accept(q.json()._id),
    ]);
    expect([byCart.statusCode, byQuote.statusCode]).toEqual([201, 201]);
    const statuses = [byCart.json().status, byQuote.json().status].sort();
    expect(statuses).toEqual(['awaiting_approval', 'unpaid']);
    const ids = [byCart.json()._id, byQuote.json()._id] as string[];
    const rows = await t.app.database.db.select().from(checkouts).where(inArray(checkouts.id, ids));
    expect(rows.find((r) => r.approvalStatus === 'awaiting')!.approvalSpentCents).toBe(20_000);
    for (const id of ids) await checkoutApi(t.app, eve).cancel(id);
  });
});

describe('Order Now (one product)', () => {
  const orderNow = async (who: Client, priceCents: number) => {
    const p = await product(priceCents);
    return { res: await placeOrder(t.app, who, { productId: p.id, quantity: 1 }), productId: p.id };
  };
  const ordersOf = async (productId: string) =>
    (await t.app.database.db.select({ id: orders.id }).from(orders).where(eq(orders.productId, productId)))
      .length;

  it('over the per-order limit is refused with 409, sent to the cart; nothing is ordered or reserved', async () => {
    // Bob's limit is $100.00 per order (set above).
    const { res, productId } = await orderNow(bob, 10_001);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(approvalMessages.orderNowOverLimit('order', 10_000));
    expect(res.json().message).toMatch(/per-order limit of \$100\.00: add it to your cart and check out/);
    expect(await ordersOf(productId)).toBe(0);
    expect(await stockOf(t.app, productId)).toBe(50);

    const equal = await orderNow(bob, 10_000);
    expect(equal.res.statusCode).toBe(200);
    expect(await ordersOf(equal.productId)).toBe(1);
    expect(await stockOf(t.app, equal.productId)).toBe(49);
  });

  it('over the monthly limit (its own earlier orders counted) is refused with 409', async () => {
    // Eve's month is empty again (the tests above cancelled or moved all of it); her limit is $300.00 a month.
    expect((await orderNow(eve, 20_000)).res.statusCode).toBe(200);
    const over = await orderNow(eve, 10_001);
    expect(over.res.statusCode).toBe(409);
    expect(over.res.json().message).toBe(approvalMessages.orderNowOverLimit('monthly', 30_000));
    expect(await ordersOf(over.productId)).toBe(0);
    expect((await orderNow(eve, 10_000)).res.statusCode).toBe(200);
  });
});

describe('the approval window', () => {
  it('the payment hold does not end it; passing it releases the stock; deciding afterwards is 409', async () => {
    const { co, productId } = await checkOut(bob, 20_000);
    expect(co.status).toBe('awaiting_approval');
    expect(await stockOf(t.app, productId)).toBe(49);
    await expireAllUnpaid(t.app);
    expect(await stockOf(t.app, productId)).toBe(49);
    // Its own deadline (decision 054; approval-window.test.ts tells the rest of that story).
    await expireApprovals(orderDepsOf(t.app), new Date(new Date(co.approvalExpiresAt!).getTime() + 60_000));
    expect(await stockOf(t.app, productId)).toBe(50);
    const expired = (await checkoutApi(t.app, bob).get(co._id)).json() as Checkout;
    expect(expired).toMatchObject({ status: 'expired', approval: { status: 'awaiting' } });
    const late = await decide(amy, co._id, 'approve');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(approvalMessages.tooLate);
    expect((await call(amy, 'GET', `/companies/${acme}/approvals/${co._id}`)).json().status).toBe('expired');
    expect((await call(amy, 'GET', `/companies/${acme}/approvals`)).json()).toHaveLength(0);
  });
});
