import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import { checkoutMessages, type Checkout } from '@shared/checkout/checkout.schema';
import { quoteMessages, type Quote } from '@shared/quotes/quotes.schema';
import { checkouts, quotes } from '../../db/schema';
import type { TestApp } from '../../test/helper';
import type { Client } from '../../test/auth';
import { appWithPeople } from '../../test/people';
import { auditEntries } from '../../test/admin';
import { cartApi, changeProduct, checkoutApi, makeCartProduct } from '../../test/cart';
import { dayFromToday, quoteApi } from '../../test/quotes';
import { stockOf } from '../../test/shop';

let t: TestApp;
let admin: Client;
let ann: Client;
let bob: Client;

beforeAll(async () => {
  [t, admin, ann, bob] = await appWithPeople('Ann Accept', 'Bob Accept');
});
afterAll(() => t.close());

/**
 * A quote of `client`'s answered by the admin: 12 drills (list $10, $8 from 10) quoted at $6.50 and 3 saws (list
 * $40) quoted at $35.
 */
async function quotedQuote(client = ann) {
  const drill = await makeCartProduct(t.app, {
    priceCents: 1_000,
    quantity: 50,
    breaks: [{ minQuantity: 10, unitPriceCents: 800 }],
  });
  const saw = await makeCartProduct(t.app, { priceCents: 4_000, quantity: 5 });
  const req = await quoteApi(t.app, client).request({
    lines: [
      { productId: saw.id, quantity: 3 },
      { productId: drill.id, quantity: 12 },
    ],
  });
  expect(req.statusCode).toBe(201);
  const id = (req.json() as Quote)._id;
  const res = await quoteApi(t.app, admin).answer(id, {
    lines: [
      { productId: drill.id, unitPrice: 6.5 },
      { productId: saw.id, unitPrice: 35 },
    ],
    validUntil: dayFromToday(5),
  });
  expect(res.statusCode).toBe(200);
  return { quote: res.json() as Quote, drill, saw };
}

const lineOf = (c: Checkout, productId: string) => c.lines.find((l) => l.productId === productId)!;

describe('accepting a quote', () => {
  it('becomes one checkout at the quoted prices, stock reserved, cart untouched; paid like any checkout', async () => {
    const { quote, drill, saw } = await quotedQuote();
    // Something already in the cart stays there: a quote's checkout is not the cart's.
    const other = await makeCartProduct(t.app, { quantity: 10 });
    const cart = cartApi(t.app, ann);
    expect((await cart.add(other.id, 2)).statusCode).toBe(200);
    const before = t.mail.sent.length;

    const res = await quoteApi(t.app, ann).accept(quote._id, { poNumber: 'PO-Q1' });
    expect(res.statusCode).toBe(201);
    const co = res.json() as Checkout;
    expect(co).toMatchObject({ status: 'unpaid', poNumber: 'PO-Q1', total: 12 * 6.5 + 3 * 35 });
    expect(lineOf(co, drill.id)).toMatchObject({ price: 6.5, quantity: 12, total: 78, checkoutId: co._id });
    expect(lineOf(co, saw.id)).toMatchObject({ price: 35, quantity: 3 });
    expect(await stockOf(t.app, drill.id)).toBe(38);
    expect(await stockOf(t.app, saw.id)).toBe(2);
    expect((await cart.get()).json().count).toBe(1);
    expect(t.mail.sent.slice(before).filter((m) => m.to === ann.email)).toHaveLength(1);

    const accepted = (await quoteApi(t.app, ann).get(quote._id)).json() as Quote;
    expect(accepted).toMatchObject({ status: 'accepted', checkoutId: co._id });
    expect(accepted.decidedAt).not.toBeNull();
    const audit = (await auditEntries(t.app, admin, 'quote.accepted')).find((e) => e.entityId === quote._id);
    expect(audit).toMatchObject({ actorEmail: ann.email, after: { checkoutId: co._id } });

    // Paid through the checkout's own calls, at the quoted total.
    const { intent, put } = await checkoutApi(t.app, ann).pay(co._id);
    expect(intent.json().amount).toBe(183);
    const paid = await put();
    expect(paid.statusCode).toBe(200);
    expect(paid.json().checkout.status).toBe('paid');

    // The line's timeline says the price came from the quote.
    const timeline = await t.app.inject({
      url: `/api/order/${lineOf(co, drill.id)._id}/timeline`,
      headers: ann.headers,
    });
    expect(timeline.statusCode).toBe(200);
    const placed = timeline.json().entries.find((e: { kind: string }) => e.kind === 'placed');
    expect(placed.detail).toContain('quoted price');

    // Accepted once: a second accept is a 409 and makes nothing.
    const again = await quoteApi(t.app, ann).accept(quote._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(quoteMessages.accepted);
  });

  it('is the customer’s own decision: another customer and admins get 403, anonymous 401', async () => {
    const { quote } = await quotedQuote();
    expect((await quoteApi(t.app, bob).accept(quote._id)).statusCode).toBe(403);
    const byAdmin = await quoteApi(t.app, admin).accept(quote._id);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe(quoteMessages.acceptOwnOnly);
    expect((await quoteApi(t.app, null).accept(quote._id)).statusCode).toBe(401);
    expect((await quoteApi(t.app, ann).accept('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await quoteApi(t.app, ann).accept(quote._id, { address: '' })).json().field).toBe('address');
    expect((await quoteApi(t.app, ann).get(quote._id)).json().status).toBe('quoted');
  });

  it('refuses a request not answered yet and an expired quote (409), nothing reserved', async () => {
    const p = await makeCartProduct(t.app, { quantity: 5 });
    const req = (
      await quoteApi(t.app, ann).request({ lines: [{ productId: p.id, quantity: 1 }] })
    ).json() as Quote;
    let res = await quoteApi(t.app, ann).accept(req._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(quoteMessages.notQuoted);

    const { quote, drill } = await quotedQuote();
    await t.app.database.db
      .update(quotes)
      .set({ validUntil: dayFromToday(-1) })
      .where(eq(quotes.id, quote._id));
    expect((await quoteApi(t.app, ann).get(quote._id)).json().status).toBe('expired');
    res = await quoteApi(t.app, ann).accept(quote._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(quoteMessages.expired);
    expect(await stockOf(t.app, drill.id)).toBe(50);
  });

  it('keeps the stock rules: too little stock is the checkout’s 409 naming the lines, the quote stays quoted', async () => {
    const { quote, saw, drill } = await quotedQuote();
    await changeProduct(t.app, saw.id, { quantity: 2 });
    const res = await quoteApi(t.app, ann).accept(quote._id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      statusCode: 409,
      error: 'conflict',
      message: checkoutMessages.linesProblem,
      lines: [{ productId: saw.id, name: saw.name, problem: messages.quantityAboveStock }],
    });
    expect(await stockOf(t.app, drill.id)).toBe(50);
    expect((await quoteApi(t.app, ann).get(quote._id)).json()).toMatchObject({
      status: 'quoted',
      checkoutId: null,
    });
    // Once the stock is back it can be accepted.
    await changeProduct(t.app, saw.id, { quantity: 5 });
    expect((await quoteApi(t.app, ann).accept(quote._id)).statusCode).toBe(201);
  });

  it('two accepts at once make one checkout: the other is a 409', async () => {
    const { quote, drill } = await quotedQuote(bob);
    const results = await Promise.all([
      quoteApi(t.app, bob).accept(quote._id),
      quoteApi(t.app, bob).accept(quote._id),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const made = await t.app.database.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.userId, await userIdOf(bob)));
    expect(made).toHaveLength(1);
    expect(await stockOf(t.app, drill.id)).toBe(38);
  });
});

async function userIdOf(client: Client) {
  const res = await t.app.inject({ url: '/api/auth/get-session', headers: client.headers });
  return res.json().user.id as string;
}
