import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEventTypes } from '@shared/webhooks/webhooks.events';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/helper';
import { dayFromToday, quoteApi } from '../../test/quotes';
import { shipmentsApi, ups } from '../../test/shipments';
import { makeProduct, payOrder, placeOrder } from '../../test/shop';
import { addEndpoint, fastWebhooks, startReceiver, waitFor, type Receiver } from '../../test/webhooks';

let t: TestApp;
let admin: Client;
let buyer: Client;
let receiver: Receiver;
let secret: string;

beforeAll(async () => {
  // A slow answer on a busy machine would be retried (a legitimate duplicate): give it time.
  t = await createTestApp({ ...fastWebhooks, WEBHOOK_TIMEOUT_MS: '5000' });
  admin = await signUpAdmin(t.app);
  buyer = await signUp(t.app, { verified: true, name: 'Bea Buyer' });
  receiver = await startReceiver();
  secret = (await addEndpoint(t.app, admin, receiver.url, [...webhookEventTypes])).secret;
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

const as = (who: Client, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload && { payload }) });

/** The distinct events (by webhook-id) of a type: a retried delivery comes again under the same id. */
const eventsOf = (type: string) => [...new Map(receiver.ofType(type).map((r) => [r.id, r])).values()];

/** Waits until the receiver has the events expected of each type by now, then checks none came on top. */
async function settle(expected: Partial<Record<string, number>>) {
  await waitFor(
    () => Object.entries(expected).every(([type, n]) => eventsOf(type).length >= n!) || undefined,
    30_000,
  );
  // Time for an extra event to arrive, were there one.
  await new Promise((r) => setTimeout(r, 700));
  for (const [type, n] of Object.entries(expected))
    expect(
      { type, n: eventsOf(type).length },
      JSON.stringify(eventsOf(type).map((r) => r.json.data)),
    ).toEqual({
      type,
      n,
    });
}

describe('events from the owning features', { timeout: 120_000 }, () => {
  it('each change fires its event once, signed, with the object as the API answers it', async () => {
    const product = await makeProduct(t.app, { quantity: 5, priceCents: 2_000 });
    const placed = await placeOrder(t.app, buyer, { productId: product.id, quantity: 4 });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().insertedId as string;
    await settle({ 'order.created': 1, 'stock.low': 1 });
    const created = receiver.ofType('order.created')[0]!;
    expect(receiver.verify(secret, created)).toMatchObject({
      type: 'order.created',
      data: { _id: orderId, productId: product.id, quantity: 4, totalCents: 8_000, email: buyer.email },
    });
    expect(receiver.ofType('stock.low')[0]!.json.data).toMatchObject({ _id: product.id, quantity: 1 });

    await payOrder(t.app, buyer, orderId);
    await settle({ 'order.paid': 1, 'invoice.issued': 1 });
    expect(receiver.ofType('order.paid')[0]!.json.data).toMatchObject({ _id: orderId, paymentStatus: true });
    expect(receiver.ofType('invoice.issued')[0]!.json.data).toMatchObject({ kind: 'invoice', orderId });

    const shipped = await shipmentsApi(t.app, admin).create(ups([{ orderId }]));
    expect(shipped.statusCode, shipped.body).toBeLessThan(300);
    await settle({ 'shipment.created': 1 });
    expect(receiver.ofType('shipment.created')[0]!.json.data).toMatchObject({
      carrier: 'UPS',
      lines: [{ orderId, quantity: 4 }],
    });

    const other = await makeProduct(t.app, { quantity: 50, priceCents: 1_000 });
    const toRefund = (await placeOrder(t.app, buyer, { productId: other.id, quantity: 2 })).json()
      .insertedId as string;
    await payOrder(t.app, buyer, toRefund);
    expect((await as(admin, 'POST', `/api/order/${toRefund}/refund`)).statusCode).toBe(200);
    await settle({ 'credit_note.issued': 1, 'order.paid': 2, 'invoice.issued': 2 });
    expect(receiver.ofType('credit_note.issued')[0]!.json.data).toMatchObject({
      kind: 'credit_note',
      orderId: toRefund,
    });

    const toCancel = (await placeOrder(t.app, buyer, { productId: other.id, quantity: 1 })).json()
      .insertedId as string;
    expect((await as(buyer, 'DELETE', `/api/order/${toCancel}`)).statusCode).toBe(200);
    await settle({ 'order.cancelled': 1, 'order.created': 3 });
    expect(receiver.ofType('order.cancelled')[0]!.json.data).toMatchObject({
      _id: toCancel,
      orderStatus: 'Cancelled',
    });

    const edited = await as(admin, 'PUT', `/api/product/${other.id}`, { price: 12.25 });
    expect(edited.statusCode, edited.body).toBe(200);
    await settle({ 'product.updated': 1 });
    expect(receiver.ofType('product.updated')[0]!.json.data).toMatchObject({ _id: other.id, price: 12.25 });

    const asked = await quoteApi(t.app, buyer).request({ lines: [{ productId: other.id, quantity: 3 }] });
    expect(asked.statusCode, asked.body).toBe(201);
    const quoteId = asked.json()._id as string;
    await quoteApi(t.app, admin).answer(quoteId, {
      lines: [{ productId: other.id, unitPrice: 10 }],
      validUntil: dayFromToday(5),
    });
    const accepted = await quoteApi(t.app, buyer).accept(quoteId);
    expect(accepted.statusCode, accepted.body).toBeLessThan(300);
    await settle({ 'quote.requested': 1, 'quote.accepted': 1 });
    expect(receiver.ofType('quote.requested')[0]!.json.data).toMatchObject({ _id: quoteId });
    expect(receiver.ofType('quote.accepted')[0]!.json.data).toMatchObject({
      _id: quoteId,
      status: 'accepted',
    });

    const company = await as(buyer, 'POST', '/api/companies', { name: 'Bea Works', taxId: '12-3456789' });
    expect(company.statusCode, company.body).toBe(201);
    await settle({ 'company.created': 1 });
    expect(receiver.ofType('company.created')[0]!.json.data).toMatchObject({
      _id: company.json()._id,
      name: 'Bea Works',
    });

    // Every message verifies, and no secret or session travels in a payload.
    for (const r of receiver.received) {
      expect(() => receiver.verify(secret, r)).not.toThrow();
      expect(r.body).not.toMatch(/whsec_|secret_enc|password|cookie/i);
    }
    // A repeat (a retry after a slow answer) is the same message: same id, same body.
    for (const r of receiver.received)
      expect(receiver.received.find((x) => x.id === r.id)!.body).toBe(r.body);
  });
});
