import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { invoices } from '../../db/schema';
import type { Client } from '../../test/auth';
import type { TestApp } from '../../test/helper';
import { documentsOf, downloadPdf, pdfText } from '../../test/invoices';
import { appWithPeople } from '../../test/people';
import { makeProduct, payOrder, placeOrder } from '../../test/shop';

let t: TestApp;
let admin: Client;
let alice: Client;
let bob: Client;
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  [t, admin, alice, bob] = await appWithPeople('Łukasz Żółw-Alice', 'Bob Buyer');
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

/** A paid order of `quantity` × a product of its own at `priceCents`; returns its id and transaction id. */
async function paidOrder(client = alice, quantity = 3, priceCents = 12_550) {
  const product = await makeProduct(t.app, {
    quantity: 50,
    priceCents,
    name: `Invoice Drill ${Math.random()}`,
  });
  const res = await placeOrder(t.app, client, {
    productId: product.id,
    quantity,
    address: '7 Quay Street, Gdańsk',
  });
  const id = res.json().insertedId as string;
  const { pay, confirm } = await payOrder(t.app, client, id);
  expect(pay!.statusCode, pay!.body).toBe(200);
  return { id, product, transactionId: confirm!.json().transactionId as string };
}

const seqOf = (number: string) => Number(number.slice(-6));

describe('an invoice is issued when an order is paid', () => {
  it('numbered INV-<year>-<6 digits>, for the order, with its total and transaction; a second payment gets the next number', async () => {
    const first = await paidOrder();
    const [invoice] = await documentsOf(t.app, alice, first.id);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      orderId: first.id,
      checkoutId: null,
      refersTo: null,
      total: 376.5,
      transactionId: first.transactionId,
      refundId: null,
      poNumber: null,
      pdfUrl: `/api/invoices/${invoice!._id}/pdf`,
    });
    expect(invoice!.number).toMatch(new RegExp(`^INV-${year}-\\d{6}$`));
    const second = await paidOrder(bob, 1);
    const [next] = await documentsOf(t.app, bob, second.id);
    expect(seqOf(next!.number)).toBe(seqOf(invoice!.number) + 1);
    // The admin sees it too; paying again (same transaction) issues nothing new.
    expect(await documentsOf(t.app, admin, first.id)).toEqual([invoice]);
    await payOrder(t.app, alice, first.id);
    expect(await t.database.db.select().from(invoices).where(eq(invoices.orderId, first.id))).toHaveLength(1);
  });

  it('its PDF prints the number, shop, buyer, line, unit price, total and transaction, as written (Unicode)', async () => {
    const order = await paidOrder(alice, 3, 12_550);
    const [invoice] = await documentsOf(t.app, alice, order.id);
    const res = await downloadPdf(t.app, alice, invoice!._id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoice!.number}.pdf"`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'INVOICE',
      `Number: ${invoice!.number}`,
      t.config.shop.name,
      t.config.shop.address,
      t.config.shop.taxId,
      'Łukasz Żółw-Alice',
      '7 Quay Street, Gdańsk',
      alice.email,
      order.product.name,
      '$125.50',
      '$376.50',
      'Total paid',
      `Transaction: ${order.transactionId}`,
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('PO number');
  });

  it('the "payment received" mail names the invoice and attaches its PDF, made from the stored snapshot', async () => {
    const order = await paidOrder(bob, 2);
    const [invoice] = await documentsOf(t.app, bob, order.id);
    const mail = t.mail.sent.find(
      (m) => m.to === bob.email && m.subject.startsWith(`Payment received: ${order.product.name} (order #`),
    );
    expect(mail!.text).toContain(`Your invoice ${invoice!.number} is attached as a PDF.`);
    expect(mail!.attachments).toEqual([{ source: 'invoice-pdf', id: invoice!._id }]);
    const [file] = await t.app.mailAttachments.make(mail!.attachments);
    expect(file).toMatchObject({ filename: `${invoice!.number}.pdf`, contentType: 'application/pdf' });
    expect(await pdfText(file!.content)).toContain(invoice!.number);
  });

  it('a payment that rolls back after taking a number gives it back: the next invoice has it, no gap', async () => {
    const before = await t.database.db.select({ n: sql<number>`max(seq)` }).from(invoices);
    const product = await makeProduct(t.app, { quantity: 10 });
    const id = (await placeOrder(t.app, alice, { productId: product.id, quantity: 1 })).json().insertedId;
    // The paid mail is stored after the invoice, in the same transaction: failing it rolls the payment back.
    vi.spyOn(t.app.mailer, 'send').mockRejectedValueOnce(new Error('queue table unavailable'));
    expect((await payOrder(t.app, alice, id)).pay!.statusCode).toBe(500);
    expect(await documentsOf(t.app, alice, id)).toEqual([]);
    vi.restoreAllMocks();
    const paid = await paidOrder();
    const [invoice] = await documentsOf(t.app, alice, paid.id);
    expect(seqOf(invoice!.number)).toBe(Number(before[0]!.n) + 1);
  });

  it('only the buyer and admins may list or download it: 401 signed out, 403 another customer, 404 unknown', async () => {
    const order = await paidOrder();
    const [invoice] = await documentsOf(t.app, alice, order.id);
    expect((await downloadPdf(t.app, undefined, invoice!._id)).statusCode).toBe(401);
    expect((await downloadPdf(t.app, bob, invoice!._id)).statusCode).toBe(403);
    expect((await downloadPdf(t.app, admin, invoice!._id)).statusCode).toBe(200);
    expect((await downloadPdf(t.app, alice, crypto.randomUUID())).statusCode).toBe(404);
    expect((await downloadPdf(t.app, alice, 'not-an-id')).statusCode).toBe(400);
    const list = (client: Client | undefined) =>
      t.app.inject({ url: `/api/order/${order.id}/invoices`, headers: client?.headers ?? {} });
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await list(bob)).statusCode).toBe(403);
  });
});

describe('issued documents are immutable', () => {
  it('no API changes or deletes them, and the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    const order = await paidOrder();
    const [invoice] = await documentsOf(t.app, alice, order.id);
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/invoices/${invoice!._id}/pdf`,
        headers: admin.headers,
      });
      expect(res.statusCode, method).toBeGreaterThanOrEqual(400);
    }
    const refused = async (statement: ReturnType<typeof sql>) => {
      const err = await t.database.db.execute(statement).then(
        () => undefined,
        (e: { cause?: { code?: string; message?: string } }) => e.cause ?? e,
      );
      expect(err, String(statement)).toMatchObject({ code: '23001' });
      expect(String((err as { message?: string }).message)).toMatch(/immutable/);
    };
    await refused(sql`update invoices set total_cents = 1 where id = ${invoice!._id}`);
    await refused(sql`update invoices set snapshot = '{}'::jsonb`);
    await refused(sql`delete from invoices where id = ${invoice!._id}`);
    await refused(sql`truncate invoices cascade`);
    expect(await documentsOf(t.app, alice, order.id)).toEqual([invoice]);
  });
});
