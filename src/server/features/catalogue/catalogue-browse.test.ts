import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  categoryTreeSchema,
  productDetailSchema,
  suggestResultSchema,
} from '@shared/catalogue/search.schema';
import { productListSchema } from '@shared/catalogue/catalogue.schema';
import { signUpAdmin, type Client } from '../../test/auth';
import { catalogueUniverse, makeCatalogueProduct, search } from '../../test/catalogue';
import { createTestApp, type TestApp } from '../../test/helper';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
});
afterAll(() => t.close());

const newProduct = {
  name: 'Oil-Free Scroll Compressor 3.7 kW',
  img: '/media/uploads/abcdef0123456789abcdef01.webp',
  price: 5290,
  quantity: 3,
  minOrder: 1,
  desc: 'Quiet scroll compressor for laboratories.',
};

describe('GET /api/catalogue/categories', () => {
  it('lists the tree depth-first with counts that include descendants', async () => {
    const res = await t.app.inject('/api/catalogue/categories');
    expect(res.statusCode).toBe(200);
    const tree = categoryTreeSchema.parse(res.json());
    const u = await catalogueUniverse(t.app);
    const bySlug = new Map(tree.map((c) => [c.slug, c]));
    expect(bySlug.get('compressors')).toMatchObject({ depth: 0, parentSlug: null, count: 3 });
    expect(bySlug.get('rotary-screw')).toMatchObject({
      depth: 1,
      parentSlug: 'compressors',
      name: 'Rotary screw',
    });
    const at = (slug: string) => tree.findIndex((c) => c.slug === slug);
    expect(at('compressors')).toBeLessThan(at('piston-compressors'));
    expect(at('piston-compressors')).toBeLessThan(at('air-treatment'));
    for (const c of tree) {
      const leafIds = new Set(
        u.categories
          .filter((x) => x.slug === c.slug || tree.find((y) => y.slug === x.slug)?.parentSlug === c.slug)
          .map((x) => x.id),
      );
      expect(c.count).toBe(u.products.filter((p) => leafIds.has(p.categoryId!)).length);
    }
  });
});

describe('GET /api/catalogue/suggest', () => {
  it('suggests products, categories and SKUs as the buyer types', async () => {
    const r = suggestResultSchema.parse((await t.app.inject('/api/catalogue/suggest?q=compr')).json());
    expect(r.products.map((p) => p.name)).toContain('Rotary Screw Compressor 7.5 kW');
    expect(r.products.length).toBeLessThanOrEqual(5);
    expect(r.categories.map((c) => c.slug)).toContain('compressors');
    const skus = suggestResultSchema.parse((await t.app.inject('/api/catalogue/suggest?q=bg-')).json()).skus;
    expect(skus.map((s) => s.sku)).toEqual(['BG-200-55', 'BG-KIT-10']);
  });

  it('needs q: 400 naming it', async () => {
    const res = await t.app.inject('/api/catalogue/suggest');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('q');
  });
});

describe('GET /api/catalogue/products/{id}', () => {
  it('gives breadcrumbs, specs with their definitions, and related products of the same category', async () => {
    const sibling = await makeCatalogueProduct(t.app, { category: 'rotary-screw', sku: 'RS-110-400' });
    const [screw] = (await search(t.app, { q: 'RS-75-400' })).items;
    const res = await t.app.inject(`/api/catalogue/products/${screw!._id}`);
    expect(res.statusCode).toBe(200);
    const d = productDetailSchema.parse(res.json());
    expect(d.product).toMatchObject({ sku: 'RS-75-400', brand: 'Norden', price: 6849 });
    expect(d.breadcrumbs).toEqual([
      { slug: 'compressors', name: 'Compressors' },
      { slug: 'rotary-screw', name: 'Rotary screw' },
    ]);
    expect(d.specs[0]).toEqual({
      key: 'pressure',
      label: 'Maximum pressure',
      type: 'number',
      unitKind: 'pressure',
      unit: 'bar',
      value: 8,
      valueText: null,
    });
    expect(d.specs.find((s) => s.key === 'source')).toMatchObject({ type: 'text', valueText: 'Electric' });
    expect(d.related.map((p) => p._id)).toEqual([sibling.id]);
  });

  it('404s an unknown product and 400s a malformed id', async () => {
    expect(
      (await t.app.inject('/api/catalogue/products/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await t.app.inject('/api/catalogue/products/nope')).statusCode).toBe(400);
  });
});

describe('admin product creation with and without catalogue data', () => {
  const post = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/product', headers: admin.headers, payload });

  it('still works without the new fields, and the product gets a generated SKU and is searchable', async () => {
    const res = await post(newProduct);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().product).sort()).toEqual([
      '_id',
      'desc',
      'img',
      'minOrder',
      'name',
      'price',
      'quantity',
    ]);
    const [found] = (await search(t.app, { q: 'scroll compressor' })).items;
    expect(found).toMatchObject({ _id: res.json().insertedId, brand: null, category: null });
    expect(found!.sku).toMatch(/^TH-[0-9A-F]{10}$/);
  });

  it('takes sku, brand and category, and refuses a SKU already used in any case (409 naming sku)', async () => {
    const res = await post({
      ...newProduct,
      name: 'Scroll Compressor 5.5 kW',
      sku: 'SC-55',
      brand: 'Atlas',
      category: 'piston-compressors',
    });
    expect(res.statusCode).toBe(200);
    const [found] = (await search(t.app, { q: 'sc-55', category: 'compressors' })).items;
    expect(found).toMatchObject({ sku: 'SC-55', brand: 'Atlas', category: { slug: 'piston-compressors' } });
    const clash = await post({ ...newProduct, sku: 'sc-55' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toContain('sku:');
    const badCategory = await post({ ...newProduct, category: 'no-such' });
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json().message).toContain('category:');
  });

  it('re-indexes an edited product for text search', async () => {
    const res = await post({ ...newProduct, name: 'Tyre Inflator', sku: 'TI-1' });
    const id = res.json().insertedId as string;
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/product/${id}`,
      headers: admin.headers,
      payload: { name: 'Digital Tyre Inflator Gauge', brand: 'Torvik' },
    });
    expect(edit.statusCode).toBe(200);
    expect((await search(t.app, { q: 'inflator gauge torvik' })).items.map((i) => i._id)).toEqual([id]);
  });

  it('keeps the spec calls in their shapes', async () => {
    const all = productListSchema.parse((await t.app.inject('/api/products')).json());
    for (const p of all) {
      expect(Object.keys(p).sort()).toEqual(['_id', 'desc', 'img', 'minOrder', 'name', 'price', 'quantity']);
    }
    expect((await t.app.inject('/api/homeproduct')).statusCode).toBe(200);
  });
});
