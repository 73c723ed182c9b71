import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { quoteMessages, type Quote } from '@shared/quotes/quotes.schema';
import { MAX_ORDER_TOTAL_CENTS } from '@shared/orders/orders.schema';
import { quotes, user } from '../../db/schema';
import type { TestApp } from '../../test/helper';
import { signUp, type Client } from '../../test/auth';
import { appWithPeople } from '../../test/people';
import { auditEntries } from '../../test/admin';
import { changeProduct, makeCartProduct } from '../../test/cart';
import { allPages } from '../../test/paging';
import { dayFromToday, quoteApi } from '../../test/quotes';

let t: TestApp;
let admin: Client;
let ann: Client;
let bob: Client;

beforeAll(async () => {
  [t, admin, ann, bob] = await appWithPeople('Ann Quote', 'Bob Quote');
});
afterAll(() => t.close());

/** A request of Ann's (or `client`'s) for 30 drills (a 10-unit break at $8) and 200 saws, above their stock. */
async function newRequest(client = ann) {
  const drill = await makeCartProduct(t.app, {
    priceCents: 1_000,
    quantity: 50,
    breaks: [{ minQuantity: 10, unitPriceCents: 800 }],
  });
  const saw = await makeCartProduct(t.app, { priceCents: 4_000, quantity: 5 });
  const res = await quoteApi(t.app, client).request({
    lines: [
      { productId: drill.id, quantity: 30 },
      { productId: saw.id, quantity: 200 },
    ],
    note: '  Delivered to the yard, please  ',
    wantedBy: dayFromToday(10),
  });
  expect(res.statusCode).toBe(201);
  return { quote: res.json() as Quote, drill, saw };
}

const answerBody = (q: Quote, validUntil = dayFromToday(7)) => ({
  lines: q.lines.map((l) => ({ productId: l.productId, unitPrice: 5.5 })),
  validUntil,
});

describe('requesting a quote', () => {
  it('answers 201 with the request: lines in order, list prices at the break, quantities above stock', async () => {
    const { quote, drill, saw } = await newRequest();
    expect(quote).toMatchObject({
      name: 'Ann Quote',
      email: ann.email,
      status: 'requested',
      note: 'Delivered to the yard, please',
      wantedBy: dayFromToday(10),
      validUntil: null,
      total: null,
      checkoutId: null,
      answeredAt: null,
      decidedAt: null,
    });
    expect(quote.lines).toEqual([
      {
        productId: drill.id,
        productName: drill.name,
        quantity: 30,
        listPrice: 8,
        unitPrice: null,
        listPriceCents: 800,
        unitPriceCents: null,
      },
      {
        productId: saw.id,
        productName: saw.name,
        quantity: 200,
        listPrice: 40,
        unitPrice: null,
        listPriceCents: 4_000,
        unitPriceCents: null,
      },
    ]);
    expect((await quoteApi(t.app, ann).get(quote._id)).json()).toEqual(quote);
    expect((await quoteApi(t.app, admin).get(quote._id)).statusCode).toBe(200);
    expect((await quoteApi(t.app, bob).get(quote._id)).statusCode).toBe(403);
    expect((await quoteApi(t.app, ann).get('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const audit = (await auditEntries(t.app, admin, 'quote.requested')).find((e) => e.entityId === quote._id);
    expect(audit).toMatchObject({ actorEmail: ann.email, entityType: 'quote' });
  });

  it('refuses bad requests naming the field, unknown or archived products (404) and anonymous callers', async () => {
    const p = await makeCartProduct(t.app, { quantity: 5 });
    const api = quoteApi(t.app, ann);
    const field = async (body: Record<string, unknown>) => {
      const res = await api.request(body);
      expect(res.statusCode).toBe(400);
      return res.json().field as string;
    };
    expect(await field({ lines: [] })).toBe('lines');
    expect(await field({ lines: [{ productId: p.id, quantity: 0 }] })).toBe('lines.0.quantity');
    expect(await field({ lines: [{ productId: 'x', quantity: 1 }] })).toBe('lines.0.productId');
    const twice = [
      { productId: p.id, quantity: 1 },
      { productId: p.id, quantity: 2 },
    ];
    expect(await field({ lines: twice })).toBe('lines');
    expect(await field({ lines: [{ productId: p.id, quantity: 1 }], wantedBy: dayFromToday(-1) })).toBe(
      'wantedBy',
    );
    expect(await field({ lines: [{ productId: p.id, quantity: 1 }], wantedBy: '31/12/2030' })).toBe(
      'wantedBy',
    );
    let res = await api.request({
      lines: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('00000000-0000-4000-8000-000000000000');
    await changeProduct(t.app, p.id, { archivedAt: new Date() });
    res = await api.request({ lines: [{ productId: p.id, quantity: 1 }] });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain(p.name);
    res = await quoteApi(t.app, null).request({ lines: [{ productId: p.id, quantity: 1 }] });
    expect(res.statusCode).toBe(401);
    expect((await quoteApi(t.app, null).list()).statusCode).toBe(401);
  });

  it('asks an unverified customer to verify the address first (403), and takes the request once verified', async () => {
    const p = await makeCartProduct(t.app, { quantity: 5 });
    const carl = await signUp(t.app, { name: 'Carl Unverified' });
    const body = { lines: [{ productId: p.id, quantity: 3 }] };
    let res = await quoteApi(t.app, carl).request(body);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(quoteMessages.verifyFirst);
    expect((await quoteApi(t.app, carl).list()).json()).toEqual([]);

    await t.app.database.db.update(user).set({ emailVerified: true }).where(eq(user.email, carl.email));
    t.app.sessionCache.clear();
    res = await quoteApi(t.app, carl).request(body);
    expect(res.statusCode).toBe(201);
  });
});

describe('answering and declining (admin)', () => {
  it('prices every line once: quoted, total, the customer mailed, audited; a second answer is a 409', async () => {
    const { quote } = await newRequest();
    const before = t.mail.sent.length;
    const res = await quoteApi(t.app, admin).answer(quote._id, answerBody(quote));
    expect(res.statusCode).toBe(200);
    const quoted = res.json() as Quote;
    expect(quoted).toMatchObject({ status: 'quoted', validUntil: dayFromToday(7), total: 230 * 5.5 });
    expect(quoted.lines.map((l) => l.unitPrice)).toEqual([5.5, 5.5]);
    expect(quoted.answeredAt).not.toBeNull();
    const mails = t.mail.sent.slice(before).filter((m) => m.to === ann.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/quote is ready/);
    expect(mails[0]!.text).toContain(`${t.config.baseUrl}/dashboard/quotes`);
    const audit = (await auditEntries(t.app, admin, 'quote.answered')).find((e) => e.entityId === quote._id);
    expect(audit?.actorEmail).toBe(admin.email);

    const again = await quoteApi(t.app, admin).answer(quote._id, answerBody(quote));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(quoteMessages.notRequested);
  });

  it('refuses customers (403), a price list that does not match the lines and a past validUntil (400)', async () => {
    const { quote } = await newRequest();
    expect((await quoteApi(t.app, ann).answer(quote._id, answerBody(quote))).statusCode).toBe(403);
    expect((await quoteApi(t.app, ann).decline(quote._id, 'no')).statusCode).toBe(403);
    expect((await quoteApi(t.app, null).answer(quote._id, answerBody(quote))).statusCode).toBe(401);
    const api = quoteApi(t.app, admin);
    const [first] = answerBody(quote).lines;
    for (const lines of [[first], [first, first], [first, { ...first!, productId: quote._id }]]) {
      const res = await api.answer(quote._id, { lines, validUntil: dayFromToday(3) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'lines', message: `lines: ${quoteMessages.linesMismatch}` });
    }
    let res = await api.answer(quote._id, answerBody(quote, dayFromToday(-1)));
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('validUntil');
    res = await api.answer(quote._id, { ...answerBody(quote), lines: [{ ...first!, unitPrice: 0 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('lines.0.unitPrice');
    expect((await api.answer('00000000-0000-4000-8000-000000000000', answerBody(quote))).statusCode).toBe(
      404,
    );
    // Each line within what one payment can take, their sum not: refused before anything is written.
    const most = Math.max(...quote.lines.map((l) => l.quantity));
    const unitPrice = Math.floor(MAX_ORDER_TOTAL_CENTS / most) / 100;
    res = await api.answer(quote._id, {
      ...answerBody(quote),
      lines: answerBody(quote).lines.map((l) => ({ ...l, unitPrice })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'lines',
      message: expect.stringMatching(/at most \$999,999\.99/),
    });
    // Today is still a valid last day.
    expect((await api.answer(quote._id, answerBody(quote, dayFromToday(0)))).statusCode).toBe(200);
  });

  it('declines a request or an offer with a reason, mailed and audited; then nothing more can happen', async () => {
    const { quote } = await newRequest();
    const api = quoteApi(t.app, admin);
    expect((await api.decline(quote._id, ' ')).json().field).toBe('reason');
    const before = t.mail.sent.length;
    const res = await api.decline(quote._id, 'We no longer stock these.');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'declined', declineReason: 'We no longer stock these.' });
    expect(res.json().decidedAt).not.toBeNull();
    const mails = t.mail.sent.slice(before).filter((m) => m.to === ann.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('We no longer stock these.');
    const audit = (await auditEntries(t.app, admin, 'quote.declined')).find((e) => e.entityId === quote._id);
    expect(audit?.actorEmail).toBe(admin.email);
    expect((await api.decline(quote._id, 'again')).statusCode).toBe(409);
    expect((await api.answer(quote._id, answerBody(quote))).statusCode).toBe(409);
    const accept = await quoteApi(t.app, ann).accept(quote._id);
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toBe(quoteMessages.declined);

    // A quoted one can be withdrawn too.
    const other = (await newRequest()).quote;
    await api.answer(other._id, answerBody(other));
    expect((await api.decline(other._id, 'Prices changed.')).json().status).toBe('declined');
  });
});

describe('GET /api/quotes', () => {
  it('pages newest first: a customer sees their own, an admin everyone’s; the status filter knows expired', async () => {
    // A customer with no quotes yet, so the counts are exact.
    const dora = await signUp(t.app, { name: 'Dora Quote', verified: true });
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await newRequest(dora)).quote._id);
    const quotedId = made[1]!;
    const expiredId = made[2]!;
    for (const id of [quotedId, expiredId]) {
      const q = (await quoteApi(t.app, dora).get(id)).json() as Quote;
      expect((await quoteApi(t.app, admin).answer(id, answerBody(q))).statusCode).toBe(200);
    }
    await t.app.database.db
      .update(quotes)
      .set({ validUntil: dayFromToday(-1) })
      .where(eq(quotes.id, expiredId));

    const mine = await allPages<Quote>(t.app, dora, '/api/quotes?limit=2');
    expect(mine.pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(mine.total).toBe(5);
    expect(mine.items.map((q) => q._id)).toEqual([...made].reverse());
    expect(mine.items.find((q) => q._id === expiredId)!.status).toBe('expired');

    const ids = async (client: Client, status: string) =>
      (await allPages<Quote>(t.app, client, `/api/quotes?status=${status}`)).items
        .filter((q) => made.includes(q._id))
        .map((q) => q._id);
    expect(await ids(dora, 'expired')).toEqual([expiredId]);
    expect(await ids(dora, 'quoted')).toEqual([quotedId]);
    expect(await ids(admin, 'expired')).toEqual([expiredId]);
    expect((await ids(dora, 'requested')).sort()).toEqual([made[0], made[3], made[4]].sort());
    // Ann sees none of Dora's; the admin sees them all.
    expect((await allPages<Quote>(t.app, ann, '/api/quotes')).items.some((q) => made.includes(q._id))).toBe(
      false,
    );
    const all = await allPages<Quote>(t.app, admin, '/api/quotes?limit=3');
    expect(made.every((id) => all.items.some((q) => q._id === id))).toBe(true);
    expect(all.items.length).toBe(all.total);

    expect((await quoteApi(t.app, dora).list('?status=nope')).json().field).toBe('status');
    expect((await quoteApi(t.app, dora).list('?cursor=abc')).json().field).toBe('cursor');
  });
});

it('is documented in the OpenAPI document', async () => {
  const doc = (await t.app.inject('/api/docs/json')).json();
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining([
      '/api/quotes',
      '/api/quotes/{id}',
      '/api/quotes/{id}/answer',
      '/api/quotes/{id}/decline',
      '/api/quotes/{id}/accept',
    ]),
  );
  expect(JSON.stringify(doc.paths['/api/quotes/{id}/accept'].post.responses['409'])).toContain('lines');
});
