import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helper';
import { appWithPeople } from '../../test/people';
import type { Client } from '../../test/auth';
import { makeProduct, payOrder, placeOrder } from '../../test/shop';

let t: TestApp, customer: Client, admin: Client;
beforeAll(async () => {
  [t, admin, customer] = await appWithPeople('Casey');
});
afterAll(() => t.close());

describe('GET /api/admin/overview', () => {
  it('reports 30 days of revenue, orders by status, low stock and the newest orders', async () => {
    const product = await makeProduct(t.app, { quantity: 3, minOrder: 1, priceCents: 10_000 });
    const id = (await placeOrder(t.app, customer, { productId: product.id, quantity: 2 })).json().insertedId;
    await payOrder(t.app, customer, id);
    await t.app.inject({
      method: 'PUT',
      url: `/api/product/${product.id}`,
      headers: admin.headers,
      payload: { minOrder: 5 },
    });
    const res = await t.app.inject({ url: '/api/admin/overview', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const o = res.json();
    expect(o.revenueByDay).toHaveLength(30);
    expect(o.revenueByDay.at(-1).revenue).toBeGreaterThanOrEqual(200);
    expect(
      o.ordersByStatus.find((s: { status: string }) => s.status === 'Paid').count,
    ).toBeGreaterThanOrEqual(1);
    expect(o.lowStock).toContainEqual({ _id: product.id, name: product.name, quantity: 1, minOrder: 5 });
    expect(o.lowStockTotal).toBe(o.lowStock.length);
    expect(o.newestOrders[0]._id).toBe(id);
  });

  it('counts a refunded order as Refunded, neither unpaid nor cancelled, and lists it with its refund', async () => {
    const count = async () => {
      const o = (await t.app.inject({ url: '/api/admin/overview', headers: admin.headers })).json();
      const by = Object.fromEntries(
        o.ordersByStatus.map((s: { status: string; count: number }) => [s.status, s.count]),
      );
      return { by, newest: o.newestOrders[0] };
    };
    const product = await makeProduct(t.app, { quantity: 5, minOrder: 1, priceCents: 2_000 });
    const id = (await placeOrder(t.app, customer, { productId: product.id, quantity: 1 })).json().insertedId;
    await payOrder(t.app, customer, id);
    const before = (await count()).by;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/order/${id}/refund`,
      headers: admin.headers,
    });
    expect(res.json().order).toMatchObject({ refundStatus: 'refunded', paymentStatus: false });
    const { by, newest } = await count();
    expect(by.Refunded).toBe((before.Refunded ?? 0) + 1);
    expect(by.Paid).toBe(before.Paid - 1);
    expect(by.Pending).toBe(before.Pending);
    expect(by.Cancelled).toBe(before.Cancelled);
    expect(newest).toMatchObject({ _id: id, orderStatus: 'Cancelled', refundStatus: 'refunded' });
  });

  it('lists the 10 products with least stock of many, and counts them all', async () => {
    for (let i = 0; i < 14; i++) await makeProduct(t.app, { quantity: i, minOrder: 50 });
    const o = (await t.app.inject({ url: '/api/admin/overview', headers: admin.headers })).json();
    expect(o.lowStock).toHaveLength(10);
    expect(o.lowStockTotal).toBeGreaterThanOrEqual(15);
    const quantities = o.lowStock.map((p: { quantity: number }) => p.quantity);
    expect(quantities).toEqual([...quantities].sort((a, b) => a - b));
    expect(quantities[0]).toBe(0);
  });
});
