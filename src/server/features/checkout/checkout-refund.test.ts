import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutMessages, type Checkout } from '@shared/checkout/checkout.schema';
import type { Invoice } from '@shared/invoices/invoices.schema';
import type { TestApp } from '../../test/helper';
import type { Client } from '../../test/auth';
import { appWithPeople } from '../../test/people';
import { checkoutApi, twoLineCheckout } from '../../test/cart';
import { stockOf } from '../../test/shop';

let t: TestApp;
let admin: Client;
let ann: Client;

beforeAll(async () => {
  [t, admin, ann] = await appWithPeople('Ann Refunded');
});
afterAll(() => t.close());

const refund = (id: string, who: Client) =>
  t.app.inject({ method: 'POST', url: `/api/checkout/${id}/refund`, headers: who.headers });

describe('POST /api/checkout/{id}/refund (admin)', () => {
  it('refunds every paid, undelivered line: their share of the payment, their stock, a credit note each', async () => {
    const { co, drill, saw } = await twoLineCheckout(t.app, ann);
    const api = checkoutApi(t.app, ann);
    const paid = (await (await api.pay(co._id)).put()).json().checkout as Checkout;
    const drills = paid.lines.find((l) => l.productId === drill.id)!;
    // The drills went out already: a delivered line stays sold.
    const delivered = await t.app.inject({
      method: 'PUT',
      url: `/api/delivery/${drills._id}`,
      headers: admin.headers,
    });
    expect(delivered.statusCode).toBe(200);

    const res = await refund(co._id, admin);
    expect(res.statusCode).toBe(200);
    const after = res.json() as Checkout;
    const saws = after.lines.find((l) => l.productId === saw.id)!;
    expect(saws).toMatchObject({ orderStatus: 'Cancelled', refundStatus: 'refunded', refundAmount: 60 });
    expect(after.lines.find((l) => l._id === drills._id)).toMatchObject({
      orderStatus: 'Delivered',
      refundStatus: null,
    });
    expect(await stockOf(t.app, saw.id)).toBe(10);
    expect(await stockOf(t.app, drill.id)).toBe(7);
    const docs = (
      await t.app.inject({ url: `/api/order/${saws._id}/invoices`, headers: ann.headers })
    ).json() as Invoice[];
    expect(docs.filter((d) => d.kind === 'credit_note')).toHaveLength(1);

    // Nothing is left to refund: a clear 409, and no second credit note.
    const again = await refund(co._id, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(checkoutMessages.nothingToRefund);
  });

  it('refunds all lines of a paid checkout, and refuses an unpaid one', async () => {
    const { co } = await twoLineCheckout(t.app, ann);
    expect((await refund(co._id, admin)).statusCode).toBe(409);
    await (await checkoutApi(t.app, ann).pay(co._id)).put();
    const res = await refund(co._id, admin);
    expect(res.statusCode).toBe(200);
    expect((res.json() as Checkout).lines.every((l) => l.refundStatus === 'refunded')).toBe(true);
  });

  it('is for admins only, and names an unknown checkout', async () => {
    const { co } = await twoLineCheckout(t.app, ann);
    expect((await refund(co._id, ann)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/checkout/${co._id}/refund` })).statusCode).toBe(
      401,
    );
    expect((await refund('00000000-0000-4000-8000-000000000000', admin)).statusCode).toBe(404);
    expect((await refund('not-an-id', admin)).statusCode).toBe(400);
  });
});
