import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '@shared/checkout/checkout.schema';
import { fieldLabel } from '@shared/common/field-label';
import type { Shipment } from '@shared/fulfilment/fulfilment.schema';
import type { Order } from '@shared/orders/orders.schema';
import { fulfilmentStateSql, orders } from '../../db/schema';
import type { TestApp } from '../../test/helper';
import type { Client } from '../../test/auth';
import { auditEntries } from '../../test/admin';
import { appWithPeople } from '../../test/people';
import { checkoutApi, makeCartProduct, twoLineCheckout } from '../../test/cart';
import { configureFulfilment, shipAs } from '../../test/fulfilment';
import { pdfText } from '../../test/invoices';
import { makeProduct, payOrder, placeOrder } from '../../test/shop';
import { orderAs, shipmentsApi, ups } from '../../test/shipments';

let t: TestApp;
let admin: Client;
let ann: Client;
let bob: Client;
let tables: Awaited<ReturnType<typeof configureFulfilment>>;

beforeAll(async () => {
  [t, admin, ann, bob] = await appWithPeople('Ann Buyer', 'Bob Buyer');
  tables = await configureFulfilment(t.app);
});
afterAll(() => t.close());

/** A paid two-line checkout of `who`'s (3 drills, 4 saws, PO-9), as the payment page leaves it. */
async function paidCheckout(who: Client) {
  const { co, drill, saw } = await twoLineCheckout(t.app, who);
  const pay = await checkoutApi(t.app, who).pay(co._id);
  expect((await pay.put()).statusCode).toBe(200);
  const lines = (await checkoutApi(t.app, who).get(co._id)).json() as Checkout;
  const drillLine = lines.lines.find((l) => l.productId === drill.id)!;
  const sawLine = lines.lines.find((l) => l.productId === saw.id)!;
  return { co, drill, saw, drillLine, sawLine };
}

const mailsTo = (who: Client, subject: string) =>
  t.mail.sent.filter((m) => m.to === who.email && m.subject.startsWith(subject));

describe('POST /api/shipments: partial shipments of a paid checkout', () => {
  it('ships part of a line with tracking; the order reads Partly shipped with the link, the customer is mailed', async () => {
    const { drillLine, sawLine, drill } = await paidCheckout(ann);
    const res = await shipmentsApi(t.app, admin).create(
      ups([{ orderId: drillLine._id, quantity: 2 }, { orderId: sawLine._id }]),
    );
    expect(res.statusCode).toBe(201);
    const shipment = res.json() as Shipment;
    expect(shipment).toMatchObject({
      kind: 'shipment',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      poNumber: 'PO-9',
      recipient: 'Ann Buyer',
      email: ann.email,
      packingSlipUrl: `/api/shipments/${shipment._id}/packing-slip`,
    });
    expect(shipment.lines.find((l) => l.orderId === drillLine._id)).toMatchObject({
      quantity: 2,
      ordered: 3,
      shippedInAll: 2,
      sku: drill.sku,
    });
    // All that was left of the saws: 4.
    expect(shipment.lines.find((l) => l.orderId === sawLine._id)).toMatchObject({
      quantity: 4,
      shippedInAll: 4,
    });

    const drillOrder = await orderAs(t.app, ann, drillLine._id);
    expect(drillOrder).toMatchObject({
      fulfilment: 'partly_shipped',
      shippedQuantity: 2,
      orderStatus: 'Pending',
    });
    expect(drillOrder.shipments).toEqual([
      expect.objectContaining({ _id: shipment._id, quantity: 2, trackingUrl: shipment.trackingUrl }),
    ]);
    expect(await orderAs(t.app, ann, sawLine._id)).toMatchObject({
      fulfilment: 'shipped',
      shippedQuantity: 4,
    });

    const [mail] = mailsTo(ann, 'Shipped');
    expect(mail!.text).toContain('Carrier: UPS. Tracking number: 1Z999AA10123456784.');
    expect(mail!.text).toContain('Track my shipment: https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(mail!.text).toContain(`2 × ${drillLine.productName} (1 of 3 still to come)`);
    expect(mail!.text).toContain(`4 × ${sawLine.productName}`);
    // Named by the orders' numbers (decision 049), in the subject and beside each line, and in the API's lines.
    const numbers = [drillLine.orderNumber, sawLine.orderNumber].sort((a, b) => a - b);
    expect(mail!.subject).toBe(`Shipped: 2 items (orders #${numbers[0]}–#${numbers[1]})`);
    expect(mail!.text).toContain(`still to come), order #${drillLine.orderNumber}`);
    expect(mail!.text).toContain(`4 × ${sawLine.productName}, order #${sawLine.orderNumber}`);
    expect(mail!.text).not.toContain(drillLine._id);
    expect(shipment.lines.find((l) => l.orderId === drillLine._id)!.orderNumber).toBe(drillLine.orderNumber);

    // The line's history names the shipment and, for an admin, who made it.
    const history = await t.app.inject({
      url: `/api/order/${drillLine._id}/timeline`,
      headers: admin.headers,
    });
    expect(history.json().entries).toContainEqual(
      expect.objectContaining({
        kind: 'shipped',
        title: 'Shipped',
        detail: '2 of 3 by UPS, tracking 1Z999AA10123456784',
        by: { role: 'admin', email: admin.email },
      }),
    );

    const [entry] = (await auditEntries(t.app, admin, 'shipment.created')).filter(
      (e) => e.entityId === shipment._id,
    );
    expect(entry).toMatchObject({ actorEmail: admin.email });
  });

  it('ships the rest later (quantity left out = all that remains), then refuses a third shipment of the line', async () => {
    const { drillLine } = await paidCheckout(bob);
    const api = shipmentsApi(t.app, admin);
    expect((await api.create(ups([{ orderId: drillLine._id, quantity: 1 }]))).statusCode).toBe(201);
    const rest = await api.create({ ...ups([{ orderId: drillLine._id }], 'FX123'), carrier: 'FedEx' });
    expect(rest.statusCode).toBe(201);
    expect((rest.json() as Shipment).lines[0]).toMatchObject({ quantity: 2, shippedInAll: 3 });
    const order = await orderAs(t.app, bob, drillLine._id);
    expect(order).toMatchObject({ fulfilment: 'shipped', shippedQuantity: 3 });
    expect(order.shipments!.map((s) => s.quantity)).toEqual([1, 2]);
    const again = await api.create(ups([{ orderId: drillLine._id }]));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ field: 'lines.0.quantity' });
  });

  it('never ships more than is left: 409 naming the quantity, and nothing is shipped', async () => {
    const { drillLine, sawLine } = await paidCheckout(ann);
    const api = shipmentsApi(t.app, admin);
    const res = await api.create(
      ups([
        { orderId: sawLine._id, quantity: 1 },
        { orderId: drillLine._id, quantity: 4 },
      ]),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ field: 'lines.1.quantity' });
    expect(res.json().message).toContain('only 3 of 3 are left to ship');
    // The whole call rolled back: the saw line's unit did not ship either.
    expect(await orderAs(t.app, ann, sawLine._id)).toMatchObject({
      shippedQuantity: 0,
      fulfilment: 'awaiting_shipment',
    });
  });
});

describe('which lines ship', () => {
  it('refuses unpaid, cancelled and refunded lines (409 naming the line)', async () => {
    const product = await makeProduct(t.app, { quantity: 50 });
    const api = shipmentsApi(t.app, admin);
    const unpaid = (await placeOrder(t.app, ann, { productId: product.id, quantity: 2 })).json()
      .insertedId as string;
    const r1 = await api.create(ups([{ orderId: unpaid }]));
    expect(r1.statusCode).toBe(409);
    expect(r1.json()).toMatchObject({
      field: 'lines.0.orderId',
      message: 'Line 1, order: Only paid lines ship.',
    });

    await t.app.inject({ method: 'DELETE', url: `/api/order/${unpaid}`, headers: ann.headers });
    const r2 = await api.create(ups([{ orderId: unpaid }]));
    expect(r2.statusCode).toBe(409);
    expect(r2.json().message).toContain('cancelled');

    const paid = (await placeOrder(t.app, ann, { productId: product.id, quantity: 2 })).json()
      .insertedId as string;
    expect((await payOrder(t.app, ann, paid)).pay!.statusCode).toBe(200);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/order/${paid}/refund`,
      headers: admin.headers,
    });
    expect(refund.statusCode).toBe(200);
    const r3 = await api.create(ups([{ orderId: paid }]));
    expect(r3.statusCode).toBe(409);
    expect(r3.json()).toMatchObject({ field: 'lines.0.orderId' });
  });

  it("keeps the spec's Delivery: a shipped line is marked Delivered and reviewable as before, and no longer ships", async () => {
    const product = await makeProduct(t.app, { quantity: 50 });
    // Weighed: with the shop's rates set up, an unweighed product cannot be ordered without a choice (decision 046).
    await shipAs(t.app, product.id, { shippingWeightGrams: 1_000 });
    const id = (await placeOrder(t.app, bob, { productId: product.id, quantity: 5 })).json()
      .insertedId as string;
    await payOrder(t.app, bob, id);
    expect((await shipmentsApi(t.app, admin).create(ups([{ orderId: id, quantity: 3 }]))).statusCode).toBe(
      201,
    );
    const delivered = await t.app.inject({
      method: 'PUT',
      url: `/api/delivery/${id}`,
      headers: admin.headers,
    });
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json().order).toMatchObject({
      orderStatus: 'Delivered',
      review: true,
      fulfilment: 'delivered',
    });
    const late = await shipmentsApi(t.app, admin).create(ups([{ orderId: id }]));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('already delivered');
  });

  it('puts lines of one customer at one address in a shipment: another customer or address is 400 on lines', async () => {
    const a = await paidCheckout(ann);
    const b = await paidCheckout(bob);
    const res = await shipmentsApi(t.app, admin).create(
      ups([{ orderId: a.drillLine._id }, { orderId: b.drillLine._id }]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'lines' });
    expect(res.json().message).toContain('one customer at one address');
  });
});

describe('pickup lines', () => {
  it('are made ready for pickup without a carrier; the customer gets "Ready for pickup" with the location and time', async () => {
    const product = await makeCartProduct(t.app, { priceCents: 5_000, quantity: 20 });
    const placed = await placeOrder(t.app, bob, {
      productId: product.id,
      quantity: 2,
      address: '1 Market St, San Francisco, CA 94105',
      shippingOption: `${tables.willCall.id}:${tables.pickup.id}`,
    });
    expect(placed.statusCode).toBe(200);
    const id = placed.json().insertedId as string;
    await payOrder(t.app, bob, id);
    const res = await shipmentsApi(t.app, admin).create({ lines: [{ orderId: id }] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      kind: 'pickup',
      carrier: null,
      trackingNumber: null,
      pickupLocation: 'Dallas branch',
      address: '2400 Industrial Blvd, Dallas, TX 75207',
    });
    expect(await orderAs(t.app, bob, id)).toMatchObject({
      fulfilment: 'ready_for_pickup',
      shippedQuantity: 2,
    });
    const [mail] = mailsTo(bob, 'Ready for pickup');
    const { orderNumber } = await orderAs(t.app, bob, id);
    expect(mail!.subject).toBe(`Ready for pickup: ${product.name} (order #${orderNumber})`);
    expect(mail!.text).toContain(`2 × ${product.name}, order #${orderNumber}`);
    expect(mail!.text).toContain('Where: Dallas branch, 2400 Industrial Blvd, Dallas, TX 75207.');
    expect(mail!.text).toMatch(/Ready from: .+ UTC\./);
  });
});

describe('validation and access', () => {
  it('names the field at fault (400) and refuses unknown lines (404)', async () => {
    const { drillLine } = await paidCheckout(ann);
    const api = shipmentsApi(t.app, admin);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ lines: [{ orderId: drillLine._id }], trackingNumber: '1Z1' }, 400, 'carrier'],
      [{ lines: [{ orderId: drillLine._id }], carrier: 'UPS' }, 400, 'trackingNumber'],
      [{ ...ups([{ orderId: drillLine._id }]), trackingUrl: 'http://ups.example/t/1' }, 400, 'trackingUrl'],
      [{ ...ups([{ orderId: drillLine._id }]), trackingUrl: 'javascript:alert(1)' }, 400, 'trackingUrl'],
      [{ ...ups([{ orderId: drillLine._id }]), trackingNumber: '<b>' }, 400, 'trackingNumber'],
      [ups([]), 400, 'lines'],
      [ups([{ orderId: 'nope' }]), 400, 'lines.0.orderId'],
      [ups([{ orderId: drillLine._id, quantity: 0 }]), 400, 'lines.0.quantity'],
      [ups([{ orderId: drillLine._id }, { orderId: drillLine._id }]), 400, 'lines.1.orderId'],
      [ups([{ orderId: '00000000-0000-4000-8000-000000000000' }]), 404, 'lines.0.orderId'],
    ];
    for (const [body, status, field] of cases) {
      const res = await api.create(body);
      expect({ field, status: res.statusCode }).toEqual({ field, status });
      // The message names the place as a person counts it ("Line 1, order"); `field` keeps the path.
      expect(res.json().message).toContain(fieldLabel(field));
    }
    expect((await orderAs(t.app, ann, drillLine._id)).shippedQuantity).toBe(0);
  });

  it('is for admins: anonymous 401, a customer 403; a customer sees only their own shipments', async () => {
    const { drillLine } = await paidCheckout(ann);
    expect((await shipmentsApi(t.app, null).create(ups([{ orderId: drillLine._id }]))).statusCode).toBe(401);
    expect((await shipmentsApi(t.app, ann).create(ups([{ orderId: drillLine._id }]))).statusCode).toBe(403);
    expect((await shipmentsApi(t.app, ann).bulk([ups([{ orderId: drillLine._id }])])).statusCode).toBe(403);
    const made = (
      await shipmentsApi(t.app, admin).create(ups([{ orderId: drillLine._id }]))
    ).json() as Shipment;
    expect((await shipmentsApi(t.app, ann).get(made._id)).statusCode).toBe(200);
    expect((await shipmentsApi(t.app, bob).get(made._id)).statusCode).toBe(403);
    const mine = await shipmentsApi(t.app, ann).ofOrder(drillLine._id);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().shipments.map((s: Shipment) => s._id)).toEqual([made._id]);
    expect((await shipmentsApi(t.app, bob).ofOrder(drillLine._id)).statusCode).toBe(403);
    expect((await shipmentsApi(t.app, ann).packingSlip(made._id)).statusCode).toBe(403);
    expect((await shipmentsApi(t.app, admin).get('00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
  });
});

describe('the tracking link of a shipment whose shipper pasted none', () => {
  it('is built for UPS, FedEx, USPS and DHL, shown on the order and in the "Shipped" mail', async () => {
    const cases = [
      ['UPS', '1Z 999 AA1 0123456784', 'https://www.ups.com/track?tracknum=1Z999AA10123456784'],
      ['FedEx Ground', '7712 3456 7890', 'https://www.fedex.com/fedextrack/?trknbr=771234567890'],
      [
        'USPS',
        '9400 1000 0000 0000 0000 00',
        'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
      ],
      [
        'DHL Express',
        'JD014600006281230704',
        'https://www.dhl.com/us-en/home/tracking.html?tracking-id=JD014600006281230704',
      ],
    ] as const;
    for (const [carrier, trackingNumber, url] of cases) {
      const { drillLine } = await paidCheckout(ann);
      const before = t.mail.sent.length;
      const res = await shipmentsApi(t.app, admin).create({
        lines: [{ orderId: drillLine._id }],
        carrier,
        trackingNumber,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect((res.json() as Shipment).trackingUrl, carrier).toBe(url);
      const mail = t.mail.sent
        .slice(before)
        .find((m) => m.to === ann.email && m.subject.startsWith('Shipped'));
      expect(mail!.text, carrier).toContain(`Track my shipment: ${url}`);
    }
  });

  it('is left out for another carrier: the mail says to use the number on its website', async () => {
    const { drillLine } = await paidCheckout(ann);
    const before = t.mail.sent.length;
    const res = await shipmentsApi(t.app, admin).create({
      lines: [{ orderId: drillLine._id }],
      carrier: 'Acme Haulage',
      trackingNumber: 'AC-123',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as Shipment).trackingUrl).toBeNull();
    const mail = t.mail.sent.slice(before).find((m) => m.to === ann.email && m.subject.startsWith('Shipped'));
    expect(mail!.text).toContain("Follow it on the carrier's website with the tracking number.");
  });
});

describe('POST /api/shipments/bulk', () => {
  it('ships several checkouts at once, one shipment each, one mail each', async () => {
    const a = await paidCheckout(ann);
    const b = await paidCheckout(bob);
    const before = t.mail.sent.length;
    const res = await shipmentsApi(t.app, admin).bulk([
      ups([{ orderId: a.drillLine._id }, { orderId: a.sawLine._id }], '1ZAAA'),
      ups([{ orderId: b.drillLine._id }, { orderId: b.sawLine._id }], '1ZBBB'),
    ]);
    expect(res.statusCode).toBe(201);
    const made = res.json().shipments as Shipment[];
    expect(made.map((s) => [s.recipient, s.trackingNumber, s.lines.length])).toEqual([
      ['Ann Buyer', '1ZAAA', 2],
      ['Bob Buyer', '1ZBBB', 2],
    ]);
    const shippedMails = t.mail.sent.slice(before).filter((m) => m.subject.startsWith('Shipped'));
    expect(shippedMails.map((m) => m.to).sort()).toEqual([ann.email, bob.email].sort());
  });

  it('is all or none: a refused shipment names its place and nothing ships, nothing is mailed', async () => {
    const a = await paidCheckout(ann);
    const before = t.mail.sent.length;
    const res = await shipmentsApi(t.app, admin).bulk([
      ups([{ orderId: a.drillLine._id }]),
      { lines: [{ orderId: a.sawLine._id }], carrier: 'UPS' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'shipments.1.trackingNumber' });
    expect(t.mail.sent.length).toBe(before);
    expect((await orderAs(t.app, ann, a.drillLine._id)).shippedQuantity).toBe(0);
    const over = await shipmentsApi(t.app, admin).bulk([
      ups([{ orderId: a.drillLine._id, quantity: 2 }]),
      ups([{ orderId: a.drillLine._id, quantity: 2 }]),
    ]);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ field: 'shipments.1.lines.0.quantity' });
  });
});

describe('GET /api/shipments/{id}/packing-slip', () => {
  it('is a PDF with lines, quantities, SKUs, ship-to and PO number, and no prices', async () => {
    const { drillLine, drill, saw } = await paidCheckout(ann);
    const made = (
      await shipmentsApi(t.app, admin).create(ups([{ orderId: drillLine._id, quantity: 2 }]))
    ).json() as Shipment;
    const res = await shipmentsApi(t.app, admin).packingSlip(made._id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="packing-slip-${made._id.slice(0, 8)}.pdf"`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('PACKING SLIP');
    expect(text).toContain('PO number: PO-9');
    expect(text).toContain(`Order: #${drillLine.orderNumber}`);
    expect(text).toContain('Ann Buyer');
    expect(text).toContain(drill.sku);
    expect(text).toContain(drillLine.productName);
    expect(text).toContain('Tracking: 1Z999AA10123456784');
    expect(text).toMatch(/Units in this shipment\s+2/);
    expect(text).toContain(`Still to come: 1 × ${drillLine.productName}`);
    expect(text).not.toContain(saw.sku);
    expect(text).not.toContain('$');
  });
});

describe('GET /api/order?fulfilment=…', () => {
  it('filters the admin list by fulfilment state; the spec fields stay', async () => {
    const { drillLine, sawLine } = await paidCheckout(bob);
    await shipmentsApi(t.app, admin).create(ups([{ orderId: drillLine._id, quantity: 1 }]));
    const list = async (state: string) => {
      const res = await t.app.inject({
        url: `/api/order?fulfilment=${state}&limit=1000`,
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(200);
      return res.json() as Order[];
    };
    const partly = await list('partly_shipped');
    expect(partly.map((o) => o._id)).toContain(drillLine._id);
    expect(partly.every((o) => o.fulfilment === 'partly_shipped')).toBe(true);
    const drill = partly.find((o) => o._id === drillLine._id)!;
    expect(drill).toMatchObject({
      paymentStatus: true,
      orderStatus: 'Pending',
      poNumber: 'PO-9',
      checkoutTotal: 120,
      checkoutTotalCents: 12_000,
    });
    expect(drill.shipments).toHaveLength(1);
    const waiting = await list('awaiting_shipment');
    expect(waiting.map((o) => o._id)).toContain(sawLine._id);
    expect(waiting.map((o) => o._id)).not.toContain(drillLine._id);
    expect((await list('shipped')).every((o) => o.fulfilment === 'shipped')).toBe(true);
    expect((await list('awaiting_payment')).every((o) => !o.paymentStatus)).toBe(true);
    const bad = await t.app.inject({ url: '/api/order?fulfilment=lost', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('fulfilment');
  });

  it('is served by the fulfilment index (EXPLAIN)', async () => {
    const { db } = t.app.database;
    const plan = await db.transaction(async (tx) => {
      // A small table is cheaper to scan: take the scan away to see whether the index matches the filter at all.
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain select ${orders.id} from ${orders} where ${fulfilmentStateSql(orders)} = 'partly_shipped' order by ${orders.createdAt} desc, ${orders.id} desc limit 26`,
      );
    });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('orders_fulfilment_created_id_idx');
  });
});

describe('My Orders', () => {
  it("lists each line's shipments with the tracking link", async () => {
    const { drillLine } = await paidCheckout(ann);
    await shipmentsApi(t.app, admin).create(ups([{ orderId: drillLine._id, quantity: 3 }], '1ZMINE'));
    const res = await t.app.inject({ url: `/api/myorder/${ann.email}`, headers: ann.headers });
    const line = (res.json() as Order[]).find((o) => o._id === drillLine._id)!;
    expect(line).toMatchObject({ fulfilment: 'shipped', shippedQuantity: 3 });
    expect(line.shipments![0]).toMatchObject({
      carrier: 'UPS',
      trackingNumber: '1ZMINE',
      trackingUrl: 'https://www.ups.com/track?tracknum=1ZMINE',
    });
  });
});
