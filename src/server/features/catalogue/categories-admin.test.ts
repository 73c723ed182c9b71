import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AdminCategory } from '@shared/catalogue/categories-admin.schema';
import { categorySpecAttributes, products, specAttributes } from '../../db/schema';
import type { TestApp } from '../../test/helper';
import { appWithPeople } from '../../test/people';
import { signUp, type Client } from '../../test/auth';
import { auditEntries } from '../../test/admin';
import { makeProduct } from '../../test/shop';

let customer: Client;

let t: TestApp, admin: Client;
beforeAll(async () => {
  [t, admin] = await appWithPeople();
  customer = await signUp(t.app);
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who: Client | null = admin) =>
  t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload && { payload }) });
const create = async (body: object) => {
  const res = await send('POST', '/api/admin/categories', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().category as { _id: string; slug: string; name: string; parent: string | null };
};
const tree = async () =>
  (await t.app.inject({ url: '/api/admin/categories', headers: admin.headers })).json() as AdminCategory[];

describe('categories admin', () => {
  it('creates a tree, slugging names, listing counts and the spec attributes products carry', async () => {
    const tools = await create({ name: 'Power Tools' });
    expect(tools).toMatchObject({ slug: 'power-tools', parent: null });
    const drills = await create({ name: 'Drills & Drivers', parentId: tools._id });
    expect(drills).toMatchObject({ slug: 'drills-drivers', parent: 'power-tools' });
    const [voltage] = await t.app.database.db
      .insert(specAttributes)
      .values([
        { key: 'voltage', label: 'Voltage', type: 'number', unitKind: 'voltage', unit: 'V' },
        { key: 'chuck', label: 'Chuck', type: 'text' },
      ])
      .returning();
    const [, chuck] = await t.app.database.db.select().from(specAttributes).orderBy(specAttributes.id);
    await t.app.database.db.insert(categorySpecAttributes).values([
      { categoryId: tools._id, attributeId: voltage!.id, position: 0 },
      { categoryId: drills._id, attributeId: chuck!.id, position: 0 },
    ]);
    const p = await makeProduct(t.app);
    await t.app.database.db.update(products).set({ categoryId: drills._id }).where(eq(products.id, p.id));

    const list = await tree();
    expect(list.map((c) => [c.slug, c.depth, c.productCount, c.childCount])).toEqual([
      ['power-tools', 0, 0, 1],
      ['drills-drivers', 1, 1, 0],
    ]);
    expect(list[1]!.attributes).toEqual([
      {
        key: 'voltage',
        label: 'Voltage',
        type: 'number',
        unitKind: 'voltage',
        unit: 'V',
        filterable: true,
        inheritedFrom: 'power-tools',
      },
      {
        key: 'chuck',
        label: 'Chuck',
        type: 'text',
        unitKind: null,
        unit: null,
        filterable: true,
        inheritedFrom: null,
      },
    ]);
    const [entry] = await auditEntries(t.app, admin, 'category.created');
    expect(entry).toMatchObject({ entityId: drills._id, actorEmail: admin.email });
  });

  it('renames and moves, refusing cycles with a 409 naming parentId', async () => {
    const a = await create({ name: 'Workshop' });
    const b = await create({ name: 'Benches', parentId: a._id });
    const c = await create({ name: 'Vices', parentId: b._id });
    for (const target of [a._id, c._id]) {
      const res = await send('PUT', `/api/admin/categories/${a._id}`, { parentId: target });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'conflict', field: 'parentId' });
    }
    const moved = await send('PUT', `/api/admin/categories/${c._id}`, {
      parentId: null,
      name: 'Bench Vices',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().category).toMatchObject({ slug: 'vices', name: 'Bench Vices', parent: null });
    expect((await tree()).find((x) => x._id === c._id)).toMatchObject({ depth: 0, parentId: null });
    const [entry] = await auditEntries(t.app, admin, 'category.edited');
    expect(entry).toMatchObject({ entityId: c._id, before: { name: 'Vices', parent: 'benches' } });
  });

  it('deletes only an empty category, saying why otherwise', async () => {
    const top = await create({ name: 'Garden' });
    const child = await create({ name: 'Hoses', parentId: top._id });
    const p = await makeProduct(t.app);
    await t.app.database.db.update(products).set({ categoryId: child._id }).where(eq(products.id, p.id));
    const busy = await send('DELETE', `/api/admin/categories/${top._id}`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(
      'Garden is not empty: it still has 1 subcategory. Move or delete them first.',
    );
    const full = await send('DELETE', `/api/admin/categories/${child._id}`);
    expect(full.json().message).toBe(
      'Hoses is not empty: it still has 1 product. Move or delete them first.',
    );
    await t.app.database.db.update(products).set({ categoryId: null }).where(eq(products.id, p.id));
    expect((await send('DELETE', `/api/admin/categories/${child._id}`)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/admin/categories/${top._id}`)).statusCode).toBe(200);
    expect((await tree()).map((c) => c.slug)).not.toContain('garden');
    expect((await send('DELETE', `/api/admin/categories/${top._id}`)).statusCode).toBe(404);
    expect(await auditEntries(t.app, admin, 'category.deleted')).toHaveLength(2);
  });

  it('keeps an optional 8-digit UNSPSC code per category, set, changed and cleared by the admin, audited', async () => {
    const saws = await create({ name: 'Saws', unspsc: ' 27112700 ' });
    expect(saws).toMatchObject({ unspsc: '27112700' });
    const plain = await create({ name: 'Rags', unspsc: '' });
    expect(plain).toMatchObject({ unspsc: null });
    const codeOf = async (id: string) => (await tree()).find((c) => c._id === id)!.unspsc;
    expect(await codeOf(saws._id)).toBe('27112700');
    expect(await codeOf(plain._id)).toBe(null);
    const set = await send('PUT', `/api/admin/categories/${plain._id}`, { unspsc: '53131600' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().category).toMatchObject({ name: 'Rags', unspsc: '53131600' });
    expect(await codeOf(plain._id)).toBe('53131600');
    const bad = await send('PUT', `/api/admin/categories/${plain._id}`, { unspsc: '5313' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'unspsc' });
    expect((await send('PUT', `/api/admin/categories/${saws._id}`, { unspsc: null })).statusCode).toBe(200);
    expect(await codeOf(saws._id)).toBe(null);
    const entries = await auditEntries(t.app, admin, 'category.edited');
    expect(entries.find((e) => e.entityId === saws._id)).toMatchObject({
      before: { unspsc: '27112700' },
      after: { unspsc: null },
    });
  });

  it('drops the cached public category tree when a category changes', async () => {
    const before = (await t.app.inject('/api/catalogue/categories')).json() as { slug: string }[];
    await create({ name: 'Welding' });
    const after = (await t.app.inject('/api/catalogue/categories')).json() as { slug: string }[];
    expect(after.length).toBe(before.length + 1);
    expect(after.map((c) => c.slug)).toContain('welding');
  });

  it.each([
    [{ name: '' }, 'name', 400],
    [{ name: 'x'.repeat(81) }, 'name', 400],
    [{ name: 'Ok', slug: 'Not A Slug' }, 'slug', 400],
    [{ name: '!!!' }, 'slug', 400],
    [{ name: 'Ok', parentId: 'nope' }, 'parentId', 400],
    [{ name: 'Ok', parentId: '00000000-0000-4000-8000-000000000000' }, 'parentId', 400],
    [{ name: 'Power Tools again', slug: 'power-tools' }, 'slug', 409],
    [{ name: 'Ok', unspsc: '2711270' }, 'unspsc', 400],
    [{ name: 'Ok', unspsc: '27112700x' }, 'unspsc', 400],
    [{ name: 'Ok', unspsc: 27112700 }, 'unspsc', 400],
  ])('POST %j is refused naming %s', async (body, field, status) => {
    const res = await send('POST', '/api/admin/categories', body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ field });
  });

  it('refuses an empty edit, an unknown id, and non-admins', async () => {
    const [first] = await tree();
    expect((await send('PUT', `/api/admin/categories/${first!._id}`, {})).statusCode).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await send('PUT', `/api/admin/categories/${unknown}`, { name: 'X' })).statusCode).toBe(404);
    for (const [who, status] of [
      [null, 401],
      [customer, 403],
    ] as const) {
      expect(
        (await t.app.inject({ url: '/api/admin/categories', headers: who?.headers ?? {} })).statusCode,
      ).toBe(status);
      expect((await send('POST', '/api/admin/categories', { name: 'X' }, who)).statusCode).toBe(status);
      expect((await send('PUT', `/api/admin/categories/${first!._id}`, { name: 'X' }, who)).statusCode).toBe(
        status,
      );
      expect((await send('DELETE', `/api/admin/categories/${first!._id}`, undefined, who)).statusCode).toBe(
        status,
      );
    }
  });
});
