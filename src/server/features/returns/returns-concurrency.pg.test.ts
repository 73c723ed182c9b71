import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Return } from '@shared/returns/returns.schema';
import { returnLines, returns } from '../../db/schema';
import type { TestApp } from '../../test/helper';
import type { Client } from '../../test/auth';
import { appWithPeople } from '../../test/people';
import { returnsApi, shippedOrder } from '../../test/returns';

// PostgreSQL only: return requests and refunds in real concurrent transactions on a connection pool
// (docs/decisions/065-returns.md). The order lines are locked before their returned units are counted, and a return
// is marked refunded in its refund's transaction, so no line is returned, and no return refunded, twice.
let t: TestApp;
let admin: Client;
let buyer: Client;

beforeAll(async () => {
  [t, admin, buyer] = await appWithPeople('Racing Returns');
});
afterAll(() => t.close());

describe('returns at once', () => {
  it('eight requests for all 3 shipped units of a line at once: one is accepted, the rest are 400s', async () => {
    const { orderId } = await shippedOrder(t.app, admin, buyer, { quantity: 4, shipped: 3 });
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        returnsApi(t.app, buyer).create({ lines: [{ orderId, quantity: 3 }], reason: 'wrong_part' }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 400)).toHaveLength(7);
    const asked = await t.database.db.select().from(returnLines).where(eq(returnLines.orderId, orderId));
    expect(asked.reduce((n, l) => n + l.quantity, 0)).toBe(3);
  });

  it('two approvals at once take consecutive RMA numbers; two refunds of one return at once refund it once', async () => {
    const a = await shippedOrder(t.app, admin, buyer, { quantity: 1, shipped: 1 });
    const b = await shippedOrder(t.app, admin, buyer, { quantity: 1, shipped: 1 });
    const made = await Promise.all(
      [a, b].map(
        async (o) =>
          (
            await returnsApi(t.app, buyer).create({
              lines: [{ orderId: o.orderId, quantity: 1 }],
              reason: 'wrong_part',
            })
          ).json() as Return,
      ),
    );
    const approved = await Promise.all(made.map((r) => returnsApi(t.app, admin).approve(r._id)));
    const numbers = approved.map((r) => Number((r.json() as Return).rma!.slice(4))).sort((x, y) => x - y);
    expect(numbers[1]).toBe(numbers[0]! + 1);

    const r = made[0]!;
    expect(
      (await returnsApi(t.app, admin).receive(r._id, [{ lineId: r.lines[0]!._id, restock: 1, scrap: 0 }]))
        .statusCode,
    ).toBe(200);
    const refunds = await Promise.all([1, 2, 3].map(() => returnsApi(t.app, admin).resolve(r._id)));
    expect(refunds.map((x) => x.statusCode).sort()).toEqual([200, 409, 409]);
    const [row] = await t.database.db.select().from(returns).where(eq(returns.id, r._id));
    expect(row!.status).toBe('refunded');
    const order = (
      await t.app.inject({ url: `/api/singleorderitem/${a.orderId}`, headers: buyer.headers })
    ).json();
    expect(order.refundedQuantity).toBe(1);
  });
});
