// Both databases: the credit limit is checked under the company's row lock, and two buyers race for it below.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '@shared/checkout/checkout.schema';
import { creditMessages, type StatementLine } from '@shared/credit/credit.schema';
import type { Invoice } from '@shared/invoices/invoices.schema';
import { accountInvoices, user } from '../../db/schema';
import { auditEntries } from '../../test/admin';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { cartApi, checkoutApi, makeCartProduct } from '../../test/cart';
import { apiCaller } from '../../test/companies';
import { createTestApp, type TestApp } from '../../test/helper';
import { pdfText } from '../../test/invoices';
import { orderDepsOf } from '../../test/shop';
import { sendAccountReminders, type CreditDeps } from './index';
import { addDays, utcDay } from './credit.model';
import { formatCents } from '@shared/common/money';

// Trade accounts, part 4 (docs/decisions/041-paying-on-account.md): terms, credit, paying on account, statements.
let t: TestApp;
let admin: Client;
let ann: Client; // founds Acme: company admin, buyer, approver
let bob: Client; // Acme buyer
let eve: Client; // Acme buyer who leaves
let dan: Client; // Acme approver only
let cat: Client; // founds Other Co
let acme: string;
let other: string;

const call = apiCaller(() => t.app);
const cents = (dollars: number) => Math.round(dollars * 100);

async function inviteAndJoin(companyId: string, who: Client, roles: string[], by = ann) {
  const res = await call(by, 'POST', `/companies/${companyId}/invitations`, { email: who.email, roles });
  expect(res.statusCode).toBe(201);
  const link = t.mail.linksTo(who.email).at(-1)!;
  const joined = await call(
    who,
    'POST',
    `/company-invitations/${new URL(link).searchParams.get('token')}/accept`,
  );
  expect(joined.statusCode).toBe(200);
}

/** A checkout of one line costing exactly `totalCents` (goods only: the tests' shops charge no shipping or tax). */
async function checkoutOf(client: Client, totalCents: number): Promise<Checkout> {
  const p = await makeCartProduct(t.app, { priceCents: totalCents, quantity: 50 });
  expect((await cartApi(t.app, client).add(p.id, 1)).statusCode).toBe(200);
  const res = await checkoutApi(t.app, client).create();
  expect(res.statusCode).toBe(201);
  const co = res.json() as Checkout;
  expect(cents(co.total)).toBe(totalCents);
  return co;
}

const payOnAccount = (client: Client, id: string) => call(client, 'POST', `/checkout/${id}/account`);
const setTerms = (netDays: number, creditLimitCents: number, who = admin, id = acme) =>
  call(who, 'PUT', `/companies/${id}/terms`, { netDays, creditLimitCents });
const account = async (client = bob) => {
  const res = await call(client, 'GET', `/companies/${acme}/account`);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    availableCents: number;
    openCents: number;
    overdueCents: number;
    onHold: boolean;
    holdReason: string | null;
  };
};
const statement = async (status: 'open' | 'overdue' | 'paid', client = bob) => {
  const res = await call(client, 'GET', `/companies/${acme}/account/invoices?status=${status}&limit=100`);
  expect(res.statusCode).toBe(200);
  return res.json() as StatementLine[];
};
const lineOf = async (invoiceId: string) =>
  [...(await statement('open')), ...(await statement('paid'))].find((l) => l._id === invoiceId)!;

/** Starts a card payment of `allocations`, pays its intent with the test card, records it: as the statement does. */
async function payByCard(client: Client, allocations: { invoiceId: string; amountCents: number }[]) {
  const start = await call(client, 'POST', `/companies/${acme}/account/card-payments`, { allocations });
  if (start.statusCode !== 201) return { start };
  const { paymentId, intent } = start.json();
  const confirm = await call(client, 'POST', '/payments/test/confirm', {
    clientSecret: intent.clientSecret,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/40',
    cvc: '123',
  });
  expect(confirm.statusCode).toBe(200);
  const put = () =>
    call(client, 'PUT', `/companies/${acme}/account/card-payments/${paymentId}`, {
      transactionId: confirm.json().transactionId,
    });
  return { start, intent, put, record: await put() };
}

/** Pays on account and answers the new invoice's id, checking the money agrees from checkout to statement. */
async function buyOnAccount(client: Client, totalCents: number) {
  const co = await checkoutOf(client, totalCents);
  const res = await payOnAccount(client, co._id);
  expect(res.statusCode).toBe(200);
  const invoiceId = res.json().invoice._id as string;
  const line = await lineOf(invoiceId);
  expect(line.totalCents).toBe(totalCents);
  // The statement names the checkout's orders by their numbers (decision 049).
  expect(line.orderNumbers).toEqual(co.lines.map((l) => l.orderNumber).sort((a, b) => a - b));
  expect(line.orderNumbers.length).toBeGreaterThan(0);
  return { co, invoiceId, body: res.json() };
}

const creditDeps = (): CreditDeps => ({
  orders: orderDepsOf(t.app),
  provider: t.app.payments,
  credit: t.config.credit,
});

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false', AUTH_RATE_LIMIT: 'false' });
  [ann, bob, eve, dan, cat] = [
    await signUp(t.app, { name: 'Ann Founder', verified: true }),
    await signUp(t.app, { name: 'Bob Buyer', verified: true }),
    await signUp(t.app, { name: 'Eve Leaving', verified: true }),
    await signUp(t.app, { name: 'Dan Approver', verified: true }),
    await signUp(t.app, { name: 'Cat Other', verified: true }),
  ];
  admin = await signUpAdmin(t.app);
  acme = (await call(ann, 'POST', '/companies', { name: 'Acme Tools', taxId: '12-3456789' })).json()._id;
  other = (await call(cat, 'POST', '/companies', { name: 'Other Co', taxId: '98-7654321' })).json()._id;
  await inviteAndJoin(acme, bob, ['buyer']);
  await inviteAndJoin(acme, eve, ['buyer']);
  await inviteAndJoin(acme, dan, ['approver']);
});
afterAll(() => t.close());

describe('terms', () => {
  it('only the shop admin grants terms (403 for customers, company admins included), audited; bad input is a 400', async () => {
    expect((await setTerms(30, 10_000, ann)).statusCode).toBe(403);
    expect((await setTerms(30, 10_000, bob)).statusCode).toBe(403);
    expect(
      (await call(null, 'PUT', `/companies/${acme}/terms`, { netDays: 30, creditLimitCents: 1 })).statusCode,
    ).toBe(401);
    const bad = await setTerms(45, 10_000);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^netDays/);
    const negative = await setTerms(30, -1);
    expect(negative.json().message).toMatch(/^creditLimitCents/);
    expect((await setTerms(30, 1, admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    const granted = await setTerms(30, 10_000);
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({
      terms: { netDays: 30, creditLimitCents: 10_000 },
      availableCents: 10_000,
      onHold: false,
      holdReason: null,
    });
    expect((await setTerms(30, 20_000)).statusCode).toBe(200);
    expect((await auditEntries(t.app, admin, 'company_terms.granted')).map((e) => e.entityId)).toContain(
      acme,
    );
    expect((await auditEntries(t.app, admin, 'company_terms.edited')).map((e) => e.entityId)).toContain(acme);
    expect((await account(ann)).availableCents).toBe(20_000);
  });

  it('without terms a company pays by card as before: Pay on account is not offered and is refused with the reason', async () => {
    const co = await checkoutOf(cat, 1_000);
    const option = await call(cat, 'GET', `/checkout/${co._id}/account`);
    expect(option.json()).toMatchObject({ offered: false, allowed: false, reason: creditMessages.noTerms });
    const refused = await payOnAccount(cat, co._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(creditMessages.noTerms);
    const { put } = await checkoutApi(t.app, cat).pay(co._id);
    expect((await put()).statusCode).toBe(200);
  });
});

describe('paying on account', () => {
  it('marks the checkout paid without a card and issues an invoice carrying its due date (issued + 30 days)', async () => {
    const { co, invoiceId, body } = await buyOnAccount(bob, 6_000);
    expect(body.checkout.status).toBe('paid');
    expect(body.checkout.lines.every((l: { paymentStatus: boolean }) => l.paymentStatus)).toBe(true);
    const due = addDays(utcDay(new Date(body.checkout.paidAt)), 30);
    expect(body.invoice.dueDate).toBe(due);
    const docs = (await checkoutApi(t.app, bob).invoices(co._id)).json() as Invoice[];
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ _id: invoiceId, dueDate: due, total: 60 });
    expect(docs[0]!.number).toMatch(/^INV-\d{4}-\d{6}$/);
    // The company admin reads the buyer's invoice from the statement; the PDF prints the terms and the due date.
    const pdf = await t.app.inject({ url: docs[0]!.pdfUrl, headers: ann.headers });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Net 30');
    expect(text).toMatch(/Due date: \w+ \d+, \d{4}/);
    expect(t.mail.sent.some((m) => m.to === bob.email && m.subject.startsWith('Bought on account'))).toBe(
      true,
    );
    // Paying again changes nothing and answers the same invoice.
    const again = await payOnAccount(bob, co._id);
    expect(again.statusCode).toBe(200);
    expect(again.json().invoice._id).toBe(invoiceId);
    expect(await auditEntries(t.app, admin, 'account.paid_on_account')).toHaveLength(1);
    // No card took the money, so the admin's card refund is refused rather than sent to the provider.
    const refund = await call(admin, 'POST', `/checkout/${co._id}/refund`);
    expect(refund.statusCode).toBe(409);
    expect(refund.json().message).toMatch(/bought on account/);
  });

  it('passes when the total equals the available credit and refuses one cent more (409 with the reason)', async () => {
    const { availableCents } = await account();
    const over = await checkoutOf(bob, availableCents + 1);
    const option = (await call(bob, 'GET', `/checkout/${over._id}/account`)).json();
    expect(option).toMatchObject({ offered: true, allowed: false, netDays: 30, availableCents });
    const refused = await payOnAccount(bob, over._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      creditMessages.overCredit(formatCents(availableCents + 1), formatCents(availableCents)),
    );
    expect((await checkoutApi(t.app, bob).get(over._id)).json().status).toBe('unpaid');
    const exact = await checkoutOf(bob, availableCents);
    expect((await call(bob, 'GET', `/checkout/${exact._id}/account`)).json().allowed).toBe(true);
    expect((await payOnAccount(bob, exact._id)).statusCode).toBe(200);
    expect(await account()).toMatchObject({ availableCents: 0, openCents: 20_000 });
    // The card still works for the one that did not fit.
    const { put } = await checkoutApi(t.app, bob).pay(over._id);
    expect((await put()).statusCode).toBe(200);
  });

  it('two buyers paying at once cannot both spend the last of the credit: one wins, the other is refused', async () => {
    await setTerms(30, 25_000); // 5,000 available
    const [a, b] = [await checkoutOf(ann, 5_000), await checkoutOf(bob, 5_000)];
    const results = await Promise.all([payOnAccount(ann, a._id), payOnAccount(bob, b._id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toMatch(
      /over your company's available credit/,
    );
    expect((await account()).availableCents).toBe(0);
  });

  it('refuses members who may not buy, checkouts of others and other companies (403)', async () => {
    const mine = await checkoutOf(dan, 100);
    const notBuyer = await payOnAccount(dan, mine._id);
    expect(notBuyer.statusCode).toBe(403);
    expect(notBuyer.json().message).toBe(creditMessages.notBuyer);
    const bobs = await checkoutOf(bob, 100);
    expect((await payOnAccount(cat, bobs._id)).statusCode).toBe(403);
    expect((await payOnAccount(ann, bobs._id)).statusCode).toBe(403);
    expect((await payOnAccount(admin, bobs._id)).json().message).toBe(creditMessages.notOwner);
  });
});

describe('the statement and paying invoices', () => {
  it('lists open invoices with their due dates and totals, paged, for company admins and buyers only', async () => {
    const res = await call(bob, 'GET', `/companies/${acme}/account/invoices?limit=2`);
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['x-total-count'])).toBe(3);
    expect(res.headers['x-next-cursor']).toBeTruthy();
    const next = await call(
      bob,
      'GET',
      `/companies/${acme}/account/invoices?limit=2&cursor=${res.headers['x-next-cursor']}`,
    );
    const all = [...res.json(), ...next.json()] as StatementLine[];
    expect(new Set(all.map((l) => l._id)).size).toBe(3);
    expect(all.every((l) => l.status === 'open' && l.openCents === l.totalCents && l.dueDate)).toBe(true);
    expect(all.reduce((s, l) => s + l.openCents, 0)).toBe((await account()).openCents);
    expect((await call(dan, 'GET', `/companies/${acme}/account/invoices`)).statusCode).toBe(403);
    expect((await call(cat, 'GET', `/companies/${acme}/account/invoices`)).statusCode).toBe(403);
    expect((await call(cat, 'GET', `/companies/${acme}/account`)).statusCode).toBe(403);
    expect((await call(admin, 'GET', `/companies/${acme}/account/invoices`)).statusCode).toBe(200);
    const bad = await call(bob, 'GET', `/companies/${acme}/account/invoices?status=late`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^status/);
  });

  it('pays one invoice in part and then several in full by card in one payment, restoring the credit', async () => {
    const [first, second] = await statement('open');
    const before = (await account()).availableCents;
    const part = await payByCard(bob, [{ invoiceId: first!._id, amountCents: 1_234 }]);
    expect(part.intent.amount).toBe(12.34);
    expect(part.record!.statusCode).toBe(200);
    expect(part.record!.json()).toMatchObject({ method: 'card', status: 'succeeded', amountCents: 1_234 });
    expect(await lineOf(first!._id)).toMatchObject({
      paidCents: 1_234,
      openCents: first!.totalCents - 1_234,
      status: 'open',
    });
    expect((await account()).availableCents).toBe(before + 1_234);
    // Recording it again changes nothing.
    expect((await part.put!()).statusCode).toBe(200);
    expect((await lineOf(first!._id)).paidCents).toBe(1_234);

    const over = await payByCard(bob, [{ invoiceId: first!._id, amountCents: first!.totalCents }]);
    expect(over.start.statusCode).toBe(400);
    expect(over.start.json().message).toMatch(/^Allocation 1, amount: /);

    const rest = first!.totalCents - 1_234;
    const full = await payByCard(bob, [
      { invoiceId: first!._id, amountCents: rest },
      { invoiceId: second!._id, amountCents: second!.totalCents },
    ]);
    expect(cents(full.intent.amount)).toBe(rest + second!.totalCents);
    expect(full.record!.statusCode).toBe(200);
    const paid = await statement('paid');
    expect(paid.map((l) => l._id)).toEqual(expect.arrayContaining([first!._id, second!._id]));
    expect(paid.every((l) => l.status === 'paid' && l.openCents === 0)).toBe(true);
    expect((await account()).availableCents).toBe(before + first!.totalCents + second!.totalCents);
    expect(await auditEntries(t.app, admin, 'account.card_payment')).toHaveLength(2);
  });

  it('the shop admin records bank transfers against invoices, in part and in full; customers cannot (403)', async () => {
    const [inv] = await statement('open');
    const body = (amountCents: number, receivedOn = utcDay(new Date())) => ({
      allocations: [{ invoiceId: inv!._id, amountCents }],
      reference: 'BANK-REF-7',
      receivedOn,
    });
    expect((await call(ann, 'POST', `/companies/${acme}/account/bank-transfers`, body(100))).statusCode).toBe(
      403,
    );
    const future = await call(
      admin,
      'POST',
      `/companies/${acme}/account/bank-transfers`,
      body(100, '2999-01-01'),
    );
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toMatch(/^receivedOn/);
    const wrong = await call(admin, 'POST', `/companies/${other}/account/bank-transfers`, body(100));
    expect(wrong.json().message).toMatch(/^Allocation 1, invoice: /);
    const part = await call(admin, 'POST', `/companies/${acme}/account/bank-transfers`, body(999));
    expect(part.statusCode).toBe(201);
    expect(part.json()).toMatchObject({ method: 'bank_transfer', reference: 'BANK-REF-7', amountCents: 999 });
    expect((await lineOf(inv!._id)).paidCents).toBe(999);
    const full = await call(
      admin,
      'POST',
      `/companies/${acme}/account/bank-transfers`,
      body(inv!.totalCents - 999),
    );
    expect(full.statusCode).toBe(201);
    expect((await lineOf(inv!._id)).status).toBe('paid');
    const audited = await auditEntries(t.app, admin, 'account.bank_transfer');
    expect(audited).toHaveLength(2);
    expect(audited[0]!.after).toMatchObject({ reference: 'BANK-REF-7' });
  });
});

describe('reminders and credit hold', () => {
  it('queues one reminder before the due date and one after it, through the mail queue, never twice', async () => {
    const { invoiceId, body } = await buyOnAccount(ann, 100);
    const due = body.invoice.dueDate as string;
    const at = (day: string) => new Date(`${day}T12:00:00Z`);
    const remindersTo = () => t.mail.sent.filter((m) => m.to === ann.email && /invoice INV-/.test(m.subject));
    expect(await sendAccountReminders(creditDeps(), at(addDays(due, -10)))).toBe(0);
    expect(await sendAccountReminders(creditDeps(), at(addDays(due, -3)))).toBeGreaterThanOrEqual(1);
    expect(remindersTo().filter((m) => m.subject.startsWith('Reminder:'))).toHaveLength(1);
    expect(await sendAccountReminders(creditDeps(), at(addDays(due, -2)))).toBe(0);
    const [line] = (await statement('open', ann)).filter((l) => l._id === invoiceId);
    expect(remindersTo()[0]!.subject).toContain(line!.number);
    await sendAccountReminders(creditDeps(), at(addDays(due, 1)));
    expect(remindersTo().filter((m) => m.subject.startsWith('Overdue:'))).toHaveLength(1);
    expect(await sendAccountReminders(creditDeps(), at(addDays(due, 2)))).toBe(0);
  });

  it('an invoice overdue past CREDIT_HOLD_DAYS puts the company on credit hold: on account refused, card works', async () => {
    await setTerms(30, 1_000_000);
    const [oldest] = (await statement('open')).slice(-1);
    const days = t.config.credit.holdAfterDays;
    await t.app.database.db
      .update(accountInvoices)
      .set({ dueDate: addDays(utcDay(new Date()), -(days + 1)) })
      .where(eq(accountInvoices.invoiceId, oldest!._id));
    const held = await account();
    expect(held).toMatchObject({ onHold: true, holdReason: creditMessages.onHold(days) });
    expect(held.overdueCents).toBeGreaterThanOrEqual(oldest!.openCents);
    expect((await statement('overdue')).map((l) => l._id)).toContain(oldest!._id);
    const co = await checkoutOf(bob, 500);
    const refused = await payOnAccount(bob, co._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(creditMessages.onHold(days));
    const { put } = await checkoutApi(t.app, bob).pay(co._id);
    expect((await put()).statusCode).toBe(200);
    // Paying the overdue invoice lifts the hold.
    const paid = await payByCard(bob, [{ invoiceId: oldest!._id, amountCents: oldest!.openCents }]);
    expect(paid.record!.statusCode).toBe(200);
    expect((await account()).onHold).toBe(false);
  });
});

describe('membership', () => {
  it('a member who leaves loses the statement at once', async () => {
    expect((await call(eve, 'GET', `/companies/${acme}/account/invoices`)).statusCode).toBe(200);
    const members = (await call(ann, 'GET', `/companies/${acme}/members?limit=100`)).json() as {
      userId: string;
      email: string;
    }[];
    const me = members.find((m) => m.email === eve.email)!;
    expect((await call(eve, 'DELETE', `/companies/${acme}/members/${me.userId}`)).statusCode).toBe(200);
    expect((await call(eve, 'GET', `/companies/${acme}/account/invoices`)).statusCode).toBe(403);
    expect((await call(eve, 'GET', `/companies/${acme}/account`)).statusCode).toBe(403);
    const start = await call(eve, 'POST', `/companies/${acme}/account/card-payments`, {
      allocations: [{ invoiceId: '00000000-0000-4000-8000-000000000000', amountCents: 1 }],
    });
    expect(start.statusCode).toBe(403);
    const co = await checkoutOf(eve, 100);
    expect((await payOnAccount(eve, co._id)).json().message).toBe(creditMessages.noTerms);
  });

  it('withdrawn terms stop paying on account; what is owed stays on the statement', async () => {
    const open = (await statement('open')).length;
    expect((await call(ann, 'DELETE', `/companies/${acme}/terms`)).statusCode).toBe(403);
    expect((await call(admin, 'DELETE', `/companies/${acme}/terms`)).statusCode).toBe(200);
    expect((await auditEntries(t.app, admin, 'company_terms.withdrawn')).map((e) => e.entityId)).toContain(
      acme,
    );
    expect((await account()).holdReason).toBe(creditMessages.noTerms);
    expect((await statement('open')).length).toBe(open);
    const co = await checkoutOf(bob, 100);
    expect((await payOnAccount(bob, co._id)).statusCode).toBe(409);
  });
});

describe('with approvals (decision 040)', () => {
  it('a checkout over the buyer’s limit goes on account only once an approver has approved it', async () => {
    // Other Co: Cat founds it (company admin, buyer, approver); Fay buys under a $10 order limit.
    const fay = await signUp(t.app, { name: 'Fay Limited', verified: true });
    await inviteAndJoin(other, fay, ['buyer'], cat);
    const [fayRow] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, fay.email));
    const limits = await call(cat, 'PUT', `/companies/${other}/members/${fayRow!.id}/limits`, {
      orderLimit: 10,
      monthlyLimit: null,
    });
    expect(limits.statusCode).toBe(200);
    expect((await setTerms(30, 100_000, admin, other)).statusCode).toBe(200);

    const co = await checkoutOf(fay, 2_500);
    expect(co.status).toBe('awaiting_approval');
    const waiting = await payOnAccount(fay, co._id);
    expect(waiting.statusCode).toBe(409);
    expect((await call(cat, 'GET', `/companies/${other}/account`)).json().openCents).toBe(0);

    const approved = await call(cat, 'POST', `/companies/${other}/approvals/${co._id}`, {
      decision: 'approve',
      comment: 'For the plant shutdown',
    });
    expect(approved.statusCode).toBe(200);
    const paid = await payOnAccount(fay, co._id);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().checkout.status).toBe('paid');
    const acct = (await call(cat, 'GET', `/companies/${other}/account`)).json();
    expect(acct).toMatchObject({ openCents: 2_500, availableCents: 100_000 - 2_500 });
  });
});
