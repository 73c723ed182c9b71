import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { staffMailLabel } from '@shared/notifications/notifications.schema';
import { orders, products, user } from '../../db/schema';
import { AppError } from '../../infra/errors';
import { signUp, signUpAdmin, uniqueEmail, type Client } from '../../test/auth';
import { makeCartProduct, cartApi, checkoutApi, twoLineCheckout } from '../../test/cart';
import { importCsv } from '../../test/csv-import';
import { createTestApp, type TestApp } from '../../test/helper';
import { quoteApi } from '../../test/quotes';
import { makeProduct, payOrder, placeOrder } from '../../test/shop';

// Staff mail (decision 034): STAFF_EMAILS plus the admins who did not opt out, once each, queued with the change.
// Refunds retry after 1 s and give up after one retry, so the job's last attempt fits in a test.
const OPS = 'ops@example.com';
const bossEmail = uniqueEmail('boss');
let t: TestApp;
let alice: Client;
let boss: Client;
let optedOut: Client;
let listed: Client;

beforeAll(async () => {
  t = await createTestApp({
    SEED_DEMO: 'false',
    // The boss is listed and is an admin who stays opted in: mailed once, spelled as STAFF_EMAILS spells it.
    STAFF_EMAILS: ` ${OPS}, ${bossEmail.toUpperCase()} ,`,
    REFUND_RETRY_DELAY_SECONDS: '1',
    REFUND_RETRY_LIMIT: '1',
    JOBS_POLL_MS: '500',
  });
  alice = await signUp(t.app, { name: 'Alice Buyer', verified: true });
  boss = await signUp(t.app, { email: bossEmail, name: 'The Boss', verified: true });
  await t.app.database.db.update(user).set({ role: 'admin' }).where(eq(user.email, bossEmail));
  optedOut = await signUpAdmin(t.app);
  listed = await signUpAdmin(t.app);
  const off = await setting(optedOut, optedOut.email, { staffMail: false });
  expect(off.statusCode).toBe(200);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

function setting(client: Client, email: string, body?: unknown) {
  return t.app.inject({
    method: body === undefined ? 'GET' : 'PUT',
    url: `/api/notifications/${email}`,
    headers: client.headers,
    ...(body !== undefined && { payload: body as Record<string, unknown> }),
  });
}

/** Who got mails whose subject starts so, lower-cased and sorted (one entry per mail). */
const staffTo = (subject: string) =>
  t.mail.sent
    .filter((m) => m.subject.startsWith(subject))
    .map((m) => m.to.toLowerCase())
    .sort();
const mailsTo = (email: string, subject: string) =>
  t.mail.sent.filter((m) => m.to === email && m.subject.startsWith(subject));
/** The staff of this file: the listed address, the listed admin and the admin who kept the default. */
const staff = () => [OPS, bossEmail, listed.email].map((e) => e.toLowerCase()).sort();

describe('the staff-mail preference', () => {
  it('is on by default for an admin, who turns it off and on again', async () => {
    const before = await setting(listed, listed.email);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ email: listed.email, staffMail: true, listedInConfig: false });
    expect((await setting(listed, listed.email, { staffMail: false })).json().staffMail).toBe(false);
    expect((await setting(listed, listed.email)).json().staffMail).toBe(false);
    expect((await setting(listed, listed.email, { staffMail: true })).json().staffMail).toBe(true);
    expect((await setting(boss, bossEmail)).json()).toMatchObject({ staffMail: true, listedInConfig: true });
  });

  it("is an admin's own: another admin's is 403, a customer's 403, without a session 401", async () => {
    expect((await setting(boss, optedOut.email)).statusCode).toBe(403);
    expect((await setting(boss, optedOut.email, { staffMail: true })).statusCode).toBe(403);
    expect((await setting(optedOut, optedOut.email)).json().staffMail).toBe(false);
    expect((await setting(alice, alice.email)).statusCode).toBe(403);
    expect((await setting(alice, alice.email, { staffMail: true })).statusCode).toBe(403);
    const anonymous = await t.app.inject({ url: `/api/notifications/${boss.email}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a bad body with a 400 naming the field', async () => {
    for (const body of [{ staffMail: 'no' }, {}, { staffMail: true, extra: 1 }]) {
      const res = await setting(listed, listed.email, body);
      expect(res.statusCode).toBe(400);
      expect(res.body).toMatch(/staffMail|extra/);
    }
    expect((await setting(listed, 'not-an-email')).statusCode).toBe(400);
  });

  it('has the label the dashboard shows', () => {
    expect(staffMailLabel).toBe('Email me about orders, quotes, stock and imports');
  });
});

/** The order's short number, as its mails name it. */
async function numberOf(id: string) {
  const [row] = await t.app.database.db
    .select({ n: orders.orderNumber })
    .from(orders)
    .where(eq(orders.id, id));
  return row!.n;
}

describe('staff are mailed', () => {
  it('when an order is paid: who, what, how much, and a link to the order', async () => {
    const product = await makeProduct(t.app, { quantity: 50, priceCents: 12_550 });
    const id = (await placeOrder(t.app, alice, { productId: product.id, quantity: 2 })).json().insertedId;
    expect((await payOrder(t.app, alice, id)).pay!.statusCode).toBe(200);
    const orderNumber = await numberOf(id);
    const subject = `Order paid: ${product.name}, $251.00 (#${orderNumber})`;
    expect(staffTo(subject)).toEqual(staff());
    const mail = t.mail.sent.find((m) => m.subject === subject)!;
    expect(mail.text).toContain(`Alice Buyer (${alice.email}) paid $251.00 for 2 × ${product.name}`);
    expect(mail.text).toContain(`Order: #${orderNumber}.`);
    expect(mail.text).toContain(`http://localhost:3000/dashboard/orders/${id}`);
  });

  it('when a checkout is paid, naming its PO number', async () => {
    const { co } = await twoLineCheckout(t.app, alice);
    const pay = await checkoutApi(t.app, alice).pay(co._id);
    expect((await pay.put()).statusCode).toBe(200);
    const [first, second] = co.lines.map((l) => l.orderNumber).sort((a, b) => a - b);
    expect(second).toBe(first! + 1);
    const subject = `Checkout paid: 2 items, $120.00 (PO PO-9) (orders #${first}–#${second})`;
    expect(staffTo(subject)).toEqual(staff());
    const mail = t.mail.sent.find((m) => m.subject === subject)!;
    expect(mail.text).toContain(`Orders: #${first}–#${second}. PO number: PO-9.`);
    expect(mail.text).toContain('of Acme paid $120.00');
  });

  it('when a quote is requested', async () => {
    const product = await makeProduct(t.app, { name: `Quoted Pump ${Date.now()}` });
    const res = await quoteApi(t.app, alice).request({
      lines: [{ productId: product.id, quantity: 40 }],
      note: 'For the new yard',
    });
    expect(res.statusCode).toBe(201);
    expect(staffTo('Quote requested by Alice Buyer')).toEqual(staff());
    const mail = t.mail.sent.find((m) => m.subject.startsWith('Quote requested by Alice Buyer'))!;
    expect(mail.text).toContain(`40 × ${product.name}`);
    expect(mail.text).toContain('Note: For the new yard');
    expect(mail.text).toContain('/dashboard/manage-quotes');
  });

  it('when a catalogue import finishes', async () => {
    const sku = `NTF-${Date.now().toString(36)}`;
    const csv = `sku,name,price,quantity,minOrder,description,image\n${sku},Imported Hose,12.50,30,1,A hose.,/media/products/test.webp\n`;
    const result = await importCsv(t.app, boss, csv);
    expect(result.status).toBe('done');
    expect(staffTo('Catalogue import finished: catalogue.csv')).toEqual(staff());
    const mail = t.mail.sent.find((m) => m.subject === 'Catalogue import finished: catalogue.csv')!;
    expect(mail.text).toContain('1 products created, 0 updated, 0 rows rejected');
  });

  it('once when stock falls to the threshold, not on every sale while low; again after a restock', async () => {
    const product = await makeProduct(t.app, { quantity: 10 });
    const put = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/product/${product.id}`,
        headers: boss.headers,
        payload: body,
      });
    expect((await put({ lowStockThreshold: 5 })).statusCode).toBe(200);
    const list = await t.app.inject({ url: `/api/admin/products?q=${product.sku}`, headers: boss.headers });
    expect(list.json()).toEqual([expect.objectContaining({ _id: product.id, lowStockThreshold: 5 })]);
    expect((await put({ lowStockThreshold: -1 })).json()).toMatchObject({ field: 'lowStockThreshold' });
    const subject = `Low stock: ${product.name}`;
    const order = (quantity: number) => placeOrder(t.app, alice, { productId: product.id, quantity });
    expect((await order(4)).statusCode).toBe(200); // 10 → 6
    expect(staffTo(subject)).toEqual([]);
    const crossed = await order(1);
    expect(crossed.statusCode).toBe(200); // 6 → 5: crossed
    expect(staffTo(subject)).toEqual(staff());
    const mail = t.mail.sent.find((m) => m.subject.startsWith(subject))!;
    expect(mail.subject).toBe(`Low stock: ${product.name} (5 left)`);
    expect(mail.text).toContain('5 left, low-stock threshold 5.');
    // The order that crossed it is named by its number (decision 049), not its id.
    const [crossing] = await t.app.database.db
      .select({ n: orders.orderNumber })
      .from(orders)
      .where(eq(orders.id, crossed.json().insertedId as string));
    expect(mail.text).toContain(`Last change: order reserved (order #${crossing!.n}).`);
    expect(mail.text).toContain(`/dashboard/manage-product/${product.id}`);
    expect((await order(2)).statusCode).toBe(200); // 5 → 3: still low, no new mail
    expect(staffTo(subject)).toHaveLength(3);
    expect((await put({ quantity: 20 })).statusCode).toBe(200); // restocked: armed again
    expect((await put({ quantity: 4 })).statusCode).toBe(200); // an admin's edit crosses too
    expect(staffTo(subject)).toHaveLength(6);
  });

  it('from a CSV import: the threshold is a column (none: the minimum order), one mail lists what fell', async () => {
    const head = 'sku,name,price,quantity,minOrder,description,image,low_stock_threshold';
    const sku = `LOW-${Date.now().toString(36)}`.toUpperCase();
    const row = (n: number, quantity: string, threshold: string) =>
      `${sku}-${n},Valve ${n},9.50,${quantity},1,A valve.,/media/products/test.webp,${threshold}`;
    const csv = (...rows: string[]) => [head, ...rows].join('\n') + '\n';
    expect(await importCsv(t.app, boss, csv(row(1, '20', '5'), row(2, '20', '8')))).toMatchObject({
      status: 'done',
      created: 2,
    });
    const thresholds = async () =>
      (
        await t.app.database.db.execute<{ sku: string; threshold: number | null }>(
          sql`select sku, low_stock_threshold as threshold from products where sku like ${`${sku}-%`} order by sku`,
        )
      ).rows.map((r) => r.threshold);
    expect(await thresholds()).toEqual([5, 8]);
    // Both fall to their thresholds in one import: one mail (per recipient) names both.
    const fell = await importCsv(t.app, boss, csv(row(1, '5', ''), row(2, '3', '')));
    expect(fell).toMatchObject({ status: 'done', updated: 2 });
    expect(staffTo('Low stock: 2 products')).toEqual(staff());
    const mail = t.mail.sent.find((m) => m.subject === 'Low stock: 2 products')!;
    expect(mail.text).toContain(`Valve 1 (SKU ${sku}-1): 5 left, low-stock threshold 5.`);
    expect(mail.text).toContain(`Valve 2 (SKU ${sku}-2): 3 left, low-stock threshold 8.`);
    expect(mail.text).toContain(`Last change: import by ${boss.email}.`);
    expect(await importCsv(t.app, boss, csv(row(2, '', 'none')))).toMatchObject({
      status: 'done',
      updated: 1,
    });
    expect(await thresholds()).toEqual([5, null]);
    const bad = await importCsv(t.app, boss, csv(row(1, '5', '-2')));
    expect(bad.problems).toEqual([
      expect.objectContaining({ line: 2, column: 'low_stock_threshold', message: 'must be 0 or more' }),
    ]);
    const exported = await t.app.inject({ url: '/api/catalogue/export.csv', headers: boss.headers });
    expect(exported.body).toContain(',low_stock_threshold');
    // The threshold's own column, wherever it sits (the rows here have no quoted commas).
    const [header, ...rows] = exported.body.replace(/^\ufeff/, '').split(/\r?\n/);
    const at = header!.split(',').indexOf('low_stock_threshold');
    expect(rows.find((r) => r.startsWith(`${sku}-1,`))!.split(',')[at]).toBe('5');
  });

  it("at the product's minimum order when it has no threshold of its own", async () => {
    const product = await makeProduct(t.app, { quantity: 8, minOrder: 3 });
    expect((await placeOrder(t.app, alice, { productId: product.id, quantity: 4 })).statusCode).toBe(200);
    expect(staffTo(`Low stock: ${product.name}`)).toEqual([]);
    expect((await placeOrder(t.app, alice, { productId: product.id, quantity: 3 })).statusCode).toBe(200);
    expect(staffTo(`Low stock: ${product.name} (1 left)`)).toEqual(staff());
  });

  it('when a refund runs out of retries, with the amount and the order', async () => {
    const product = await makeProduct(t.app, { quantity: 5, priceCents: 4_000 });
    const id = (await placeOrder(t.app, alice, { productId: product.id, quantity: 1 })).json().insertedId;
    expect((await payOrder(t.app, alice, id)).pay!.statusCode).toBe(200);
    vi.spyOn(t.app.payments, 'refund').mockRejectedValue(
      new AppError('unavailable', 'The payment provider refused the refund.'),
    );
    const res = await t.app.inject({ method: 'POST', url: `/api/order/${id}/refund`, headers: boss.headers });
    expect(res.statusCode).toBe(200);
    const subject = `Refund failed: ${product.name}, $40.00 (#${await numberOf(id)})`;
    for (let i = 0; i < 100 && staffTo(subject).length < 3; i++) await new Promise((r) => setTimeout(r, 100));
    expect(staffTo(subject)).toEqual(staff());
    const mail = t.mail.sent.find((m) => m.subject === subject)!;
    expect(mail.text).toContain(`Order: #${await numberOf(id)}.`);
    expect(mail.text).toContain('after 2 attempts');
    expect(mail.text).toContain('The payment provider refused the refund.');
  });

  it('never the admin who opted out', () => {
    expect(t.mail.sent.length).toBeGreaterThan(0);
    const toOptedOut = t.mail.sent.filter((m) => m.to === optedOut.email).map((m) => m.subject);
    expect(toOptedOut).toEqual(['Verify your email for Toolhouse']);
  });
});

describe('the customer is mailed when an admin', () => {
  it('cancels their unpaid order (and not when they cancel it themselves)', async () => {
    const product = await makeProduct(t.app, { quantity: 10 });
    const id = (await placeOrder(t.app, alice, { productId: product.id, quantity: 2 })).json().insertedId;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: boss.headers });
    expect(res.statusCode).toBe(200);
    const [mail] = mailsTo(alice.email, `Cancelled: ${product.name}`);
    expect(mail!.text).toContain(
      `We have cancelled your order: 2 × ${product.name} ($125.50 each), total $251.00.`,
    );
    expect(mail!.text).toContain(`Order: #${await numberOf(id)}.`);
    const own = (await placeOrder(t.app, alice, { productId: product.id, quantity: 1 })).json().insertedId;
    await t.app.inject({ method: 'DELETE', url: `/api/order/${own}`, headers: alice.headers });
    expect(mailsTo(alice.email, `Cancelled: ${product.name}`)).toHaveLength(1);
  });

  it('cancels their unpaid checkout', async () => {
    const { co } = await twoLineCheckout(t.app, alice);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/checkout/${co._id}`,
      headers: boss.headers,
    });
    expect(res.statusCode).toBe(200);
    const [first, second] = co.lines.map((l) => l.orderNumber).sort((a, b) => a - b);
    const mails = t.mail.sent.filter(
      (m) => m.to === alice.email && m.text.includes(`Orders: #${first}–#${second}.`),
    );
    expect(mails.map((m) => m.subject)).toEqual([
      `Cancelled: your order of 2 items (orders #${first}–#${second})`,
    ]);
    expect(mails[0]!.text).toContain('Total: $120.00.');
  });

  it('refunds their paid order, with the amount', async () => {
    const product = await makeProduct(t.app, { quantity: 5, priceCents: 2_500 });
    const id = (await placeOrder(t.app, alice, { productId: product.id, quantity: 2 })).json().insertedId;
    expect((await payOrder(t.app, alice, id)).pay!.statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: `/api/order/${id}/refund`, headers: boss.headers });
    expect(res.statusCode).toBe(200);
    const [mail] = mailsTo(alice.email, `Cancelled and being refunded: ${product.name}`);
    expect(mail!.text).toContain('We are refunding your payment of $50.00');
    expect(mailsTo(alice.email, `Refunded: ${product.name}`)).toHaveLength(1);
  });

  it('refunds their paid checkout: one mail listing every line', async () => {
    const drill = await makeCartProduct(t.app, { priceCents: 2_000, quantity: 10 });
    const saw = await makeCartProduct(t.app, { priceCents: 1_500, quantity: 10 });
    await cartApi(t.app, alice).add(drill.id, 3);
    await cartApi(t.app, alice).add(saw.id, 4);
    const co = (await checkoutApi(t.app, alice).create({ poNumber: 'PO-77' })).json();
    expect((await (await checkoutApi(t.app, alice).pay(co._id)).put()).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/checkout/${co._id}/refund`,
      headers: boss.headers,
    });
    expect(res.statusCode).toBe(200);
    const mails = mailsTo(alice.email, 'Cancelled and being refunded: 2 items of your order');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Your PO number: PO-77.');
    expect(mails[0]!.text).toContain('We are refunding $120.00 of your payment');
  });
});

describe('staff mail commits with its change or not at all (the app’s own mail queue)', () => {
  let q: TestApp;
  let admin: Client;
  beforeAll(async () => {
    q = await createTestApp({ SEED_DEMO: 'false', STAFF_EMAILS: OPS }, {}, { mailer: undefined });
    admin = await signUpAdmin(q.app);
  });
  afterAll(() => q.close());

  const staffJobs = async (subject: string) =>
    (
      await q.database.db.execute<{ to: string }>(
        sql`select data->>'to' as to from pgboss.job where name = 'mail' and data->>'subject' like ${`${subject}%`}`,
      )
    ).rows.map((r) => r.to.toLowerCase());

  it('an edit that fails after taking the stock low stores no low-stock mail; one that commits stores it', async () => {
    const product = await makeProduct(q.app, { quantity: 10 });
    const other = await makeProduct(q.app, { quantity: 10 });
    const put = (body: Record<string, unknown>) =>
      q.app.inject({
        method: 'PUT',
        url: `/api/product/${product.id}`,
        headers: admin.headers,
        payload: body,
      });
    // The stock moves first, then the SKU clash refuses the edit: the whole transaction rolls back.
    const clash = await put({ quantity: 1, sku: other.sku });
    expect(clash.statusCode).toBe(409);
    const [row] = await q.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.quantity).toBe(10);
    expect(await staffJobs(`Low stock: ${product.name}`)).toEqual([]);
    expect((await put({ quantity: 1 })).statusCode).toBe(200);
    expect((await staffJobs(`Low stock: ${product.name}`)).sort()).toEqual([OPS, admin.email].sort());
  });
});
