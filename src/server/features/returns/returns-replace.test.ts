import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Return } from '@shared/returns/returns.schema';
import { auditLog, checkouts, invoices, orders, products } from '../../db/schema';
import type { TestApp } from '../../test/helper';
import type { Client } from '../../test/auth';
import { timelineOf } from '../../test/invoices';
import { appWithPeople } from '../../test/people';
import { makeProduct, stockOf } from '../../test/shop';
import { orderAs, shipmentsApi, ups } from '../../test/shipments';
import { returnsApi, shippedOrder } from '../../test/returns';

// Both databases: the replacement is a sale placed, reserved and settled in one transaction, whose totals must be
// 0 to the cent on either driver (issue 43: "warranty claims can be replaced instead of refunded").
let t: TestApp;
let admin: Client;
let ann: Client;

beforeAll(async () => {
  [t, admin, ann] = await appWithPeople('Ann Replace');
});
afterAll(() => t.close());

const asAnn = () => returnsApi(t.app, ann);
const asAdmin = () => returnsApi(t.app, admin);

/** A shipped warranty return of `units` of a 3-unit order, approved and received (`scrap` of them broken). */
async function receivedWarrantyReturn(units: number, scrap: number) {
  const { orderId, productId } = await shippedOrder(t.app, admin, ann, { quantity: 3, shipped: 3 });
  const res = await asAnn().create({ lines: [{ orderId, quantity: units }], reason: 'warranty_failure' });
  expect(res.statusCode, res.body).toBe(201);
  const r = res.json() as Return;
  expect((await asAdmin().approve(r._id)).statusCode).toBe(200);
  const got = await asAdmin().receive(r._id, [{ lineId: r.lines[0]!._id, restock: units - scrap, scrap }]);
  expect(got.statusCode, got.body).toBe(200);
  return { r, orderId, productId };
}

describe('POST /api/returns/{id}/resolve {replace}: a real replacement order', () => {
  it('places the units that came back again at $0.00 through the pipeline: reserved, settled without an invoice, mailed, audited, shipped', async () => {
    const { r, orderId, productId } = await receivedWarrantyReturn(2, 2);
    const [original] = await t.app.database.db.select().from(orders).where(eq(orders.id, orderId));
    const stockBefore = await stockOf(t.app, productId);
    const mailedBefore = t.mail.sent.length;

    const res = await asAdmin().resolve(r._id, 'replace');
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json() as Return;
    expect(done).toMatchObject({ status: 'replaced', replacement: { orderNumbers: [expect.any(Number)] } });
    const checkoutId = done.replacement!.checkoutId;

    // Every total agrees to the cent: each line, the checkout, its invoice are 0; the buyer's address is kept.
    const lines = await t.app.database.db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      productId,
      quantity: 2,
      unitPriceCents: 0,
      shippingCents: 0,
      taxCents: 0,
      paymentStatus: true,
      orderStatus: 'Pending',
      userId: original!.userId,
      address: original!.address,
      orderNumber: done.replacement!.orderNumbers[0],
    });
    const [co] = await t.app.database.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
    expect(co).toMatchObject({ source: 'replacement', email: ann.email });
    expect(co!.paidAt).not.toBeNull();
    // Nothing is sold, so nothing is invoiced (an invoice's total is positive).
    expect(
      await t.app.database.db.select().from(invoices).where(eq(invoices.checkoutId, checkoutId)),
    ).toEqual([]);

    // The stock is reserved like any order's.
    expect(await stockOf(t.app, productId)).toBe(stockBefore - 2);

    // Mailed once, with no "please pay"; staff told to ship it.
    const toAnn = t.mail.sent.slice(mailedBefore).filter((m) => m.to === ann.email);
    expect(toAnn.filter((m) => m.subject.startsWith('Warranty replacement'))).toHaveLength(1);
    expect(toAnn.filter((m) => m.text.includes('Please pay for it'))).toHaveLength(0);
    expect(toAnn.filter((m) => m.subject.startsWith('Replacement on its way'))).toHaveLength(1);
    expect(toAnn).toHaveLength(2);
    expect(t.mail.sent.slice(mailedBefore).map((m) => m.subject)).toContainEqual(
      expect.stringMatching(/^Warranty replacement to ship/),
    );

    // Audited on both orders; the new order's history says it was a replacement settled at no charge.
    const audit = await t.app.database.db.select().from(auditLog).where(eq(auditLog.entityId, lines[0]!.id));
    expect(audit.map((a) => a.kind)).toContain('order.replacement');
    const history = await timelineOf(t.app, ann, lines[0]!.id);
    expect(history.map((e) => e.title)).toEqual(
      expect.arrayContaining(['Replacement placed', 'Settled at no charge']),
    );
    const before = await timelineOf(t.app, ann, orderId);
    expect(before.find((e) => e.title === 'Return replaced')!.detail).toMatch(/settled by a replacement: #/);

    // Shipped like any order.
    const ship = await shipmentsApi(t.app, admin).create(
      ups([{ orderId: lines[0]!.id }], '1Z999AA10123456785'),
    );
    expect(ship.statusCode, ship.body).toBe(201);
    expect(await orderAs(t.app, ann, lines[0]!.id)).toMatchObject({ shippedQuantity: 2, total: 0 });

    // A second click finds it replaced.
    expect((await asAdmin().resolve(r._id, 'replace')).statusCode).toBe(409);
  });

  it('sends the newest listed part of a replaced-by chain (issue 43: "the old SKU leads to the new one")', async () => {
    const { r, productId } = await receivedWarrantyReturn(1, 1);
    const v2 = await makeProduct(t.app, { name: `Replacement v2 ${Date.now()}` });
    const v3 = await makeProduct(t.app, { name: `Replacement v3 ${Date.now()}` });
    const v4 = await makeProduct(t.app, { name: `Replacement v4 ${Date.now()}` });
    const replace = (from: string, to: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/equipment/parts/${from}/replaced-by`,
        headers: admin.headers,
        payload: { replacedById: to },
      });
    for (const [from, to] of [
      [productId, v2.id],
      [v2.id, v3.id],
      [v3.id, v4.id],
    ] as const)
      expect((await replace(from, to)).statusCode).toBe(200);
    // The chain's last part is no longer listed: the newest listed one goes.
    await t.app.database.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, v4.id));
    await t.app.readCache.changed('catalogue');
    const stockBefore = await stockOf(t.app, v3.id);

    const res = await asAdmin().resolve(r._id, 'replace');
    expect(res.statusCode, res.body).toBe(200);
    const lines = await t.app.database.db
      .select()
      .from(orders)
      .where(eq(orders.checkoutId, (res.json() as Return).replacement!.checkoutId));
    expect(lines.map((l) => ({ productId: l.productId, quantity: l.quantity }))).toEqual([
      { productId: v3.id, quantity: 1 },
    ]);
    expect(await stockOf(t.app, v3.id)).toBe(stockBefore - 1);
  });

  it('refuses with 409 and writes nothing when the stock is short', async () => {
    const { r, productId } = await receivedWarrantyReturn(1, 1);
    await t.app.database.db.update(products).set({ quantity: 0 }).where(eq(products.id, productId));
    await t.app.readCache.changed('catalogue');
    const short = await asAdmin().resolve(r._id, 'replace');
    expect(short.statusCode, short.body).toBe(409);
    expect((await asAdmin().get(r._id)).json()).toMatchObject({ status: 'received', replacement: null });
    const none = await t.app.database.db.select().from(orders).where(eq(orders.productId, productId));
    expect(none).toHaveLength(1);
  });
});
