// Both databases: the approval window (docs/decisions/054-approval-window.md) apart from the 30-minute payment hold.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalMessages } from '@shared/checkout/approvals.schema';
import type { Checkout } from '@shared/checkout/checkout.schema';
import { addWorkingDays, formatDeadline, isWorkingDay } from '@shared/common/working-days';
import { products, user } from '../../db/schema';
import { auditEntries } from '../../test/admin';
import { ageCheckout, DAY_MS, sweepExpiredOrders } from '../../test/approval-clock';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { cartApi, checkoutApi, makeCartProduct } from '../../test/cart';
import { apiCaller, inviteAndJoin } from '../../test/companies';
import { createTestApp, type TestApp } from '../../test/helper';
import { orderDepsOf } from '../../test/shop';
import { expireApprovals, remindApprovers } from './approvals.sweep';
import { releaseApprovalHolds } from './approvals.stock';
import { settleCheckoutsWithIntents } from './checkout.close';

let t: TestApp;
let admin: Client;
let ann: Client; // founds Acme: company admin and approver
let bob: Client; // buyer with a $100 per-order limit
let amy: Client; // approver
let acme: string;

const call = apiCaller(() => t.app);
const deps = () => orderDepsOf(t.app);
const MIN = 60_000;

/** Every sweep the shop runs, at `now`: the payment hold's, the checkouts' and the approvals'. */
async function sweepAll(now = new Date()) {
  await sweepExpiredOrders(deps(), now);
  await settleCheckoutsWithIntents(deps(), now);
  await releaseApprovalHolds(deps(), now);
  await expireApprovals(deps(), now);
}

async function checkOut(who: Client, priceCents: number, qty = 1) {
  const p = await makeCartProduct(t.app, { priceCents, quantity: 50 });
  expect((await cartApi(t.app, who).add(p.id, qty)).statusCode).toBe(200);
  const res = await checkoutApi(t.app, who).create();
  expect(res.statusCode).toBe(201);
  return { co: res.json() as Checkout, productId: p.id };
}

const read = async (id: string) => (await checkoutApi(t.app, bob).get(id)).json() as Checkout;
const decide = (who: Client, id: string, decision: 'approve' | 'reject') =>
  call(who, 'POST', `/companies/${acme}/approvals/${id}`, { decision });
const stockOf = async (id: string) =>
  (await t.app.database.db.select({ q: products.quantity }).from(products).where(eq(products.id, id)))[0]!.q;
const mailsTo = (who: Client) => t.mail.sent.filter((m) => m.to === who.email);
const setWindow = (who: Client, approvalWindowDays: unknown) =>
  call(who, 'PUT', `/companies/${acme}/approval-settings`, { approvalWindowDays });

/** The deadline lies between `days` working days after the moments before and after the request. */
function expectDeadline(co: Checkout, before: Date, after: Date, days = 3) {
  const at = new Date(co.approvalExpiresAt!).getTime();
  expect(at).toBeGreaterThanOrEqual(addWorkingDays(before, days).getTime());
  expect(at).toBeLessThanOrEqual(addWorkingDays(after, days).getTime());
}

beforeAll(async () => {
  t = await createTestApp({
    SEED_DEMO: 'false',
    AUTH_RATE_LIMIT: 'false',
    TEST_HOOKS: 'true',
    APPROVAL_HOLD_MAX_UNITS: '3',
  });
  [ann, bob, amy] = [
    await signUp(t.app, { name: 'Ann Founder', verified: true }),
    await signUp(t.app, { name: 'Bob Buyer', verified: true }),
    await signUp(t.app, { name: 'Amy Approver', verified: true }),
  ];
  admin = await signUpAdmin(t.app);
  acme = (await call(ann, 'POST', '/companies', { name: 'Acme Window', taxId: '12-3456780' })).json()._id;
  await inviteAndJoin(t, acme, ann, bob, ['buyer']);
  await inviteAndJoin(t, acme, ann, amy, ['approver']);
  const [b] = await t.app.database.db.select({ id: user.id }).from(user).where(eq(user.email, bob.email));
  expect(
    (
      await call(ann, 'PUT', `/companies/${acme}/members/${b!.id}/limits`, {
        orderLimit: 100,
        monthlyLimit: null,
      })
    ).statusCode,
  ).toBe(200);
});
afterAll(() => t.close());

describe('a checkout awaiting approval', () => {
  it('gets a deadline 3 working days out; the answer, the stock hold and the mails all say it', async () => {
    const before = new Date();
    const { co, productId } = await checkOut(bob, 20_000);
    const after = new Date();
    expect(co.status).toBe('awaiting_approval');
    expectDeadline(co, before, after);
    // The stock is held until the approvers' deadline, not for the 30-minute payment hold.
    expect(co.expiresAt).toBe(co.approvalExpiresAt);
    expect(co.lines[0]!.expiresAt).toBe(co.approvalExpiresAt);
    expect(await stockOf(productId)).toBe(49);
    const deadline = formatDeadline(co.approvalExpiresAt!);
    expect(mailsTo(amy).at(-1)!.text).toContain(`Please approve or reject it by ${deadline}`);
    expect(mailsTo(bob).at(-1)!.text).toContain(`An approver has until ${deadline} to decide`);
    for (const m of [mailsTo(amy).at(-1)!, mailsTo(bob).at(-1)!]) expect(m.text).not.toMatch(/minutes/);
    const approval = (await call(amy, 'GET', `/companies/${acme}/approvals/${co._id}`)).json();
    expect(approval).toMatchObject({ status: 'awaiting', expiresAt: co.approvalExpiresAt });
    expect((await checkoutApi(t.app, bob).cancel(co._id)).statusCode).toBe(200);
  });

  it('pending for 2 days: untouched by the 30-minute sweeps, then approved and paid within the payment hold', async () => {
    const { co, productId } = await checkOut(bob, 20_000);
    // The browser suite's test clock (TEST_HOOKS): shop admins only.
    const age = (who: Client) => call(who, 'POST', `/test/checkouts/${co._id}/age`, { days: 2 });
    expect((await age(bob)).statusCode).toBe(403);
    expect((await age(admin)).statusCode).toBe(200);
    expect(new Date((await read(co._id)).createdAt).getTime()).toBeLessThan(Date.now() - 2 * DAY_MS + MIN);
    await sweepAll();
    expect(await read(co._id)).toMatchObject({ status: 'awaiting_approval' });
    expect(await stockOf(productId)).toBe(49);
    expect((await call(amy, 'GET', `/companies/${acme}/approvals`)).json()).toHaveLength(1);

    const approvedAt = Date.now();
    expect((await decide(amy, co._id, 'approve')).statusCode).toBe(200);
    const approved = await read(co._id);
    expect(approved.status).toBe('unpaid');
    // The payment hold runs from the approval, not from the checkout two days ago.
    const payBy = new Date(approved.expiresAt!).getTime();
    expect(payBy).toBeGreaterThanOrEqual(approvedAt + deps().expiryMs);
    expect(payBy).toBeLessThanOrEqual(Date.now() + deps().expiryMs);
    expect(mailsTo(bob).at(-1)!.text).toContain(
      `Please pay for it by ${formatDeadline(approved.expiresAt!)}`,
    );
    await sweepAll();
    const { put } = await checkoutApi(t.app, bob).pay(co._id);
    const paid = await put();
    expect(paid.statusCode).toBe(200);
    expect(paid.json().checkout.status).toBe('paid');
    expect(await stockOf(productId)).toBe(49);
  });

  it('the payment hold after approval is one window from the approval: swept after it, not before', async () => {
    const { co, productId } = await checkOut(bob, 20_000);
    await ageCheckout(t.app, co._id, 2 * DAY_MS);
    expect((await decide(amy, co._id, 'approve')).statusCode).toBe(200);
    const payBy = new Date((await read(co._id)).expiresAt!).getTime();
    await sweepAll(new Date(payBy - MIN));
    expect((await read(co._id)).status).toBe('unpaid');
    await sweepAll(new Date(payBy + MIN));
    expect(await stockOf(productId)).toBe(50);
    expect((await read(co._id)).status).toBe('expired');
  });

  it('expires past its deadline: stock back, the buyer mailed, deciding afterwards is 409', async () => {
    const { co, productId } = await checkOut(bob, 20_000);
    const deadline = new Date(co.approvalExpiresAt!).getTime();
    await sweepAll(new Date(deadline - MIN));
    expect(await stockOf(productId)).toBe(49);
    // The orders' bulk sweep leaves it to the approvals' sweep, which tells the buyer.
    await sweepExpiredOrders(deps(), new Date(deadline + MIN));
    expect(await stockOf(productId)).toBe(49);
    expect(await expireApprovals(deps(), new Date(deadline + MIN))).toBe(1);
    expect(await stockOf(productId)).toBe(50);
    expect(mailsTo(bob).at(-1)!.subject).toMatch(/^Approval expired/);
    expect(mailsTo(bob).at(-1)!.text).toContain(formatDeadline(co.approvalExpiresAt!));
    expect(await expireApprovals(deps(), new Date(deadline + MIN))).toBe(0);
    const late = await decide(amy, co._id, 'approve');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(approvalMessages.tooLate);
    expect(await read(co._id)).toMatchObject({ status: 'expired', approval: { status: 'awaiting' } });
    expect((await call(amy, 'GET', `/companies/${acme}/approvals/${co._id}`)).json().status).toBe('expired');
  });

  it('reads as expired as soon as its deadline passes, before any sweep', async () => {
    const { co } = await checkOut(bob, 20_000);
    await ageCheckout(t.app, co._id, new Date(co.approvalExpiresAt!).getTime() - Date.now() + MIN);
    expect((await read(co._id)).status).toBe('expired');
    expect((await decide(amy, co._id, 'approve')).json().message).toBe(approvalMessages.tooLate);
    expect((await call(amy, 'GET', `/companies/${acme}/approvals`)).json()).toHaveLength(0);
    await sweepAll();
  });
});

describe('the company sets its window', () => {
  it('a company admin sets 1–30 working days (audited); out of range is 400 naming the field', async () => {
    for (const bad of [0, 31, 2.5, '3', null]) {
      const res = await setWindow(ann, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^approvalWindowDays/);
    }
    expect((await setWindow(bob, 5)).statusCode).toBe(403);
    const set = await setWindow(ann, 10);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ _id: acme, approvalWindowDays: 10 });
    expect((await call(bob, 'GET', '/companies/mine')).json().company.approvalWindowDays).toBe(10);
    expect((await auditEntries(t.app, admin, 'company.approval_settings_changed'))[0]!.summary).toContain(
      '10 working days (was 3)',
    );
  });

  it("a checkout then waits the company's number of working days", async () => {
    const before = new Date();
    const { co } = await checkOut(bob, 20_000);
    expectDeadline(co, before, new Date(), 10);
    expect((await checkoutApi(t.app, bob).cancel(co._id)).statusCode).toBe(200);
    expect((await setWindow(admin, 3)).statusCode).toBe(200);
  });
});

/** A moment after `d` on the same UTC day (at most `ms` later): a reminder counts days, so the test must not cross one. */
const laterSameDay = (d: Date, ms: number) => {
  const endOfDay = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
  return new Date(d.getTime() + Math.min(ms, (endOfDay - d.getTime()) / 2));
};

describe('reminders to approvers', () => {
  it('once per working day from the day after, the last on the final day; never twice, never at the weekend', async () => {
    const { co } = await checkOut(bob, 20_000);
    const created = new Date(co.createdAt);
    const deadline = new Date(co.approvalExpiresAt!);
    const reminders = () => mailsTo(amy).filter((m) => /Reminder: approval needed/i.test(m.subject));
    // The day of the request: its own mail was enough.
    expect(await remindApprovers(deps(), laterSameDay(created, MIN))).toBe(0);

    const day1 = addWorkingDays(created, 1);
    const [a, b] = await Promise.all([remindApprovers(deps(), day1), remindApprovers(deps(), day1)]);
    expect(a + b).toBe(1);
    expect(await remindApprovers(deps(), laterSameDay(day1, 60 * MIN))).toBe(0);
    expect(reminders()).toHaveLength(1);
    expect(reminders()[0]!.subject).toMatch(/^Reminder: approval needed for Bob Buyer's order of \$200\.00/);
    expect(reminders()[0]!.text).toContain(`by ${formatDeadline(deadline)}`);
    expect(reminders()[0]!.text).toContain(`/dashboard/company/approvals/${co._id}`);
    // Ann is an approver too (and not the buyer): she is reminded as well.
    expect(mailsTo(ann).filter((m) => /Reminder/.test(m.subject))).toHaveLength(1);

    const saturday = [1, 2, 3, 4, 5, 6, 7]
      .map((d) => new Date(created.getTime() + d * DAY_MS))
      .find((d) => d.getUTCDay() === 6)!;
    expect(isWorkingDay(saturday)).toBe(false);
    expect(await remindApprovers(deps(), saturday)).toBe(0);

    expect(await remindApprovers(deps(), addWorkingDays(created, 2))).toBe(1);
    const dayStart = Date.UTC(deadline.getUTCFullYear(), deadline.getUTCMonth(), deadline.getUTCDate());
    const lastDay = new Date(deadline.getTime() - Math.min(MIN, (deadline.getTime() - dayStart) / 2));
    expect(await remindApprovers(deps(), lastDay)).toBe(1);
    expect(reminders()).toHaveLength(3);
    expect(reminders().at(-1)!.subject).toMatch(/^Last reminder/);
    expect(reminders().at(-1)!.text).toContain('Today is the last day');

    // Decided: no more reminders.
    expect((await decide(amy, co._id, 'reject')).statusCode).toBe(200);
    expect(await remindApprovers(deps(), new Date(lastDay.getTime() + 1))).toBe(0);
  });
});

describe("the shop's cap on the stock approvals hold (APPROVAL_HOLD_MAX_UNITS, 3 units here)", () => {
  it('over it the request is made for the whole window, its stock held for the checkout window only, and the mails say so', async () => {
    const { co: first } = await checkOut(bob, 6_000, 2);
    expect(new Date(first.approvalExpiresAt!).getTime()).toBeGreaterThan(Date.now() + DAY_MS - MIN);

    const before = new Date();
    const { co: second, productId } = await checkOut(bob, 6_000, 2);
    expect(second.status).toBe('awaiting_approval');
    // 2 held + 2 > 3: the approval still gets the company's window, the stock only the checkout window.
    expectDeadline(second, before, new Date());
    expect(second.expiresAt).toBe(second.approvalExpiresAt);
    const stockEnd = new Date(second.lines[0]!.createdAt).getTime() + deps().expiryMs;
    const until = formatDeadline(second.approvalExpiresAt!);
    expect(mailsTo(amy).at(-1)!.text).toContain(
      `so this checkout's stock is held only until ${formatDeadline(stockEnd)}, not for the approval window`,
    );
    expect(mailsTo(amy).at(-1)!.text).toContain(`Please approve or reject it by ${until}`);
    expect(mailsTo(bob).at(-1)!.text).toContain(
      `already hold as much stock as the shop allows, so we hold this order's stock only until ${formatDeadline(stockEnd)}. An approver has until ${until} to decide`,
    );
    expect(await stockOf(productId)).toBe(48);

    // The checkout window passes: the second gives its stock back but still waits; the first keeps its stock.
    await ageCheckout(t.app, second._id, deps().expiryMs + MIN);
    await sweepAll();
    expect(await stockOf(productId)).toBe(50);
    expect((await read(second._id)).status).toBe('awaiting_approval');
    expect((await read(first._id)).status).toBe('awaiting_approval');

    // Approved: its stock is taken again and it can be paid.
    expect((await decide(amy, second._id, 'approve')).statusCode).toBe(200);
    expect(await stockOf(productId)).toBe(48);
    const approved = await read(second._id);
    expect(approved.status).not.toBe('awaiting_approval');
    expect(approved.lines[0]!.backorderedQuantity ?? 0).toBe(0);
    expect((await checkoutApi(t.app, bob).cancel(second._id)).statusCode).toBe(200);
    expect(await stockOf(productId)).toBe(50);

    // Once the first is decided its units no longer count: the next is held for the whole window again.
    expect((await decide(amy, first._id, 'reject')).statusCode).toBe(200);
    const { co: third } = await checkOut(bob, 6_000, 3);
    expect(new Date(third.approvalExpiresAt!).getTime()).toBeGreaterThan(Date.now() + DAY_MS - MIN);
    expect((await checkoutApi(t.app, bob).cancel(third._id)).statusCode).toBe(200);
  });
});
