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
