import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { importCsv } from '../../test/csv-import';
import { startSmtp, waitFor, type TestSmtp } from '../../test/smtp';
import { makeCartProduct } from '../../test/cart';
import { verifyFirstMessage } from './back-in-stock';
import { expireAllUnpaid, makeProduct, placeOrder } from '../../test/shop';

// The app's own mail queue (no capture mailer) delivering to a local SMTP server: each notice is a mail job stored
// in the transaction that brought the stock back.
let t: TestApp, admin: Client, ann: Client, ben: Client, smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp(
    { SEED_DEMO: 'false', SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, JOBS_POLL_MS: '500' },
    {},
    { mailer: undefined },
  );
  ann = await signUp(t.app, { name: 'Ann Waiting', verified: true });
  ben = await signUp(t.app, { name: 'Ben Waiting', verified: true });
  admin = await signUpAdmin(t.app);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const notifyMe = (client: Client | null, id: string, method: 'GET' | 'POST' | 'DELETE' = 'POST') =>
  t.app.inject({ method, url: `/api/product/${id}/notify-me`, headers: client?.headers ?? {} });

/** Who got a back-in-stock mail job for this product (any state: waiting, sent or failed). */
async function noticesFor(productName: string) {
  const { rows } = await t.database.db.execute<{ to: string }>(sql`
    select data->>'to' as to from pgboss.job
    where name = 'mail' and data->>'subject' = ${`Back in stock: ${productName}`} order by data->>'to'`);
  return rows.map((r) => r.to);
}

const restock = (id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/product/${id}`, headers: admin.headers, payload });

describe('/api/product/{id}/notify-me', () => {
  it('is for signed-in customers, about a product that cannot be ordered now; asking twice is harmless', async () => {
    const product = await makeProduct(t.app, { quantity: 4, minOrder: 5 });
    expect((await notifyMe(null, product.id)).statusCode).toBe(401);
    expect((await notifyMe(ann, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await notifyMe(ann, 'nope')).statusCode).toBe(400);
    const orderable = await makeProduct(t.app, { quantity: 5, minOrder: 5 });
    const refused = await notifyMe(ann, orderable.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/can be ordered now/);

    expect((await notifyMe(ann, product.id, 'GET')).json()).toEqual({ waiting: false });
    for (let i = 0; i < 2; i++) {
      const res = await notifyMe(ann, product.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ waiting: true });
    }
    expect((await notifyMe(ann, product.id, 'GET')).json()).toEqual({ waiting: true });
    expect((await notifyMe(ann, product.id, 'DELETE')).json()).toEqual({ waiting: false });
    expect((await notifyMe(ann, product.id, 'DELETE')).statusCode).toBe(200);
    expect((await notifyMe(ann, product.id, 'GET')).json()).toEqual({ waiting: false });
  });

  it('asks an unverified customer to verify the address first (403), and mails only verified addresses', async () => {
    const carl = await signUp(t.app, { name: 'Carl Unverified' });
    const product = await makeProduct(t.app, { quantity: 0, minOrder: 1 });
    const refused = await notifyMe(carl, product.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(verifyFirstMessage);
    expect((await notifyMe(carl, product.id, 'GET')).json()).toEqual({ waiting: false });
    // A request stored while the address was verified, whose owner's address is no longer (changed since).
    await notifyMe(ann, product.id);
    await t.database.db.execute(sql`update "user" set email_verified = false where email = ${ann.email}`);
    await restock(product.id, { quantity: 5 });
    expect(await noticesFor(product.name)).toEqual([]);
    await t.database.db.execute(sql`update "user" set email_verified = true where email = ${ann.email}`);
    await restock(product.id, { quantity: 0 });
    await restock(product.id, { quantity: 6 });
    expect(await noticesFor(product.name)).toEqual([ann.email]);
  });

  it('counts whole packs: stock below the first orderable quantity cannot be ordered', async () => {
    // Minimum 15 in packs of 10: the first orderable quantity is 20.
    const product = await makeCartProduct(t.app, { quantity: 15, minOrder: 15, packSize: 10 });
    expect((await notifyMe(ann, product.id)).statusCode).toBe(200);
  });
});

describe('back-in-stock mails', () => {
  it('an admin restock mails each waiting customer once, only when the stock reaches the first orderable quantity', async () => {
    const product = await makeCartProduct(t.app, { quantity: 0, minOrder: 10, packSize: 5 });
    await notifyMe(ann, product.id);
    await notifyMe(ben, product.id);
    await notifyMe(ben, product.id, 'DELETE');
    expect((await restock(product.id, { quantity: 9 })).statusCode).toBe(200);
    expect(await noticesFor(product.name)).toEqual([]);
    expect((await restock(product.id, { quantity: 10 })).statusCode).toBe(200);
    expect(await noticesFor(product.name)).toEqual([ann.email]);
    expect((await notifyMe(ann, product.id, 'GET')).json()).toEqual({ waiting: false });
    const subject = `Back in stock: ${product.name}`;
    const mail = await waitFor(() => smtp.received.find((m) => m.subject === subject), 15_000);
    expect(JSON.stringify(mail.to)).toContain(ann.email);
    expect(mail.text).toContain(`http://localhost:3000/product/${product.id}`);
    // More stock later mails nobody again.
    await restock(product.id, { quantity: 0 });
    await restock(product.id, { quantity: 50 });
    expect(await noticesFor(product.name)).toEqual([ann.email]);
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.received.filter((m) => m.subject === subject)).toHaveLength(1);
  });

  it('asking again after a mail waits for the next return', async () => {
    const product = await makeProduct(t.app, { quantity: 0, minOrder: 1 });
    await notifyMe(ann, product.id);
    await restock(product.id, { quantity: 1 });
    await restock(product.id, { quantity: 0 });
    expect((await notifyMe(ann, product.id)).json()).toEqual({ waiting: true });
    await restock(product.id, { quantity: 3 });
    expect(await noticesFor(product.name)).toEqual([ann.email, ann.email]);
  });

  it('a lower minimum order brings a product back without new stock', async () => {
    const product = await makeProduct(t.app, { quantity: 6, minOrder: 10 });
    await notifyMe(ben, product.id);
    await restock(product.id, { desc: 'Same stock, new words.' });
    expect(await noticesFor(product.name)).toEqual([]);
    await restock(product.id, { minOrder: 5 });
    expect(await noticesFor(product.name)).toEqual([ben.email]);
  });

  it('a cancelled order and an expired one give stock back and mail the waiting customer once', async () => {
    const product = await makeProduct(t.app, { quantity: 10, minOrder: 5 });
    const first = (await placeOrder(t.app, ann, { productId: product.id, quantity: 5 })).json().insertedId;
    await placeOrder(t.app, ann, { productId: product.id, quantity: 5 });
    await notifyMe(ben, product.id);
    // The order path takes stock and mails nobody.
    expect(await noticesFor(product.name)).toEqual([]);
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/order/${first}`, headers: ann.headers });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await noticesFor(product.name)).toEqual([ben.email]);

    const other = await makeProduct(t.app, { quantity: 5, minOrder: 5 });
    await placeOrder(t.app, ann, { productId: other.id, quantity: 5 });
    await notifyMe(ben, other.id);
    await expireAllUnpaid(t.app);
    expect(await noticesFor(other.name)).toEqual([ben.email]);
  });

  it('a CSV import that restocks mails the waiting customer', async () => {
    const product = await makeProduct(t.app, { quantity: 0, minOrder: 2 });
    const [{ sku }] = (
      await t.database.db.execute<{ sku: string }>(sql`select sku from products where id = ${product.id}`)
    ).rows as [{ sku: string }];
    await notifyMe(ann, product.id);
    const result = await importCsv(t.app, admin, `sku,quantity\r\n${sku},12\r\n`);
    expect(result).toMatchObject({ status: 'done', updated: 1 });
    expect(await noticesFor(product.name)).toEqual([ann.email]);
  });

  it('concurrent restocks mail a waiting customer only once', async () => {
    const product = await makeProduct(t.app, { quantity: 0, minOrder: 1 });
    await notifyMe(ann, product.id);
    const results = await Promise.all([1, 2, 3, 4].map((q) => restock(product.id, { quantity: q })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await noticesFor(product.name)).toEqual([ann.email]);
  });
});
