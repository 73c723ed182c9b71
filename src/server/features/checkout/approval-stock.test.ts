import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '@shared/checkout/checkout.schema';
import { products, user } from '../../db/schema';
import { ageCheckout } from '../../test/approval-clock';
import { signUp, type Client } from '../../test/auth';
import { cartApi, changeProduct, checkoutApi, makeCartProduct } from '../../test/cart';
import { apiCaller, inviteAndJoin } from '../../test/companies';
import { createTestApp, type TestApp } from '../../test/helper';
import { orderDepsOf } from '../../test/shop';
import { releaseApprovalHolds } from './approvals.stock';

// APPROVAL_HOLD_MAX_UNITS=0: every checkout awaiting approval is over the shop's cap, so its stock is held for the
// checkout window only and taken again when it is approved after that (docs/decisions/060).
let t: TestApp;
let ann: Client; // founds Acme: company admin and approver
let bob: Client; // buyer with a $100 per-order limit
let acme: string;

const call = apiCaller(() => t.app);
const deps = () => orderDepsOf(t.app);
const MIN = 60_000;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false', AUTH_RATE_LIMIT: 'false', APPROVAL_HOLD_MAX_UNITS: '0' });
  ann = await signUp(t.app, { name: 'Ann Founder', verified: true });
  bob = await signUp(t.app, { name: 'Bob Buyer', verified: true });
  const amy = await signUp(t.app, { name: 'Amy Approver', verified: true });
  acme = (await call(ann, 'POST', '/companies', { name: 'Acme Stock', taxId: '12-3456781' })).json()._id;
  await inviteAndJoin(t, acme, ann, bob, ['buyer']);
  await inviteAndJoin(t, acme, ann, amy, ['approver']);
  const [b] = await t.app.database.db.select({ id: user.id }).from(user).where(eq(user.email, bob.email));
  const limits = { orderLimit: 100, monthlyLimit: null };
  expect((await call(ann, 'PUT', `/companies/${acme}/members/${b!.id}/limits`, limits)).statusCode).toBe(200);
  ann = amy; // the approver who decides below (not the founder, who is also one)
});
afterAll(() => t.close());

async function product(quantity: number, backorderable = false) {
  const p = await makeCartProduct(t.app, { priceCents: 6_000, quantity });
  if (backorderable)
    await t.app.database.db
      .update(products)
      .set({ backorderable: true, leadTimeDays: 14 })
      .where(eq(products.id, p.id));
  return p;
}

/** Bob checks out `qty` of the product (over his limit: it waits), and its stock window passes. */
async function releasedCheckout(productId: string, qty: number, sweep = true) {
  expect((await cartApi(t.app, bob).add(productId, qty)).statusCode).toBe(200);
  const res = await checkoutApi(t.app, bob).create();
  expect(res.statusCode).toBe(201);
  const co = res.json() as Checkout;
  expect(co.status).toBe('awaiting_approval');
  await ageCheckout(t.app, co._id, deps().expiryMs + MIN);
  if (sweep) await releaseApprovalHolds(deps());
  return co;
}

const stockOf = async (id: string) =>
  (await t.app.database.db.select({ q: products.quantity }).from(products).where(eq(products.id, id)))[0]!.q;
const read = async (id: string) => (await checkoutApi(t.app, bob).get(id)).json() as Checkout;
const decide = (id: string, decision: 'approve' | 'reject') =>
  call(ann, 'POST', `/companies/${acme}/approvals/${id}`, { decision });

describe('a checkout awaiting approval over the hold cap', () => {
  it('gives its stock back after the checkout window and still waits; approved, it takes the stock again', async () => {
    const p = await product(10);
    const co = await releasedCheckout(p.id, 3);
    expect(await stockOf(p.id)).toBe(10);
    expect((await read(co._id)).status).toBe('awaiting_approval');
    // A second pass finds nothing more to give back.
    expect(await releaseApprovalHolds(deps())).toBe(0);
    expect(await stockOf(p.id)).toBe(10);

    expect((await decide(co._id, 'approve')).statusCode).toBe(200);
    expect(await stockOf(p.id)).toBe(7);
    const approved = await read(co._id);
    expect(approved.status).toBe('unpaid');
    expect(approved.lines[0]!.backorderedQuantity ?? 0).toBe(0);
    expect((await checkoutApi(t.app, bob).cancel(co._id)).statusCode).toBe(200);
    expect(await stockOf(p.id)).toBe(10);
  });

  it('approved after its window before any sweep: released and taken again once, in the decision', async () => {
    const p = await product(10);
    const co = await releasedCheckout(p.id, 4, false);
    expect(await stockOf(p.id)).toBe(6);
    expect((await decide(co._id, 'approve')).statusCode).toBe(200);
    expect(await stockOf(p.id)).toBe(6);
    expect((await checkoutApi(t.app, bob).cancel(co._id)).statusCode).toBe(200);
    expect(await stockOf(p.id)).toBe(10);
  });

  it('the stock sold meanwhile: 409 naming the product, nothing approved; rejecting gives nothing back twice', async () => {
    const p = await product(10);
    const co = await releasedCheckout(p.id, 5);
    await changeProduct(t.app, p.id, { quantity: 2 });
    const res = await decide(co._id, 'approve');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(`"${p.name}"`);
    expect(await stockOf(p.id)).toBe(2);
    expect((await read(co._id)).status).toBe('awaiting_approval');
    expect((await decide(co._id, 'reject')).statusCode).toBe(200);
    expect(await stockOf(p.id)).toBe(2);
  });

  it('a backorderable product: what is left is reserved, the rest backordered', async () => {
    const p = await product(10, true);
    const co = await releasedCheckout(p.id, 5);
    await changeProduct(t.app, p.id, { quantity: 2 });
    expect((await decide(co._id, 'approve')).statusCode).toBe(200);
    expect(await stockOf(p.id)).toBe(0);
    const line = (await read(co._id)).lines[0]!;
    expect(line.backorderedQuantity).toBe(3);
    expect(line.expectedShipOn).not.toBeNull();
    // Cancelled: only the 2 reserved units come back.
    expect((await checkoutApi(t.app, bob).cancel(co._id)).statusCode).toBe(200);
    expect(await stockOf(p.id)).toBe(2);
  });

  it("the buyer's cancel after the release gives nothing back twice", async () => {
    const p = await product(10);
    const co = await releasedCheckout(p.id, 3);
    expect(await stockOf(p.id)).toBe(10);
    expect((await checkoutApi(t.app, bob).cancel(co._id)).statusCode).toBe(200);
    expect(await stockOf(p.id)).toBe(10);
  });
});
