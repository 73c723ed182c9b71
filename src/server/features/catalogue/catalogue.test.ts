import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListSchema, HOME_PRODUCT_COUNT } from '@shared/catalogue/catalogue.schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { products as productsTable } from '../../db/schema';
import { listProducts } from './catalogue.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/products', () => {
  it('lists the seeded catalogue with the API field names (_id, img, desc, …)', async () => {
    const res = await t.app.inject('/api/products');
    expect(res.statusCode).toBe(200);
    const products = productListSchema.parse(res.json());
    expect(products.length).toBeGreaterThanOrEqual(12);
    for (const p of products) {
      expect(Object.keys(p).sort()).toEqual(['_id', 'desc', 'img', 'minOrder', 'name', 'price', 'quantity']);
      expect(p.minOrder).toBeGreaterThanOrEqual(1);
      expect(p.quantity).toBeGreaterThanOrEqual(p.minOrder);
      expect(p.price).toBeGreaterThan(0);
      expect(Math.round(p.price * 100) / 100).toBe(p.price);
      expect(p.img).toMatch(/^\/media\/products\/[0-9a-f]{24}\.webp$/);
    }
    expect(products.filter((p) => p.minOrder > 1).length).toBeGreaterThanOrEqual(3);
    expect(new Set(products.map((p) => p.img)).size).toBe(products.length);
  });

  it('serves every product image from /media as WebP with immutable caching', async () => {
    const [first] = productListSchema.parse((await t.app.inject('/api/products')).json());
    const res = await t.app.inject(first!.img);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
  });
});

describe('the full list, read in chunks', () => {
  it('walks every product once, newest first, across chunk edges and equal creation times', async () => {
    // Seven products share one creation time to the microsecond, two more another: ties fall on chunk edges.
    const at = new Date('2031-05-05T05:05:05.123Z');
    await t.database.db.insert(productsTable).values(
      Array.from({ length: 9 }, (_, i) => ({
        name: `Chunk edge ${i}`,
        img: '/media/products/test.webp',
        priceCents: 1_000 + i,
        quantity: 5,
        description: 'Ties on created_at.',
        createdAt: i < 7 ? at : new Date(at.getTime() - 1000),
      })),
    );
    await t.app.readCache.changed('catalogue');
    const whole = await listProducts(t.database.db, 100_000);
    for (const chunk of [1, 2, 3, 7, 1000]) {
      expect((await listProducts(t.database.db, undefined, chunk)).map((p) => p._id)).toEqual(
        whole.map((p) => p._id),
      );
    }
    expect(whole.slice(0, 7).every((p) => p.name.startsWith('Chunk edge'))).toBe(true);
  });
});

describe('GET /api/homeproduct', () => {
  it('returns the featured subset, the newest products first', async () => {
    const all = productListSchema.parse((await t.app.inject('/api/products')).json());
    const res = await t.app.inject('/api/homeproduct');
    expect(res.statusCode).toBe(200);
    const home = productListSchema.parse(res.json());
    expect(home).toHaveLength(HOME_PRODUCT_COUNT);
    expect(home.map((p) => p._id)).toEqual(all.slice(0, HOME_PRODUCT_COUNT).map((p) => p._id));
  });
});

describe('demo seed', () => {
  it('runs only into an empty shop: a second start adds nothing', async () => {
    const { seedDemo } = await import('../../seed/seed');
    const again = await seedDemo(t.database, t.app.media);
    expect(again).toEqual({ products: 0, news: 0, parts: 0, weighed: 0 });
    const products = productListSchema.parse((await t.app.inject('/api/products')).json());
    expect(new Set(products.map((p) => p.name)).size).toBe(products.length);
  });
});
