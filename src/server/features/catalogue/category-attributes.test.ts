import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCategory } from '@shared/catalogue/categories-admin.schema';
import type { TestApp } from '../../test/helper';
import { appWithPeople } from '../../test/people';
import { signUp, type Client } from '../../test/auth';
import { auditEntries, validProduct } from '../../test/admin';
import { search } from '../../test/catalogue';
import { importCsv } from '../../test/csv-import';

let t: TestApp, admin: Client, customer: Client;
beforeAll(async () => {
  [t, admin] = await appWithPeople();
  customer = await signUp(t.app);
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT', url: string, payload: object, who: Client = admin) =>
  t.app.inject({ method, url, headers: who.headers, payload });
const newCategory = async (name: string, parentId: string | null = null) => {
  const res = await send('POST', '/api/admin/categories', { name, parentId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().category as { _id: string; slug: string };
};
const addAttribute = (categoryId: string, body: object, who: Client = admin) =>
  send('POST', `/api/admin/categories/${categoryId}/attributes`, body, who);
const attributesOf = async (slug: string) =>
  (
    (await t.app.inject({ url: '/api/admin/categories', headers: admin.headers })).json() as AdminCategory[]
  ).find((c) => c.slug === slug)!.attributes;

describe('a new category gets spec attributes that the product form, the filters and the CSV then use', () => {
  it('defines a number in bar and a text, keyed from their names, in order, audited', async () => {
    const cat = await newCategory('Pressure Washers');
    const res = await addAttribute(cat._id, {
      label: 'Working pressure',
      type: 'number',
      unitKind: 'pressure',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().attributes).toEqual([
      {
        key: 'working-pressure',
        label: 'Working pressure',
        type: 'number',
        unitKind: 'pressure',
        unit: 'bar',
        filterable: true,
        inheritedFrom: null,
      },
    ]);
    await addAttribute(cat._id, { label: 'Hose type', key: 'hose', type: 'text' });
    expect((await attributesOf(cat.slug)).map((a) => [a.key, a.unit])).toEqual([
      ['working-pressure', 'bar'],
      ['hose', null],
    ]);
    const [entry] = await auditEntries(t.app, admin, 'category.edited');
    expect(entry).toMatchObject({ entityId: cat._id, after: { key: 'hose', type: 'text' } });

    // The product form's specs: a product of the category takes the new keys.
    const created = await send('POST', '/api/product', {
      ...validProduct,
      name: 'Washer 150',
      category: cat.slug,
      specs: { 'working-pressure': 150, hose: 'Steel braided' },
    });
    expect(created.statusCode, created.body).toBe(200);
    // The catalogue's filters: a range on the new key, and its facet.
    const found = await search(t.app, { category: cat.slug, 'spec.working-pressure': '100..200' });
    expect(found.items.map((p) => p.name)).toEqual(['Washer 150']);
    expect(found.facets!.specs).toContainEqual(
      expect.objectContaining({ key: 'working-pressure', label: 'Working pressure', min: 150, max: 150 }),
    );
    expect((await search(t.app, { category: cat.slug, 'spec.working-pressure': '..100' })).total).toBe(0);
    // The CSV: a column with its unit on export, read back on import.
    const csv = await t.app.inject({ url: '/api/catalogue/export.csv', headers: admin.headers });
    const header = csv.body.replace(/^\uFEFF/, '').split(/\r?\n/)[0]!;
    expect(header).toContain('spec.working-pressure (bar)');
    expect(header).toContain('spec.hose');
    const { sku } = (await search(t.app, { q: 'Washer 150' })).items[0]!;
    const report = await importCsv(t.app, admin, `sku,spec.working-pressure (psi)\n${sku},2900\n`);
    expect(report).toMatchObject({ status: 'done', updated: 1, rejected: 0 });
    const after = await search(t.app, { category: cat.slug, 'spec.working-pressure': '199..201' });
    expect(after.items.map((p) => p.name)).toEqual(['Washer 150']);
  });

  it('refuses a unit for text, a bad key or type, a name or key already in the branch (400/409 naming the field)', async () => {
    const parent = await newCategory('Generators');
    const child = await newCategory('Inverter Generators', parent._id);
    await addAttribute(parent._id, { label: 'Output', key: 'gen-output', type: 'number', unitKind: 'power' });
    const cases: [object, number, string][] = [
      [{ label: 'Fuel', type: 'text', unitKind: 'volume' }, 400, 'unitKind'],
      [{ label: 'Fuel', type: 'date' }, 400, 'type'],
      [{ label: 'Fuel', type: 'number', unitKind: 'furlongs' }, 400, 'unitKind'],
      [{ label: 'Fuel', key: 'Fuel Type', type: 'text' }, 400, 'key'],
      [{ label: ' ', type: 'text' }, 400, 'label'],
      [{ label: '!!!', type: 'text' }, 400, 'key'],
      // In the parent already: the child's products would show it twice.
      [{ label: 'output', key: 'other', type: 'text' }, 409, 'label'],
      [{ label: 'Power out', key: 'gen-output', type: 'number', unitKind: 'power' }, 409, 'key'],
    ];
    for (const [body, status, field] of cases) {
      const res = await addAttribute(child._id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().field, JSON.stringify(body)).toBe(field);
    }
    expect((await attributesOf((await newCategory('Unrelated')).slug)).length).toBe(0);
    expect(
      (await addAttribute('00000000-0000-4000-8000-000000000000', { label: 'X', type: 'text' })).statusCode,
    ).toBe(404);
    expect((await addAttribute(child._id, { label: 'X', type: 'text' }, customer)).statusCode).toBe(403);
  });

  it("shares another category's key when type and unit agree, refuses it otherwise", async () => {
    const a = await newCategory('Welders');
    const b = await newCategory('Plasma Cutters');
    await addAttribute(a._id, {
      label: 'Input voltage',
      key: 'input-voltage',
      type: 'number',
      unitKind: 'voltage',
    });
    const clash = await addAttribute(b._id, { label: 'Input voltage', key: 'input-voltage', type: 'text' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      field: 'key',
      message: expect.stringContaining('another category'),
    });
    const shared = await addAttribute(b._id, {
      label: 'Input voltage',
      key: 'input-voltage',
      type: 'number',
      unitKind: 'voltage',
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect((await attributesOf('plasma-cutters')).map((x) => x.key)).toEqual(['input-voltage']);
  });
});

describe("editing and ordering a category's attributes", () => {
  it('renames; changes type or unit only while no product has a value', async () => {
    const cat = await newCategory('Air Tools');
    await addAttribute(cat._id, { label: 'Torque', type: 'number', unitKind: 'torque' });
    await addAttribute(cat._id, { label: 'Drive', type: 'text' });
    const put = (key: string, body: object) =>
      send('PUT', `/api/admin/categories/${cat._id}/attributes/${key}`, body);

    const renamed = await put('torque', { label: 'Max torque' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().attributes[0]).toMatchObject({ key: 'torque', label: 'Max torque' });
    const unitless = await put('torque', { unitKind: null });
    expect(unitless.json().attributes[0]).toMatchObject({ unitKind: null, unit: null });
    expect((await put('torque', { unitKind: 'torque' })).json().attributes[0]).toMatchObject({ unit: 'N·m' });
    expect((await put('drive', { label: 'max torque' })).statusCode).toBe(409);

    const p = await send('POST', '/api/product', {
      ...validProduct,
      category: cat.slug,
      specs: { torque: 50 },
    });
    expect(p.statusCode, p.body).toBe(200);
    const locked = await put('torque', { type: 'text' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({
      field: 'type',
      message: 'type: cannot change while 1 product has a value for it',
    });
    expect((await put('torque', { unitKind: 'mass' })).json().field).toBe('unitKind');
    expect((await put('drive', { type: 'number', unitKind: 'mass' })).statusCode).toBe(200);
    expect((await put('nope', { label: 'X' })).statusCode).toBe(404);
    expect((await put('torque', {})).statusCode).toBe(400);
  });

  it('an inherited attribute is edited on the category that defines it', async () => {
    const parent = await newCategory('Sanders');
    const child = await newCategory('Orbital Sanders', parent._id);
    await addAttribute(parent._id, { label: 'Pad size', type: 'text' });
    const res = await send('PUT', `/api/admin/categories/${child._id}/attributes/pad-size`, { label: 'Pad' });
    expect(res.statusCode).toBe(404);
    expect((await attributesOf(child.slug))[0]).toMatchObject({
      key: 'pad-size',
      inheritedFrom: parent.slug,
    });
  });

  it('orders the own attributes: each key exactly once', async () => {
    const cat = await newCategory('Grinders');
    for (const label of ['Disc', 'Speed', 'Weight']) await addAttribute(cat._id, { label, type: 'text' });
    const order = (keys: string[]) => send('PUT', `/api/admin/categories/${cat._id}/attributes`, { keys });
    const res = await order(['weight', 'disc', 'speed']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().attributes.map((a: { key: string }) => a.key)).toEqual(['weight', 'disc', 'speed']);
    expect((await attributesOf(cat.slug)).map((a) => a.key)).toEqual(['weight', 'disc', 'speed']);
    for (const keys of [
      ['weight', 'disc'],
      ['weight', 'disc', 'disc'],
      ['weight', 'disc', 'other'],
    ]) {
      const bad = await order(keys);
      expect(bad.statusCode, keys.join()).toBe(400);
      expect(bad.json()).toMatchObject({
        field: 'keys',
        message: expect.stringContaining('disc, speed, weight'),
      });
    }
    expect((await order([])).statusCode).toBe(400);
  });
});
