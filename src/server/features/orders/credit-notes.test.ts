import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { invoices } from '../../db/schema';
import { AppError } from '../../infra/errors';
import type { Client } from '../../test/auth';
import type { TestApp } from '../../test/helper';
import { documentsOf, downloadPdf, pdfText } from '../../test/invoices';
import { appWithPeople } from '../../test/people';
import { newScenario, run } from '../../test/refunds';
import { makeProduct, orderDepsOf, payOrder, placeOrder } from '../../test/shop';
import { settleRefund } from './orders.refunds';

let t: TestApp;
let admin: Client;
let alice: Client;
let rival: Client;
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  [t, admin, alice, rival] = await appWithPeople('Alice Credit', 'Rival Credit');
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

/** A paid order of 3 × $12.50. */
async function paidOrder() {
  const product = await makeProduct(t.app, { quantity: 10, priceCents: 1_250 });
  const id: string = (await placeOrder(t.app, alice, { productId: product.id, quantity: 3 })).json()
    .insertedId;
  await payOrder(t.app, alice, id);
  return { id, product };
}
const refund = (id: string) =>
  t.app.inject({ method: 'POST', url: `/api/order/${id}/refund`, headers: admin.headers });
const creditNotesOf = (orderId: string) =>
  t.database.db.select().from(invoices).where(eq(invoices.orderId, orderId));
const refundMails = () => t.mail.sent.filter((m) => m.to === alice.email && m.subject.startsWith('Refunded'));
const outage = () =>
  Promise.reject(new AppError('unavailable', 'The payment provider could not be reached.'));

describe('a confirmed refund issues a credit note', () => {
  it('CN-<year>-<6 digits>, referring to the invoice, for the refunded amount; its PDF and the refund mail say so', async () => {
    const { id, product } = await paidOrder();
    const res = await refund(id);
    expect(res.statusCode).toBe(200);
    const { refundId } = res.json().order;
    const [invoice, note] = await documentsOf(t.app, alice, id);
    expect(note).toMatchObject({
      kind: 'credit_note',
      orderId: id,
      refersTo: { _id: invoice!._id, number: invoice!.number },
      total: 37.5,
      refundId,
      transactionId: invoice!.transactionId,
    });
    expect(note!.number).toMatch(new RegExp(`^CN-${year}-\\d{6}$`));
    const pdf = await downloadPdf(t.app, alice, note!._id);
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${note!.number}.pdf"`);
    const text = await pdfText(pdf.rawPayload);
    for (const expected of [
      'CREDIT NOTE',
      `Number: ${note!.number}`,
      `For invoice: ${invoice!.number}`,
      product.name,
      '$12.50',
      'Total credited',
      '$37.50',
      `Refund: ${refundId}`,
    ])
      expect(text).toContain(expected);
    const mail = refundMails().at(-1)!;
    expect(mail.text).toContain(`Your credit note ${note!.number} is attached as a PDF.`);
    expect(mail.attachments).toEqual([{ source: 'invoice-pdf', id: note!._id }]);
  });

  it('none while the refund is pending; one when the retried job gets it through; never a second one', async () => {
    const real = t.app.payments.refund.bind(t.app.payments);
    const provider = vi
      .spyOn(t.app.payments, 'refund')
      .mockImplementationOnce(outage)
      .mockImplementation(real);
    const { id } = await paidOrder();
    const mailsBefore = refundMails().length;
    expect((await refund(id)).json().order.refundStatus).toBe('pending');
    expect((await documentsOf(t.app, alice, id)).map((d) => d.kind)).toEqual(['invoice']);

    // What the job does on each attempt, three times at once, then again after it succeeded (a retried job).
    const deps = orderDepsOf(t.app);
    await Promise.all([settleRefund(deps, id), settleRefund(deps, id), settleRefund(deps, id)]);
    await settleRefund(deps, id);
    expect((await refund(id)).statusCode).toBe(200);
    expect(provider.mock.calls.length).toBeGreaterThanOrEqual(2);
    const notes = (await creditNotesOf(id)).filter((d) => d.kind === 'credit_note');
    expect(notes).toHaveLength(1);
    expect(refundMails()).toHaveLength(mailsBefore + 1);
  });

  it('a payment that came too late and was given back had no invoice, so it gets no credit note', async () => {
    const s = await newScenario(t.app, alice, rival);
    for (const step of ['create', 'cancel', 'record', 'sellout', 'charge', 'confirm'] as const)
      await run(s, step);
    const row = (
      await t.app.inject({ url: `/api/singleorderitem/${s.orderId}`, headers: alice.headers })
    ).json();
    expect(row.refundStatus).toBe('refunded');
    expect(await documentsOf(t.app, alice, s.orderId)).toEqual([]);
  });
});
