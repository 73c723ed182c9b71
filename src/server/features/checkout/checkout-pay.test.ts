import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutMessages, type Checkout } from '@shared/checkout/checkout.schema';
import type { Invoice } from '@shared/invoices/invoices.schema';
import type { TestApp } from '../../test/helper';
import type { Client } from '../../test/auth';
import { appWithPeople } from '../../test/people';
import { changeProduct, checkoutApi, expireDespiteIntent, twoLineCheckout } from '../../test/cart';
import { expireAllUnpaid, stockOf } from '../../test/shop';

let t: TestApp;
let admin: Client;
let ann: Client;
let bob: Client;

beforeAll(async () => {
  [t, admin, ann, bob] = await appWithPeople('Ann Payer', 'Bob Payer');
});
afterAll(() => t.close());

const newCheckout = (client: Client) => twoLineCheckout(t.app, client);

describe('paying a checkout', () => {
  it('one intent for the total, every line paid, one invoice with every line, one mail, idempotent', async () => {
    const { co } = await newCheckout(ann);
    const api = checkoutApi(t.app, ann);
    const { intent, transactionId, put } = await api.pay(co._id);
    expect(intent.json().amount).toBe(120);
    const before = t.mail.sent.length;
    const res = await put();
    expect(res.statusCode).toBe(200);
    const paid = res.json().checkout as Checkout;
    expect(paid).toMatchObject({ status: 'paid', transactionId, expiresAt: null });
    expect(paid.lines.every((l) => l.paymentStatus && l.transactionId === transactionId)).toBe(true);
    const mails = t.mail.sent.slice(before).filter((m) => m.to === ann.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Payment received/);
    expect(mails[0]!.attachments).toHaveLength(1);

    const invoices = (await api.invoices(co._id)).json() as Invoice[];
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ checkoutId: co._id, orderId: null, total: 120, poNumber: 'PO-9' });
    // Each line's documents show the checkout's one invoice.
    const ofLine = await t.app.inject({
      url: `/api/order/${paid.lines[0]!._id}/invoices`,
      headers: ann.headers,
    });
    expect(ofLine.json().map((i: Invoice) => i._id)).toEqual([invoices[0]!._id]);

    // The same confirmation again changes nothing: no second invoice, no second mail.
    const again = await put();
    expect(again.statusCode).toBe(200);
    expect(again.json().checkout).toEqual(paid);
    expect((await api.invoices(co._id)).json()).toHaveLength(1);
    expect(t.mail.sent.slice(before).filter((m) => m.to === ann.email)).toHaveLength(1);

    // A paid checkout cannot be cancelled; its lines are delivered one by one.
    const cancel = await api.cancel(co._id);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(checkoutMessages.paidCannotCancel);
    const deliver = await t.app.inject({
      method: 'PUT',
      url: `/api/delivery/${paid.lines[0]!._id}`,
      headers: admin.headers,
    });
    expect(deliver.statusCode).toBe(200);
    expect(deliver.json().order.orderStatus).toBe('Delivered');
  });

  it("refuses the spec's single-order pay and cancel on an unpaid line (409)", async () => {
    const { co } = await newCheckout(ann);
    const lineId = co.lines[0]!._id;
    const pay = await t.app.inject({
      method: 'PUT',
      url: `/api/order/${lineId}`,
      headers: ann.headers,
      payload: { transactionId: 'pi_test_x' },
    });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().message).toBe(checkoutMessages.lineOfCheckout);
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${lineId}`,
      headers: ann.headers,
    });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(checkoutMessages.lineOfCheckout);
    const single = await t.app.inject({
      method: 'POST',
      url: '/api/make-payment',
      headers: ann.headers,
      payload: { orderId: lineId, checkoutId: co._id },
    });
    expect(single.statusCode).toBe(400);
    expect(single.json().field).toBe('checkoutId');
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/make-payment',
      headers: ann.headers,
      payload: {},
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().field).toBe('orderId');
  });

  it('a transaction of another checkout, or of no checkout, is refused (400 transactionId)', async () => {
    const { co } = await newCheckout(ann);
    const other = await newCheckout(ann);
    const { transactionId } = await checkoutApi(t.app, ann).pay(other.co._id);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/checkout/${co._id}`,
      headers: ann.headers,
      payload: { transactionId },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('transactionId');
    expect((await checkoutApi(t.app, bob).cancel(co._id)).statusCode).toBe(403);
  });

  it("an unknown checkout is a 404 and someone else's a 403, whatever transaction is named", async () => {
    const { co } = await newCheckout(ann);
    const { transactionId } = await checkoutApi(t.app, ann).pay(co._id);
    const put = (id: string, who: typeof ann) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/checkout/${id}`,
        headers: who.headers,
        payload: { transactionId },
      });
    expect((await put('00000000-0000-4000-8000-000000000000', ann)).statusCode).toBe(404);
    expect((await put(co._id, bob)).statusCode).toBe(403);
  });
});

describe('DELETE /api/checkout/{id}', () => {
  it('cancels every line and gives all stock back; a second cancel is a 409', async () => {
    const { co, drill, saw } = await newCheckout(ann);
    expect(await stockOf(t.app, drill.id)).toBe(7);
    const res = await checkoutApi(t.app, ann).cancel(co._id);
    expect(res.statusCode).toBe(200);
    const cancelled = res.json() as Checkout;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.lines.every((l) => l.orderStatus === 'Cancelled')).toBe(true);
    expect(await stockOf(t.app, drill.id)).toBe(10);
    expect(await stockOf(t.app, saw.id)).toBe(10);
    expect((await checkoutApi(t.app, ann).cancel(co._id)).statusCode).toBe(409);
  });

  it('cancels a checkout with an intent by cancelling the intent first (then it can no longer be paid)', async () => {
    const { co, drill } = await newCheckout(ann);
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/make-payment',
      headers: ann.headers,
      payload: { checkoutId: co._id },
    });
    expect((await checkoutApi(t.app, admin).cancel(co._id)).statusCode).toBe(200);
    expect(await stockOf(t.app, drill.id)).toBe(10);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm',
      headers: ann.headers,
      payload: {
        clientSecret: intent.json().clientSecret,
        cardNumber: '4242424242424242',
        expiry: '12/40',
        cvc: '123',
      },
    });
    expect(confirm.statusCode).toBe(409);
  });

  it('the expiry sweep expires every line together and gives their stock back', async () => {
    const { co, drill, saw } = await newCheckout(bob);
    await expireAllUnpaid(t.app);
    const res = await checkoutApi(t.app, bob).get(co._id);
    expect(res.json().status).toBe('expired');
    expect(await stockOf(t.app, drill.id)).toBe(10);
    expect(await stockOf(t.app, saw.id)).toBe(10);
  });
});

describe('a payment that arrives after the checkout expired', () => {
  it('takes the stock again when it is all still there: the checkout is paid', async () => {
    const { co, drill } = await newCheckout(ann);
    const { put } = await checkoutApi(t.app, ann).pay(co._id);
    await expireDespiteIntent(t.app, co._id);
    expect(await stockOf(t.app, drill.id)).toBe(10);
    const res = await put();
    expect(res.statusCode).toBe(200);
    expect(res.json().checkout.status).toBe('paid');
    expect(await stockOf(t.app, drill.id)).toBe(7);
  });

  it('is refunded (every line) when some stock has gone meanwhile, and nothing is taken', async () => {
    const { co, drill, saw } = await newCheckout(ann);
    const { put } = await checkoutApi(t.app, ann).pay(co._id);
    await expireDespiteIntent(t.app, co._id);
    await changeProduct(t.app, saw.id, { quantity: 1 });
    const res = await put();
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^This checkout expired/);
    expect(await stockOf(t.app, drill.id)).toBe(10);
    const after = (await checkoutApi(t.app, ann).get(co._id)).json() as Checkout;
    expect(after.status).toBe('expired');
    expect(after.lines.every((l) => l.refundStatus !== null && !l.paymentStatus)).toBe(true);
  });
});

describe('an admin refunds one line of a paid checkout', () => {
  it('gives back that line only: its share of the one payment, its stock, a credit note on the checkout invoice', async () => {
    const { co, drill, saw } = await newCheckout(ann);
    const api = checkoutApi(t.app, ann);
    const { transactionId, put } = await api.pay(co._id);
    const paid = (await put()).json().checkout as Checkout;
    const line = paid.lines.find((l) => l.productId === saw.id)!;
    const other = paid.lines.find((l) => l.productId === drill.id)!;
    const [invoice] = (await api.invoices(co._id)).json() as Invoice[];

    const refund = () =>
      t.app.inject({ method: 'POST', url: `/api/order/${line._id}/refund`, headers: admin.headers });
    const res = await refund();
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({
      orderStatus: 'Cancelled',
      refundStatus: 'refunded',
      refundAmount: 60,
      transactionId,
      checkoutId: co._id,
    });
    // Only the saws come back; the drills stay sold and paid.
    expect(await stockOf(t.app, saw.id)).toBe(10);
    expect(await stockOf(t.app, drill.id)).toBe(7);
    const after = (await api.get(co._id)).json() as Checkout;
    expect(after.lines.find((l) => l._id === other._id)).toMatchObject({
      paymentStatus: true,
      refundStatus: null,
    });

    const docs = (
      await t.app.inject({ url: `/api/order/${line._id}/invoices`, headers: ann.headers })
    ).json() as Invoice[];
    const note = docs.find((d) => d.kind === 'credit_note');
    expect(note).toMatchObject({ total: 60, orderId: line._id, refersTo: { _id: invoice!._id } });
    expect(note!.number).toMatch(/^CN-\d{4}-\d{6}$/);

    // A repeat refunds nothing more and issues no second credit note.
    expect((await refund()).statusCode).toBe(200);
    const again = (
      await t.app.inject({ url: `/api/order/${line._id}/invoices`, headers: ann.headers })
    ).json() as Invoice[];
    expect(again.filter((d) => d.kind === 'credit_note')).toHaveLength(1);
  });
});
