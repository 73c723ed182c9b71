// Both databases: issue 38 asks for refunds by line, quantity and amount to be proven on PGlite and PostgreSQL (money
// summed and locked in SQL).
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Checkout } from '@shared/checkout/checkout.schema';
import type { Order } from '@shared/orders/orders.schema';
import { invoices, orders, saleRefunds, stockMovements } from '../../db/schema';
import { AppError } from '../../infra/errors';
import type { TestApp } from '../../test/helper';
import type { Client } from '../../test/auth';
import { appWithPeople } from '../../test/people';
import { makeProduct, orderDepsOf, payOrder, placeOrder, stockOf } from '../../test/shop';
import { shipmentsApi, ups } from '../../test/shipments';
import { checkoutApi, twoLineCheckout } from '../../test/cart';
import { documentsOf, downloadPdf, pdfText, timelineOf } from '../../test/invoices';
import { settleSaleRefund } from './orders.sale-refund-settle';

let t: TestApp;
let admin: Client;
let ann: Client;

beforeAll(async () => {
  [t, admin, ann] = await appWithPeople('Ann Partial');
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

/**
 * A paid order of `quantity` × $40 with a product of 10 in stock, `shipped` units handed to the carrier. Its shipping
 * and tax are set on the row before it is paid (the charge, the invoice and every refund read them from there), so
 * the shares are uneven: $10.00 shipping and $3.31 tax.
 */
async function paidOrder(quantity: number, shipped = 0, charges = { shippingCents: 1_000, taxCents: 331 }) {
  const product = await makeProduct(t.app, { quantity: 10, priceCents: 40_00 });
  const placed = await placeOrder(t.app, ann, { productId: product.id, quantity });
  expect(placed.statusCode, placed.body).toBe(200);
  const orderId = placed.json().insertedId as string;
  await t.database.db.update(orders).set(charges).where(eq(orders.id, orderId));
  expect((await payOrder(t.app, ann, orderId)).pay?.statusCode).toBe(200);
  if (shipped > 0)
    expect((await shipmentsApi(t.app, admin).create(ups([{ orderId, quantity: shipped }]))).statusCode).toBe(
      201,
    );
  return { productId: product.id, orderId };
}

const refund = (orderId: string, body?: Record<string, unknown>, who: Client = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/order/${orderId}/refund`,
    headers: who.headers,
    ...(body && { payload: body }),
  });
const refundCo = (id: string, body?: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/checkout/${id}/refund`,
    headers: admin.headers,
    ...(body && { payload: body }),
  });
const restockedUnits = async (orderId: string) =>
  (await t.database.db.select().from(stockMovements).where(eq(stockMovements.orderId, orderId)))
    .filter((m) => m.delta > 0)
    .reduce((sum, m) => sum + m.delta, 0);
/** The stored credit notes of an order, oldest first, with what they print. */
const notesOf = async (orderId: string) =>
  (await documentsOf(t.app, ann, orderId))
    .filter((d) => d.kind === 'credit_note')
    .map(async (d) => {
      const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, d._id));
      return row!.snapshot as {
        totalCents: number;
        subtotalCents: number;
        shippingCents: number;
        taxCents: number;
        refundId: string;
        lines: {
          quantity: number;
          unitPriceCents: number;
          totalCents: number;
          shippingCents?: number;
          taxCents?: number;
        }[];
      };
    });
const providerRefunds = (intentOf: string) =>
  t.database.db.select().from(saleRefunds).where(eq(saleRefunds.intentId, intentOf));

describe('refunding units of a line', () => {
  it('a partly shipped line refunded by quantity: only its unshipped units go back, with its shares to the cent', async () => {
    // 3 units, 1 shipped: $120 goods + $10.00 shipping + $3.31 tax = $133.31.
    const { productId, orderId } = await paidOrder(3, 1);
    const res = await refund(orderId, { lines: [{ orderId, quantity: 2 }] });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().order as Order;
    // 2 of 3 units: $80 + shipping 6.67 (2/3 of 10.00) + tax 2.21 (2/3 of 3.31) = $88.88.
    expect(order).toMatchObject({
      orderStatus: 'Pending',
      paymentStatus: true,
      refundStatus: null,
      refundedQuantity: 2,
      refundedCents: 88_88,
    });
    // The shipped unit stays with the carrier; the two unshipped ones are back on the shelf.
    expect(await stockOf(t.app, productId)).toBe(9);
    expect(await restockedUnits(orderId)).toBe(2);
    const [note] = await Promise.all(await notesOf(orderId));
    expect(note).toMatchObject({
      totalCents: 88_88,
      subtotalCents: 80_00,
      shippingCents: 6_67,
      taxCents: 2_21,
      lines: [{ quantity: 2, unitPriceCents: 40_00, totalCents: 80_00, shippingCents: 6_67, taxCents: 2_21 }],
    });

    // The last unit (the shipped one) returns exactly what is left: 40.00 + 3.33 + 1.10.
    const rest = await refund(orderId, { lines: [{ orderId, quantity: 1 }], restock: true });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().order).toMatchObject({
      orderStatus: 'Cancelled',
      refundStatus: 'refunded',
      refundedCents: 133_31,
      refundAmountCents: 133_31,
    });
    // Shipped: never back into stock by a refund, whatever restock says.
    expect(await stockOf(t.app, productId)).toBe(9);
    const notes = await Promise.all(await notesOf(orderId));
    expect(notes.map((n) => n.totalCents)).toEqual([88_88, 44_43]);
    expect(notes[1]).toMatchObject({ shippingCents: 3_33, taxCents: 1_10 });
    // The order's history shows the partial refund beside the final one, and both credit notes.
    const timeline = await timelineOf(t.app, admin, orderId);
    expect(timeline.map((e) => e.title)).toEqual(
      expect.arrayContaining(['Partial refund requested', 'Partly refunded', 'Refund requested', 'Refunded']),
    );
    expect(timeline.find((e) => e.title === 'Partial refund requested')!.detail).toBe('2 of 3, $88.88');
    expect(timeline.filter((e) => e.title === 'Credit note issued')).toHaveLength(2);
    // Nothing is left: a 409 for more, the whole-order call answers as before.
    expect((await refund(orderId, { lines: [{ orderId, quantity: 1 }] })).statusCode).toBe(409);
    expect((await refund(orderId)).statusCode).toBe(200);
  });

  it('restock false keeps the refunded unshipped units out of stock', async () => {
    const { productId, orderId } = await paidOrder(4);
    expect((await refund(orderId, { lines: [{ orderId, quantity: 1 }], restock: false })).statusCode).toBe(
      200,
    );
    expect((await refund(orderId, { lines: [{ orderId, quantity: 2 }] })).statusCode).toBe(200);
    expect(await stockOf(t.app, productId)).toBe(8);
    // What is left to ship is what was not refunded.
    const ship = await shipmentsApi(t.app, admin).create(ups([{ orderId, quantity: 2 }]));
    expect(ship.statusCode).toBe(409);
  });
});

describe('refunding an amount', () => {
  it('refunds the amount, prints one amount line, and later refunds never give back more than was paid', async () => {
    const { productId, orderId } = await paidOrder(2);
    // $80 + 10.00 + 3.31 = $93.31.
    const res = await refund(orderId, { amountCents: 15_00 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({
      refundedCents: 15_00,
      refundStatus: null,
      orderStatus: 'Pending',
    });
    const [note] = await Promise.all(await notesOf(orderId));
    expect(note).toMatchObject({ totalCents: 15_00, lines: [{ quantity: 1, unitPriceCents: 15_00 }] });
    expect(await stockOf(t.app, productId)).toBe(8);

    const tooMuch = await refund(orderId, { amountCents: 78_32 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().field).toBe('amountCents');
    expect(tooMuch.json().message).toContain('$78.31');

    // Everything else: both units (back in stock) for exactly what is left, the earlier $15 deducted on the note.
    const all = await refund(orderId, {});
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().order).toMatchObject({ refundStatus: 'refunded', refundedCents: 93_31 });
    expect(await stockOf(t.app, productId)).toBe(10);
    const notes = await Promise.all(await notesOf(orderId));
    expect(notes.map((n) => n.totalCents)).toEqual([15_00, 78_31]);
    expect(notes[1]!.lines.at(-1)).toMatchObject({ unitPriceCents: -15_00 });
    // The invoice less its credit notes is what the customer finally paid: nothing.
    const docs = await documentsOf(t.app, ann, orderId);
    const credited = docs.filter((d) => d.kind === 'credit_note').reduce((s, d) => s + d.total, 0);
    expect(docs[0]!.total - credited).toBeCloseTo(0, 6);
  });
});

describe('validation', () => {
  it('names the field for a bad quantity, amount or line; 409 unpaid; 404 unknown; 403 for customers', async () => {
    const { orderId } = await paidOrder(2);
    const other = await paidOrder(1);
    const cases: [Record<string, unknown>, string][] = [
      [{ lines: [{ orderId, quantity: 3 }] }, 'lines.0.quantity'],
      [{ lines: [{ orderId, quantity: 0 }] }, 'lines.0.quantity'],
      [{ lines: [{ orderId, quantity: -1 }] }, 'lines.0.quantity'],
      [{ lines: [{ orderId: other.orderId, quantity: 1 }] }, 'lines.0.orderId'],
      [{ amountCents: 0 }, 'amountCents'],
      [{ amountCents: -5 }, 'amountCents'],
      [{ amountCents: 93_32 }, 'amountCents'],
      [{ amountCents: 12.5 }, 'amountCents'],
    ];
    for (const [body, field] of cases) {
      const res = await refund(orderId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field, JSON.stringify(body)).toBe(field);
    }
    const product = await makeProduct(t.app, { quantity: 5 });
    const unpaid = (await placeOrder(t.app, ann, { productId: product.id, quantity: 1 })).json().insertedId;
    expect((await refund(unpaid, { amountCents: 100 })).statusCode).toBe(409);
    expect((await refund('00000000-0000-4000-8000-000000000000', { amountCents: 100 })).statusCode).toBe(404);
    expect((await refund(orderId, { amountCents: 100 }, ann)).statusCode).toBe(403);
    // None of these refunded anything.
    expect(
      (await t.app.inject({ url: `/api/singleorderitem/${orderId}`, headers: ann.headers })).json(),
    ).toMatchObject({ refundedCents: 0 });
  });
});

describe('a checkout refunded in steps', () => {
  it('units of one line, then an amount, then the rest: shares to the cent and the notes add up to the payment', async () => {
    const { co, drill, saw } = await twoLineCheckout(t.app, ann);
    const paid = (await (await checkoutApi(t.app, ann).pay(co._id)).put()).json().checkout as Checkout;
    const drills = paid.lines.find((l) => l.productId === drill.id)!;
    const saws = paid.lines.find((l) => l.productId === saw.id)!;
    // 3 drills at $20 + 4 saws at $15 = $120, no shipping or tax in this shop.
    const first = await refundCo(co._id, { lines: [{ orderId: saws._id, quantity: 1 }] });
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as Checkout).refundedCents).toBe(15_00);
    expect(await stockOf(t.app, saw.id)).toBe(7);
    const second = await refundCo(co._id, { amountCents: 10_01 });
    expect(second.statusCode, second.body).toBe(200);
    expect((second.json() as Checkout).refundedCents).toBe(25_01);
    const last = await refundCo(co._id, { restock: false });
    expect(last.statusCode, last.body).toBe(200);
    const done = last.json() as Checkout;
    expect(done.refundedCents).toBe(120_00);
    expect(done.lines.every((l) => l.refundStatus === 'refunded' && l.orderStatus === 'Cancelled')).toBe(
      true,
    );
    // restock false on the last refund: the drills and the other saws stay out.
    expect([await stockOf(t.app, drill.id), await stockOf(t.app, saw.id)]).toEqual([7, 7]);
    const docs = (
      await t.app.inject({ url: `/api/checkout/${co._id}/invoices`, headers: ann.headers })
    ).json() as { kind: string; total: number }[];
    const notes = docs.filter((d) => d.kind === 'credit_note').map((d) => d.total);
    expect(notes).toEqual([15, 10.01, 94.99]);
    expect((await refundCo(co._id)).statusCode).toBe(409);
    // The drill line's documents list the notes that credit it (the amount's and the last).
    expect((await documentsOf(t.app, ann, drills._id)).filter((d) => d.kind === 'credit_note')).toHaveLength(
      2,
    );
    const pdf = await downloadPdf(t.app, ann, (await documentsOf(t.app, ann, drills._id)).at(-1)!._id);
    expect(await pdfText(pdf.rawPayload)).toContain('$94.99');
  }, 120_000);
});

describe('the provider refund of each partial refund', () => {
  it('is made once per refund, also when the provider fails for a while', async () => {
    const real = t.app.payments.refund.bind(t.app.payments);
    const outage = () =>
      Promise.reject(new AppError('unavailable', 'The payment provider could not be reached.'));
    const provider = vi
      .spyOn(t.app.payments, 'refund')
      .mockImplementationOnce(outage)
      .mockImplementation(real);
    const { orderId } = await paidOrder(2);
    const res = await refund(orderId, { lines: [{ orderId, quantity: 1 }] });
    expect(res.statusCode).toBe(200);
    // Stored and counted at once, pending at the provider, no credit note yet.
    expect(res.json().order.refundedCents).toBe(46_66);
    expect(await Promise.all(await notesOf(orderId))).toEqual([]);
    const second = await refund(orderId, { amountCents: 1_00 });
    expect(second.statusCode).toBe(200);
    const stored = await t.database.db.select().from(saleRefunds).where(eq(saleRefunds.orderId, orderId));
    expect(stored.map((r) => r.status).sort()).toEqual(['pending', 'refunded']);

    // What the job does on each attempt, several at once, then again once it went through.
    const deps = orderDepsOf(t.app);
    const pending = stored.find((r) => r.status === 'pending')!;
    await Promise.all([settleSaleRefund(deps, pending.id), settleSaleRefund(deps, pending.id)]);
    await settleSaleRefund(deps, pending.id);
    const notes = await Promise.all(await notesOf(orderId));
    expect(notes.map((n) => n.totalCents).sort((a, b) => a - b)).toEqual([1_00, 46_66]);
    // The test provider keeps each refund once per key: exactly the two refunds, for exactly their amounts.
    const intentId = pending.intentId;
    const keys = new Set(provider.mock.calls.map((c) => c[2]));
    expect(keys.size).toBe(2);
    expect((await providerRefunds(intentId)).map((r) => r.status)).toEqual(['refunded', 'refunded']);
    const refundIds = notes.map((n) => n.refundId);
    expect(new Set(refundIds).size).toBe(2);
    // The customer is mailed once per refund, with its amount.
    const mails = t.mail.sent.filter((m) => m.to === ann.email && m.subject.startsWith('Refunded $46.66'));
    expect(mails).toHaveLength(1);
  });
});
