import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct } from '@shared/catalogue/admin-products.schema';
import type { TestApp } from '../../test/helper';
import { appWithPeople } from '../../test/people';
import type { Client } from '../../test/auth';
import { makeProduct } from '../../test/shop';
import { auditEntries, validProduct } from '../../test/admin';

let t: TestApp, admin: Client, customer: Client;
beforeAll(async () => {
  [t, admin, customer] = await appWithPeople('Casey');
});
afterAll(() => t.close());

const call = (method: 'POST' | 'DELETE', url: string, who: Client = admin) =>
  t.app.inject({ method, url, headers: who.headers });
const restore = (id: string, who: Client = admin) => call('POST', `/api/product/${id}/restore`, who);
const catalogueIds = async () =>
  ((await t.app.inject('/api/products')).json() as { _id: string }[]).map((p) => p._id);

describe('POST /api/product/{id}/restore', () => {
  it('brings a deleted product back as it was, in the cached catalogue too, with an audit entry', async () => {
    const product = await makeProduct(t.app, { name: 'Restorable Drill', quantity: 7, priceCents: 4_250 });
    // Read once, so the restore must drop the cached list to show the product again.
    expect(await catalogueIds()).toContain(product.id);
    expect((await call('DELETE', `/api/product/${product.id}`)).statusCode).toBe(200);
    expect(await catalogueIds()).not.toContain(product.id);

    const res = await restore(product.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      acknowledged: true,
      product: { _id: product.id, name: 'Restorable Drill', quantity: 7, price: 42.5, packSize: 1 },
    });
    expect(await catalogueIds()).toContain(product.id);
    expect(
      (await t.app.inject({ url: `/api/product/${product.id}`, headers: customer.headers })).statusCode,
    ).toBe(200);
    const [entry] = await auditEntries(t.app, admin, 'product.restored');
    expect(entry).toMatchObject({
      entityId: product.id,
      actorEmail: admin.email,
      before: null,
      after: expect.objectContaining({ name: 'Restorable Drill' }),
    });
  });

  it('answers 409 for a product that is not deleted, 404 for an unknown one, 400 for a bad id', async () => {
    const live = await makeProduct(t.app);
    const res = await restore(live.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This product is not deleted.');
    expect((await restore('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await restore('nope')).statusCode).toBe(400);
    expect((await auditEntries(t.app, admin, 'product.restored')).map((e) => e.entityId)).not.toContain(
      live.id,
    );
  });

  it('is for admins only', async () => {
    const product = await makeProduct(t.app);
    await call('DELETE', `/api/product/${product.id}`);
    expect((await restore(product.id, customer)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/product/${product.id}/restore` })).statusCode,
    ).toBe(401);
    expect(await catalogueIds()).not.toContain(product.id);
  });

  it("cannot meet a SKU clash: a deleted product's SKU stays taken, so nothing else can have it", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: admin.headers,
      payload: { ...validProduct, sku: 'KEEP-1' },
    });
    const id = created.json().insertedId as string;
    await call('DELETE', `/api/product/${id}`);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: admin.headers,
      payload: { ...validProduct, sku: 'keep-1' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().field).toBe('sku');
    expect((await restore(id)).statusCode).toBe(200);
  });
});

describe('GET /api/admin/products?deleted=true', () => {
  it('lists only deleted products, with when they were deleted; the default list only live ones', async () => {
    const gone = await makeProduct(t.app, { name: 'Gone Grinder' });
    await makeProduct(t.app, { name: 'Kept Grinder' });
    await call('DELETE', `/api/product/${gone.id}`);
    const list = async (query: string) => {
      const res = await t.app.inject({
        url: `/api/admin/products?q=grinder${query}`,
        headers: admin.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as AdminProduct[];
    };
    const deleted = await list('&deleted=true');
    expect(deleted.map((p) => p.name)).toEqual(['Gone Grinder']);
    expect(Date.parse(deleted[0]!.deletedAt!)).not.toBeNaN();
    expect((await list('')).map((p) => [p.name, p.deletedAt])).toEqual([['Kept Grinder', null]]);
    const bad = await t.app.inject({ url: '/api/admin/products?deleted=maybe', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
  });
});
