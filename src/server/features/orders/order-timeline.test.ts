import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../test/auth';
import type { TestApp } from '../../test/helper';
import { documentsOf, timelineOf } from '../../test/invoices';
import { appWithPeople } from '../../test/people';
import { newScenario, run } from '../../test/refunds';
import { makeProduct, payOrder, placeOrder } from '../../test/shop';

let t: TestApp;
let admin: Client;
let alice: Client;
let rival: Client;

beforeAll(async () => {
  [t, admin, alice, rival] = await appWithPeople('Alice Timeline', 'Rival Timeline');
});
afterAll(() => t.close());

async function newOrder() {
  const product = await makeProduct(t.app, { quantity: 10, priceCents: 2_000 });
  return (await placeOrder(t.app, alice, { productId: product.id, quantity: 2 })).json().insertedId as string;
}
const act = (method: 'PUT' | 'POST' | 'DELETE', url: string, client = admin) =>
  t.app.inject({ method, url, headers: client.headers });
const steps = async (id: string, client = alice) =>
  (await timelineOf(t.app, client, id)).map((e) => [e.kind, e.by?.role ?? null, e.by?.email ?? null]);
const kinds = async (id: string) => (await timelineOf(t.app, alice, id)).map((e) => e.kind);

describe('GET /api/order/{id}/timeline', () => {
  it('paid and delivered: placed, paid (transaction), invoice (number), delivered; who did it for admins only', async () => {
    const id = await newOrder();
    const { confirm } = await payOrder(t.app, alice, id);
    expect((await act('PUT', `/api/delivery/${id}`)).statusCode).toBe(200);
    const [invoice] = await documentsOf(t.app, alice, id);
    const seen = await timelineOf(t.app, alice, id);
    expect(seen.map((e) => e.kind)).toEqual(['placed', 'paid', 'invoice', 'delivered']);
    expect(seen.every((e) => e.by === null)).toBe(true);
    expect(seen[0]).toMatchObject({ title: 'Order placed', detail: expect.stringContaining('$40.00') });
    expect(seen[1]).toMatchObject({ detail: `Transaction ${confirm!.json().transactionId}` });
    expect(seen[2]).toMatchObject({
      title: 'Invoice issued',
      detail: invoice!.number,
      invoiceId: invoice!._id,
    });
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.at >= seen[i - 1]!.at).toBe(true);
    expect(await steps(id, admin)).toEqual([
      ['placed', 'customer', alice.email],
      ['paid', 'customer', alice.email],
      ['invoice', 'system', null],
      ['delivered', 'admin', admin.email],
    ]);
  });

  it('refunded by an admin: cancelled and refund requested by the admin, refunded, credit note', async () => {
    const id = await newOrder();
    await payOrder(t.app, alice, id);
    expect((await act('POST', `/api/order/${id}/refund`)).statusCode).toBe(200);
    const [, note] = await documentsOf(t.app, alice, id);
    expect(await steps(id, admin)).toEqual([
      ['placed', 'customer', alice.email],
      ['paid', 'customer', alice.email],
      ['invoice', 'system', null],
      ['cancelled', 'admin', admin.email],
      ['refund_requested', 'admin', admin.email],
      ['refunded', 'system', null],
      ['credit_note', 'system', null],
    ]);
    const entries = await timelineOf(t.app, alice, id);
    expect(entries.find((e) => e.kind === 'refunded')!.detail).toMatch(/^\$40\.00, refund re_/);
    expect(entries.at(-1)).toMatchObject({
      invoiceId: note!._id,
      detail: expect.stringContaining(note!.number),
    });
  });

  it('cancelled unpaid by the customer or by an admin, and expired unpaid', async () => {
    const mine = await newOrder();
    expect((await act('DELETE', `/api/order/${mine}`, alice)).statusCode).toBe(200);
    expect(await steps(mine, admin)).toEqual([
      ['placed', 'customer', alice.email],
      ['cancelled', 'customer', alice.email],
    ]);
    const theirs = await newOrder();
    expect((await act('DELETE', `/api/order/${theirs}`)).statusCode).toBe(200);
    expect((await steps(theirs, admin))[1]).toEqual(['cancelled', 'admin', admin.email]);
    const s = await newScenario(t.app, alice, rival);
    await run(s, 'expire');
    expect(await steps(s.orderId, admin)).toEqual([
      ['placed', 'customer', alice.email],
      ['expired', 'system', null],
    ]);
  });

  it('a payment after the order closed: refund requested (saying why) and refunded, with no invoice', async () => {
    const s = await newScenario(t.app, alice, rival);
    for (const step of ['create', 'cancel', 'record', 'sellout', 'charge', 'confirm'] as const)
      await run(s, step);
    expect(await kinds(s.orderId)).toEqual(['placed', 'cancelled', 'refund_requested', 'refunded']);
    const requested = (await timelineOf(t.app, alice, s.orderId))[2]!;
    expect(requested.detail).toContain(`payment ${s.intentId} came after the order closed`);
  });

  it('is for the owner and admins: 401 signed out, 403 another customer, 404 unknown', async () => {
    const id = await newOrder();
    const get = (headers: Record<string, string>, orderId = id) =>
      t.app.inject({ url: `/api/order/${orderId}/timeline`, headers });
    expect((await get({})).statusCode).toBe(401);
    expect((await get(rival.headers)).statusCode).toBe(403);
    expect((await get(alice.headers, crypto.randomUUID())).statusCode).toBe(404);
    expect((await get(alice.headers, 'nope')).statusCode).toBe(400);
  });
});
