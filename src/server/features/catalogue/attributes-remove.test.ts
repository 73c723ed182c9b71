import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCategory } from '@shared/catalogue/categories-admin.schema';
import type { TestApp } from '../../test/helper';
import { appWithPeople } from '../../test/people';
import { signUp, type Client } from '../../test/auth';
import { auditEntries, validProduct } from '../../test/admin';
import { search, searchUrl } from '../../test/catalogue';

// Decision 036 addendum: removing one of a category's own spec attributes deletes its products' values for it.
let t: TestApp, admin: Client, customer: Client;
beforeAll(async () => {
  [t, admin] = await appWithPeople();
  customer = await signUp(t.app);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, who: Client = admin) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload && { payload }) });
const newCategory = async (name: string, parentId: string | null = null) => {
  const res = await call('POST', '/api/admin/categories', { name, parentId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().category as { _id: string; slug: string };
};
const addAttribute = async (categoryId: string, body: object) => {
  const res = await call('POST', `/api/admin/categories/${categoryId}/attributes`, body);
  expect(res.statusCode, res.body).toBe(200);
};
const newProduct = async (name: string, category: string, specs: object) => {
  const res = await call('POST', '/api/product', { ...validProduct, name, category, specs });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().insertedId as string;
};
const attributesOf = async (slug: string) =>
  ((await call('GET', '/api/admin/categories')).json() as AdminCategory[]).find((c) => c.slug === slug)!
    .attributes;
const attrUrl = (categoryId: string, key: string) => `/api/admin/categories/${categoryId}/attributes/${key}`;
const specsOf = async (id: string) =>
  ((await call('GET', `/api/catalogue/products/${id}`)).json().specs as { key: string }[]).map((s) => s.key);

describe('removing a spec attribute from a category', () => {
  it("counts, then deletes, the values of the category's and its subcategories' products; audited", async () => {
    const parent = await newCategory('Rotary Hammers');
    const child = await newCategory('SDS Max Hammers', parent._id);
    await addAttribute(parent._id, { label: 'Impact energy', key: 'impact', type: 'number' });
    await addAttribute(parent._id, { label: 'Chuck system', key: 'chuck-system', type: 'text' });
    await addAttribute(parent._id, { label: 'Blows', key: 'blows', type: 'number' });
    const a = await newProduct('Hammer Quokka', parent.slug, { impact: 8, 'chuck-system': 'Zorblock plus' });
    const b = await newProduct('Hammer Wombat', child.slug, { impact: 12, 'chuck-system': 'Zorblock max' });
    await newProduct('Hammer Numbat', child.slug, { impact: 20 });
    // A deleted product's value goes too: restored, it must not bring back a spec its category lacks.
    const gone = await newProduct('Hammer Bilby', parent.slug, { 'chuck-system': 'Zorblock hex' });
    expect((await call('DELETE', `/api/product/${gone}`)).statusCode).toBe(200);

    const usage = await call('GET', attrUrl(parent._id, 'chuck-system'));
    expect(usage.statusCode, usage.body).toBe(200);
    expect(usage.json()).toEqual({ key: 'chuck-system', label: 'Chuck system', productsWithValue: 3 });
    expect((await call('GET', attrUrl(parent._id, 'impact'))).json().productsWithValue).toBe(3);
    expect((await call('GET', attrUrl(parent._id, 'blows'))).json().productsWithValue).toBe(0);
    // Its value is a search word until then.
    expect((await search(t.app, { q: 'zorblock' })).items.map((p) => p.name).sort()).toEqual([
      'Hammer Quokka',
      'Hammer Wombat',
    ]);

    const removed = await call('DELETE', attrUrl(parent._id, 'chuck-system'));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ acknowledged: true, removedValues: 3 });
    expect(removed.json().attributes.map((x: { key: string }) => x.key)).toEqual(['impact', 'blows']);
    expect((await attributesOf(child.slug)).map((x) => x.key)).toEqual(['impact', 'blows']);
    expect(await specsOf(a)).toEqual(['impact']);
    expect(await specsOf(b)).toEqual(['impact']);
    expect((await search(t.app, { q: 'zorblock' })).total).toBe(0);
    const { rows } = await t.app.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from product_specs s join spec_attributes a on a.id = s.attribute_id
        where a.key = 'chuck-system'`,
    );
    expect(rows[0]!.n).toBe(0);
    const [entry] = await auditEntries(t.app, admin, 'category.edited');
    expect(entry).toMatchObject({
      entityId: parent._id,
      summary: expect.stringContaining('removed the spec Chuck system (chuck-system)'),
      before: { key: 'chuck-system', type: 'text', productsWithValue: 3 },
      after: null,
    });

    // Defined nowhere any more: the key is free for a new definition of another type.
    await addAttribute(child._id, { label: 'Chuck system', key: 'chuck-system', type: 'number' });

    // A product's edit can no longer set it, and the facets and filters no longer know it.
    const edit = await call('PUT', `/api/product/${a}`, { specs: { blows: 4000 } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await call('DELETE', attrUrl(parent._id, 'impact'))).json().removedValues).toBe(3);
    expect((await search(t.app, { category: parent.slug })).facets!.specs.map((s) => s.key)).toEqual([
      'blows',
    ]);
    expect((await t.app.inject(searchUrl({ 'spec.impact': '1..' }))).statusCode).toBe(400);
    const setIt = await call('PUT', `/api/product/${a}`, { specs: { impact: 9 } });
    expect(setIt.statusCode).toBe(400);
    expect(setIt.json().field).toBe('specs.impact');
  });

  it("a shared attribute loses only this category's products' values and stays in the other category", async () => {
    const saws = await newCategory('Band Saws');
    const mitre = await newCategory('Mitre Saws');
    for (const c of [saws, mitre])
      await addAttribute(c._id, { label: 'Blade weight', key: 'blade', type: 'number', unitKind: 'mass' });
    await newProduct('Saw Kea', saws.slug, { blade: 14 });
    const kept = await newProduct('Saw Tui', mitre.slug, { blade: 2.5 });
    expect((await call('GET', attrUrl(saws._id, 'blade'))).json().productsWithValue).toBe(1);
    const res = await call('DELETE', attrUrl(saws._id, 'blade'));
    expect(res.json()).toMatchObject({ removedValues: 1, attributes: [] });
    expect(await specsOf(kept)).toEqual(['blade']);
    expect((await attributesOf(mitre.slug)).map((x) => x.key)).toEqual(['blade']);
    expect((await search(t.app, { 'spec.blade': '1..10' })).items.map((p) => p.name)).toEqual(['Saw Tui']);
  });

  it('404 for an unknown category or attribute and for an inherited one; 400 for a bad key; admins only', async () => {
    const parent = await newCategory('Planers');
    const child = await newCategory('Thickness Planers', parent._id);
    await addAttribute(parent._id, { label: 'Width', key: 'planer-width', type: 'number' });
    for (const method of ['GET', 'DELETE'] as const) {
      expect((await call(method, attrUrl(parent._id, 'nope'))).statusCode).toBe(404);
      expect((await call(method, attrUrl(child._id, 'planer-width'))).statusCode).toBe(404);
      expect(
        (await call(method, attrUrl('00000000-0000-4000-8000-000000000000', 'planer-width'))).statusCode,
      ).toBe(404);
      const bad = await call(method, attrUrl(parent._id, 'Not A Key'));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().field).toBe('key');
      expect((await call(method, attrUrl(parent._id, 'planer-width'), undefined, customer)).statusCode).toBe(
        403,
      );
      expect((await t.app.inject({ method, url: attrUrl(parent._id, 'planer-width') })).statusCode).toBe(401);
    }
    expect((await attributesOf(child.slug)).map((x) => x.key)).toEqual(['planer-width']);
  });
});
