import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchQuerySchema } from '@shared/catalogue/search.schema';
import type { AdminCategory } from '@shared/catalogue/categories-admin.schema';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { auditEntries, validProduct } from '../../test/admin';
import { search, searchUrl } from '../../test/catalogue';
import { createTestApp, type TestApp } from '../../test/helper';
import { searchDatabase, searchIndexed } from './search.service';

// Decision 036 addendum: a spec attribute's `filterable` flag decides whether /our-products offers it as a filter
// and counts it in the facets, on the PostgreSQL path and in the in-process index alike.
let t: TestApp, admin: Client, customer: Client;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false', SEARCH_INDEX: 'true' });
  admin = await signUpAdmin(t.app);
  customer = await signUp(t.app);
  await t.app.searchIndex!.ready();
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT', url: string, payload: object, who: Client = admin) =>
  t.app.inject({ method, url, headers: who.headers, payload });
const attributesOf = async (slug: string) =>
  (
    (await t.app.inject({ url: '/api/admin/categories', headers: admin.headers })).json() as AdminCategory[]
  ).find((c) => c.slug === slug)!.attributes;

/** Both search paths must agree (the index is tested against PostgreSQL): the answer, checked to be the same. */
async function bothPaths(raw: Record<string, string>) {
  const query = searchQuerySchema.parse(raw);
  const { db } = t.app.database;
  await t.app.searchIndex!.ready();
  const indexed = await searchIndexed(db, query, t.app.searchIndex!);
  expect(indexed, 'the index answers').not.toBeNull();
  const database = await searchDatabase(db, query);
  expect(indexed).toEqual(database);
  return database;
}
const specKeys = (r: { facets: { specs: { key: string }[] } | null }) => r.facets!.specs.map((s) => s.key);

let catId: string;
let catSlug: string;

describe('a filterable flag per spec attribute', () => {
  it('is true for a new attribute unless the admin says otherwise, and listed with each attribute', async () => {
    const cat = await send('POST', '/api/admin/categories', { name: 'Heat Guns' });
    expect(cat.statusCode, cat.body).toBe(200);
    ({ _id: catId, slug: catSlug } = cat.json().category);
    const base = `/api/admin/categories/${catId}/attributes`;
    const temp = await send('POST', base, { label: 'Max temperature', key: 'max-temp', type: 'number' });
    expect(temp.statusCode, temp.body).toBe(200);
    expect(temp.json().attributes[0]).toMatchObject({ key: 'max-temp', filterable: true });
    const airflow = await send('POST', base, {
      label: 'Airflow',
      key: 'gun-airflow',
      type: 'number',
      unitKind: 'flow',
      filterable: false,
    });
    expect(airflow.statusCode, airflow.body).toBe(200);
    expect((await attributesOf(catSlug)).map((a) => [a.key, a.filterable])).toEqual([
      ['max-temp', true],
      ['gun-airflow', false],
    ]);
    for (const [name, temp, flow] of [
      ['Gun 500', 500, 300],
      ['Gun 650', 650, 500],
    ] as const) {
      const res = await send('POST', '/api/product', {
        ...validProduct,
        name,
        category: catSlug,
        specs: { 'max-temp': temp, 'gun-airflow': flow },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('leaves an attribute that is not filterable out of the facets and refuses it as a filter, on both paths', async () => {
    const r = await bothPaths({ category: catSlug });
    expect(r.total).toBe(2);
    expect(specKeys(r)).toEqual(['max-temp']);
    expect(r.facets!.specs[0]).toMatchObject({ min: 500, max: 650, count: 2 });
    expect((await bothPaths({ category: catSlug, 'spec.max-temp': '600..' })).total).toBe(1);

    const refused = await t.app.inject(searchUrl({ category: catSlug, 'spec.gun-airflow': '400..' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'spec.gun-airflow' });
    // Still a spec of its products: shown on the product page, only not a filter.
    const card = (await search(t.app, { category: catSlug, q: 'Gun 650' })).items[0]!;
    const detail = (await t.app.inject(`/api/catalogue/products/${card._id}`)).json();
    expect(detail.specs.map((s: { key: string }) => s.key)).toContain('gun-airflow');
  });

  it('turns on and off through the edit call, audited, and the catalogue follows at once', async () => {
    const put = (key: string, body: object, who: Client = admin) =>
      send('PUT', `/api/admin/categories/${catId}/attributes/${key}`, body, who);
    // Anonymous catalogue reads are cached: read once so the change must invalidate them.
    expect(specKeys(await search(t.app, { category: catSlug }))).toEqual(['max-temp']);

    const on = await put('gun-airflow', { filterable: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().attributes[1]).toMatchObject({ key: 'gun-airflow', filterable: true });
    expect(specKeys(await search(t.app, { category: catSlug }))).toEqual(['max-temp', 'gun-airflow']);
    expect(specKeys(await bothPaths({ category: catSlug }))).toEqual(['max-temp', 'gun-airflow']);
    expect((await bothPaths({ category: catSlug, 'spec.gun-airflow': '400..' })).total).toBe(1);

    const off = await put('max-temp', { filterable: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(specKeys(await search(t.app, { category: catSlug }))).toEqual(['gun-airflow']);
    expect(specKeys(await bothPaths({ category: catSlug }))).toEqual(['gun-airflow']);
    expect((await t.app.inject(searchUrl({ 'spec.max-temp': '1..' }))).statusCode).toBe(400);

    const [entry] = await auditEntries(t.app, admin, 'category.edited');
    expect(entry).toMatchObject({
      entityId: catId,
      before: { filterable: true },
      after: { filterable: false },
    });

    expect((await put('max-temp', { filterable: 'no' })).json()).toMatchObject({ field: 'filterable' });
    expect((await put('max-temp', { filterable: true }, customer)).statusCode).toBe(403);
    expect((await put('no-such', { filterable: true })).statusCode).toBe(404);
  });

  it('a shared attribute is a filter or not in every category that defines it', async () => {
    const other = (await send('POST', '/api/admin/categories', { name: 'Hot Air Stations' })).json().category;
    const shared = await send('POST', `/api/admin/categories/${other._id}/attributes`, {
      label: 'Airflow',
      key: 'gun-airflow',
      type: 'number',
      unitKind: 'flow',
    });
    expect(shared.statusCode, shared.body).toBe(200);
    // It joins with the flag it has (on, after the previous test), whatever the body's default says.
    expect(shared.json().attributes[0]).toMatchObject({ key: 'gun-airflow', filterable: true });
    await send('PUT', `/api/admin/categories/${catId}/attributes/gun-airflow`, { filterable: false });
    expect((await attributesOf(other.slug))[0]).toMatchObject({ key: 'gun-airflow', filterable: false });
  });
});
