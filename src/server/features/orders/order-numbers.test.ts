// Both databases: issue #38 asks for order numbers (gapless, rolled back, found by search) proven on both.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '@shared/orders/orders.schema';
import { orders } from '../../db/schema';
import type { Client } from '../../test/auth';
import { checkoutApi, twoLineCheckout } from '../../test/cart';
import type { TestApp } from '../../test/helper';
import { appWithPeople } from '../../test/people';
import { makeProduct, placeOrder } from '../../test/shop';

let t: TestApp;
let admin: Client;
let alice: Client;

beforeAll(async () => {
  [t, admin, alice] = await appWithPeople('Alice Numbers');
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const getOrder = async (id: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/singleorderitem/${id}`, headers: alice.headers })
  ).json() as Order;

/** Every order number there is, ascending. */
const allNumbers = async () =>
  (await t.app.database.db.select({ n: orders.orderNumber }).from(orders).orderBy(orders.orderNumber)).map(
    (r) => r.n,
  );

const search = async (q: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/order?q=${encodeURIComponent(q)}`,
    headers: admin.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Order[];
};

describe('order numbers', () => {
  it('the first orders are #1001, #1002, …: each order the next number, a checkout one per line in a row', async () => {
    const product = await makeProduct(t.app, { quantity: 20 });
    const first = await getOrder(
      (await placeOrder(t.app, alice, { productId: product.id, quantity: 1 })).json().insertedId,
    );
    const second = await getOrder(
      (await placeOrder(t.app, alice, { productId: product.id, quantity: 1 })).json().insertedId,
    );
    expect(first.orderNumber).toBe(1001);
    expect(second.orderNumber).toBe(1002);
    // The spec's `number` stays the buyer's mobile number; `_id` stays the UUID.
    expect(first.number).toBe('+1 555 0100');
    expect(first._id).toMatch(/^[0-9a-f-]{36}$/);
    const { co } = await twoLineCheckout(t.app, alice);
    expect(co.lines.map((l) => l.orderNumber).sort()).toEqual([1003, 1004]);
    expect(await allNumbers()).toEqual([1001, 1002, 1003, 1004]);
  });

  it('an order that rolls back after taking its number gives it back: the next order has it, no gap', async () => {
    const before = await allNumbers();
    const product = await makeProduct(t.app, { quantity: 10 });
    vi.spyOn(t.app.mailer, 'send').mockRejectedValueOnce(new Error('queue table unavailable'));
    const failed = await placeOrder(t.app, alice, { productId: product.id, quantity: 1 });
    expect(failed.statusCode).toBe(500);
    expect(await allNumbers()).toEqual(before);
    const next = await getOrder(
      (await placeOrder(t.app, alice, { productId: product.id, quantity: 1 })).json().insertedId,
    );
    expect(next.orderNumber).toBe(before.at(-1)! + 1);
  });

  it('names the order in its mails, the buyer’s list and the checkout', async () => {
    const product = await makeProduct(t.app, { quantity: 10 });
    const id = (await placeOrder(t.app, alice, { productId: product.id, quantity: 2 })).json().insertedId;
    const { orderNumber } = await getOrder(id);
    const placed = t.mail.sent.find((m) => m.to === alice.email && m.subject.includes(product.name));
    expect(placed!.subject).toBe(`Your Toolhouse order: ${product.name} (order #${orderNumber})`);
    expect(placed!.text).toContain(`Thank you for your order #${orderNumber}:`);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/myorder/${alice.email}`,
      headers: alice.headers,
    });
    expect((mine.json() as Order[]).find((o) => o._id === id)!.orderNumber).toBe(orderNumber);

    const { co } = await twoLineCheckout(t.app, alice);
    const [a, b] = co.lines.map((l) => l.orderNumber).sort((x, y) => x - y);
    const again = (await checkoutApi(t.app, alice).get(co._id)).json();
    expect(again.lines.map((l: Order) => l.orderNumber).sort()).toEqual([a, b]);
    const mail = t.mail.sent.find((m) => m.to === alice.email && m.subject.endsWith(`(orders #${a}–#${b})`));
    expect(mail!.subject).toBe(`Your Toolhouse order of 2 items (orders #${a}–#${b})`);
    expect(mail!.text).toMatch(new RegExp(`#${a}: \\d × `));
    expect(mail!.text).toMatch(new RegExp(`#${b}: \\d × `));
  });

  it('the admin’s search finds an order by its number, with or without #', async () => {
    const product = await makeProduct(t.app, { quantity: 10 });
    const id = (await placeOrder(t.app, alice, { productId: product.id, quantity: 1 })).json().insertedId;
    const { orderNumber } = await getOrder(id);
    for (const q of [`#${orderNumber}`, String(orderNumber), ` # ${orderNumber} `])
      expect((await search(q)).map((o) => o._id)).toEqual([id]);
    expect(await search('#99999')).toEqual([]);
    // An email is still searched by its start.
    expect((await search(alice.email.slice(0, 8))).length).toBeGreaterThan(0);
  });

  it('numbers nothing twice: the database refuses a repeated number', async () => {
    const [row] = await t.app.database.db.select().from(orders).limit(1);
    const { orderNumber } = row!;
    await expect(
      t.app.database.db.insert(orders).values({ ...row!, id: randomUUID(), orderNumber }),
    ).rejects.toThrow();
    expect(
      await t.app.database.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.orderNumber, orderNumber)),
    ).toHaveLength(1);
  });
});
