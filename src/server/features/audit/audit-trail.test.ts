import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helper';
import { appWithPeople } from '../../test/people';
import { signUp, type Client } from '../../test/auth';
import { auditEntries, validProduct } from '../../test/admin';
import { makeProduct, placeOrder } from '../../test/shop';

let t: TestApp, customer: Client, admin: Client;
beforeAll(async () => {
  [t, admin, customer] = await appWithPeople('Casey');
});
afterAll(() => t.close());

const audit = (kind?: string) => auditEntries(t.app, admin, kind);

describe('audit log', () => {
  it('records deliveries, admin cancellations and promotions; failed actions leave no entry; nothing edits it', async () => {
    const product = await makeProduct(t.app, { quantity: 10 });
    const unpaid = (await placeOrder(t.app, customer, { productId: product.id, quantity: 1 })).json()
      .insertedId;
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/delivery/${unpaid}`, headers: admin.headers }))
        .statusCode,
    ).toBe(409);
    expect((await audit('order.delivered')).some((e) => e.entityId === unpaid)).toBe(false);
    await t.app.inject({ method: 'DELETE', url: `/api/order/${unpaid}`, headers: admin.headers });
    expect((await audit('order.cancelled')).some((e) => e.entityId === unpaid)).toBe(true);
    const dana = await signUp(t.app, { name: 'Dana', verified: true });
    await t.app.inject({ method: 'PUT', url: `/api/user/${dana.email}`, headers: admin.headers });
    expect((await audit('user.promoted'))[0]).toMatchObject({
      before: { role: 'user' },
      after: { role: 'admin' },
    });
    // Moved out of the catalogue tests, so this test adds its own catalogue entries to the log it counts.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: admin.headers,
      payload: validProduct,
    });
    expect(created.statusCode).toBe(200);
    const productId = created.json().insertedId;
    await t.app.inject({ method: 'DELETE', url: `/api/product/${productId}`, headers: admin.headers });
    expect((await audit('product.archived')).some((e) => e.entityId === productId)).toBe(true);
    const all = await audit();
    expect(all.length).toBeGreaterThan(3);
    // No route edits the log: a write method is refused (405, only reading allowed), and the log is unchanged.
    for (const method of ['PUT', 'DELETE', 'PATCH'] as const) {
      const res = await t.app.inject({ method, url: '/api/audit', headers: admin.headers });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).not.toContain(method);
    }
    expect(await audit()).toEqual(all);
    expect((await t.app.inject({ url: '/api/audit?kind=nonsense', headers: admin.headers })).statusCode).toBe(
      400,
    );
  });
});
