import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AdminProduct } from '@shared/catalogue/admin-products.schema';
import { products } from '../../db/schema';
import type { TestApp } from '../../test/helper';
import { appWithPeople } from '../../test/people';
import { signUp, type Client } from '../../test/auth';
import { allPages } from '../../test/paging';
import { makeProduct } from '../../test/shop';

let customer: Client;

let t: TestApp, admin: Client;
beforeAll(async () => {
  [t, admin] = await appWithPeople();
  customer = await signUp(t.app);
  for (let i = 0; i < 12; i++) {
    const p = await makeProduct(t.app, {
      name: `${i % 2 ? 'Impact Wrench' : 'Air Compressor'} ${String(i).padStart(2, '0')}`,
      priceCents: 1_000 * (i + 1),
      quantity: i,
      minOrder: 4,
    });
    await t.app.database.db
      .update(products)
      .set({ sku: `SKU-${String(i).padStart(3, '0')}`, createdAt: new Date(Date.now() - (12 - i) * 1000) })
      .where(eq(products.id, p.id));
  }
  const archived = await makeProduct(t.app, { name: 'Air Compressor archived' });
  await t.app.database.db
    .update(products)
    .set({ archivedAt: new Date() })
    .where(eq(products.id, archived.id));
});
afterAll(() => t.close());

const get = (url: string, who: Client | null = admin) => t.app.inject({ url, headers: who?.headers ?? {} });
const names = (list: AdminProduct[]) => list.map((p) => p.name.slice(-2));

describe('GET /api/admin/products', () => {
  it('pages the live products newest first, 25 by default, with SKU and the total', async () => {
    const res = await get('/api/admin/products');
    expect(res.statusCode).toBe(200);
    const list = res.json() as AdminProduct[];
    expect(names(list)).toEqual(['11', '10', '09', '08', '07', '06', '05', '04', '03', '02', '01', '00']);
    expect(list[0]).toMatchObject({ sku: 'SKU-011', price: 120, quantity: 11, category: null, brand: null });
    expect(res.headers['x-total-count']).toBe('12');
    const paged = await allPages<AdminProduct>(t.app, admin, '/api/admin/products?limit=5');
    expect(paged.pages.map((p) => p.length)).toEqual([5, 5, 2]);
    expect(names(paged.items)).toEqual(names(list));
  });

  it('searches part of the name or the start of the SKU, case-insensitively', async () => {
    const wrench = await allPages<AdminProduct>(t.app, admin, '/api/admin/products?q=WRENCH&limit=4');
    expect(wrench.total).toBe(6);
    expect(wrench.items.every((p) => p.name.startsWith('Impact Wrench'))).toBe(true);
    expect(names((await get('/api/admin/products?q=sku-00')).json())).toEqual([
      '09',
      '08',
      '07',
      '06',
      '05',
      '04',
      '03',
      '02',
      '01',
      '00',
    ]);
    expect((await get('/api/admin/products?q=archived')).json()).toEqual([]);
  });

  it('filters low stock and sorts by stock, price and name', async () => {
    const low = await allPages<AdminProduct>(
      t.app,
      admin,
      '/api/admin/products?lowStock=true&sort=stock&limit=3',
    );
    expect(low.items.map((p) => p.quantity)).toEqual([0, 1, 2, 3]);
    const cheap = await allPages<AdminProduct>(t.app, admin, '/api/admin/products?sort=price_asc&limit=5');
    expect(cheap.items.map((p) => p.price)).toEqual(Array.from({ length: 12 }, (_, i) => 10 * (i + 1)));
    const dear = await allPages<AdminProduct>(t.app, admin, '/api/admin/products?sort=price_desc&limit=5');
    expect(dear.items.map((p) => p.price)).toEqual(cheap.items.map((p) => p.price).reverse());
    const byName = await allPages<AdminProduct>(t.app, admin, '/api/admin/products?sort=name&limit=5');
    expect(byName.items.map((p) => p.name)).toEqual(byName.items.map((p) => p.name).sort());
  });

  it.each([
    ['limit=0', 'limit'],
    ['sort=random', 'sort'],
    ['lowStock=1', 'lowStock'],
    ['cursor=%5B%5D', 'cursor'],
  ])('?%s is a 400 naming %s', async (query, field) => {
    const res = await get(`/api/admin/products?${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', field });
  });

  it('is 401 for anonymous callers and 403 for customers', async () => {
    expect((await get('/api/admin/products', null)).statusCode).toBe(401);
    expect((await get('/api/admin/products', customer)).statusCode).toBe(403);
  });
});
