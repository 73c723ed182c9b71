import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '@shared/checkout/checkout.schema';
import { products, user } from '../../db/schema';
import { ageCheckout } from '../../test/approval-clock';
import { signUp, type Client } from '../../test/auth';
import { cartApi, checkoutApi, makeCartProduct } from '../../test/cart';
import { apiCaller, inviteAndJoin } from '../../test/companies';
import { createTestApp, type TestApp } from '../../test/helper';
import { orderDepsOf } from '../../test/shop';
import { releaseApprovalHolds } from './approvals.stock';

// PostgreSQL only: two approvals at once on a connection pool, each taking again the stock its checkout gave back
// while it waited over the shop's hold cap (APPROVAL_HOLD_MAX_UNITS=0; docs/decisions/060).
let t: TestApp;
let amy: Client; // approver
let abe: Client; // second approver
let bob: Client; // buyer with a $100 per-order limit
let acme: string;

const call = apiCaller(() => t.app);
const MIN = 60_000;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false', AUTH_RATE_LIMIT: 'false', APPROVAL_HOLD_MAX_UNITS: '0' });
  const ann = await signUp(t.app, { name: 'Ann Founder', verified: true });
  bob = await signUp(t.app, { name: 'Bob Buyer', verified: true });
  amy = await signUp(t.app, { name: 'Amy Approver', verified: true });
  abe = await signUp(t.app, { name: 'Abe Approver', verified: true });
  acme = (await call(ann, 'POST', '/companies', { name: 'Acme Race', taxId: '12-3456782' })).json()._id;
  await inviteAndJoin(t, acme, ann, bob, ['buyer']);
  await inviteAndJoin(t, acme, ann, amy, ['approver']);
  await inviteAndJoin(t, acme, ann, abe, ['approver']);
  const [b] = await t.app.database.db.select({ id: user.id }).from(user).where(eq(user.email, bob.email));
  const limits = { orderLimit: 100, monthlyLimit: null };
  expect((await call(ann, 'PUT', `/companies/${acme}/members/${b!.id}/limits`, limits)).statusCode).toBe(200);
});
afterAll(() => t.close());

const stockOf = async (id: string) =>
  (await t.app.database.db.select({ q: products.quantity }).from(products).where(eq(products.id, id)))[0]!.q;

/** Two checkouts of all 3 units of one product, each over the cap and past its stock window: both gave them back. */
async function twoReleased(backorderable: boolean) {
  const p = await makeCartProduct(t.app, { priceCents: 6_000, quantity: 3 });
  if (backorderable)
    await t.app.database.db
      .update(products)
      .set({ backorderable: true, leadTimeDays: 10 })
      .where(eq(products.id, p.id));
  const cos: Checkout[] = [];
  for (let i = 0; i < 2; i++) {
    expect((await cartApi(t.app, bob).add(p.id, 3)).statusCode).toBe(200);
    const res = await checkoutApi(t.app, bob).create();
    expect(res.statusCode).toBe(201);
    const co = res.json() as Checkout;
    await ageCheckout(t.app, co._id, orderDepsOf(t.app).expiryMs + MIN);
    await releaseApprovalHolds(orderDepsOf(t.app));
    expect(await stockOf(p.id)).toBe(3);
    cos.push(co);
  }
  return { p, cos };
}

const approveBoth = (cos: Checkout[]) =>
  Promise.all([
    call(amy, 'POST', `/companies/${acme}/approvals/${cos[0]!._id}`, { decision: 'approve' }),
    call(abe, 'POST', `/companies/${acme}/approvals/${cos[1]!._id}`, { decision: 'approve' }),
  ]);

describe('two approvals racing for the last units their checkouts gave back', () => {
  it('not backorderable: one takes the 3 units, the other is 409 naming the product; never oversold', async () => {
    for (let round = 0; round < 3; round++) {
      const { p, cos } = await twoReleased(false);
      const results = await approveBoth(cos);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json().message).toContain(`"${p.name}"`);
      expect(await stockOf(p.id)).toBe(0);
      for (const co of cos) await checkoutApi(t.app, bob).cancel(co._id);
      expect(await stockOf(p.id)).toBe(3);
    }
  });

  it('backorderable: both approved, one reserves the 3 units, the other backorders all 3', async () => {
    const { p, cos } = await twoReleased(true);
    const results = await approveBoth(cos);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await stockOf(p.id)).toBe(0);
    const lines = await Promise.all(
      cos.map(async (co) => ((await checkoutApi(t.app, bob).get(co._id)).json() as Checkout).lines[0]!),
    );
    expect(lines.map((l) => l.backorderedQuantity ?? 0).sort()).toEqual([0, 3]);
    for (const co of cos) expect((await checkoutApi(t.app, bob).cancel(co._id)).statusCode).toBe(200);
    expect(await stockOf(p.id)).toBe(3);
  });
});
