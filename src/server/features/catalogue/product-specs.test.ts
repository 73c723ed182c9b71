import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDetailSchema } from '@shared/catalogue/search.schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { auditEntries, validProduct } from '../../test/admin';
import { search } from '../../test/catalogue';

let t: TestApp, admin: Client, customer: Client;
beforeAll(async () => {
  // The demo catalogue: its categories carry the spec attributes.
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
  customer = await signUp(t.app, { name: 'Casey', verified: true });
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT', url: string, payload: object, who: Client | null = admin) =>
  t.app.inject({ method, url, headers: who?.headers ?? {}, payload });
const detail = async (id: string) =>
  productDetailSchema.parse((await t.app.inject(`/api/catalogue/products/${id}`)).json());
const specsOf = async (id: string) =>
  Object.fromEntries((await detail(id)).specs.map((s) => [s.key, s.value ?? s.valueText]));

const compressor = {
  ...validProduct,
  name: 'Spec Form Compressor',
  sku: 'SF-1',
  category: 'piston-compressors',
};

describe('product specs through POST/PUT /api/product', () => {
  let id: string;

  it('creates a product with canonical specs of its category and ancestors, readable by the form', async () => {
    const res = await send('POST', '/api/product', {
      ...compressor,
      brand: 'Atlas',
      specs: { pressure: 10, tank: 50, source: 'Electric' },
    });
    expect(res.statusCode, res.body).toBe(200);
    id = res.json().insertedId;
    const d = await detail(id);
    expect(d.product).toMatchObject({
      sku: 'SF-1',
      brand: 'Atlas',
      category: { slug: 'piston-compressors' },
    });
    expect(await specsOf(id)).toEqual({ pressure: 10, tank: 50, source: 'Electric' });
    const [entry] = await auditEntries(t.app, admin, 'product.created');
    expect(entry!.after).toMatchObject({ specs: { pressure: 10, tank: 50, source: 'Electric' } });
  });

  it('edits, removes (null) and keeps values; the read cache and search see the change', async () => {
    expect(await specsOf(id)).toMatchObject({ pressure: 10 });
    const res = await send('PUT', `/api/product/${id}`, { specs: { pressure: 12.5, tank: null } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await specsOf(id)).toEqual({ pressure: 12.5, source: 'Electric' });
    const [entry] = await auditEntries(t.app, admin, 'product.edited');
    expect(entry).toMatchObject({ entityId: id, after: { specs: { pressure: 12.5, tank: null } } });
    await send('PUT', `/api/product/${id}`, { specs: { source: 'Diesel' } });
    expect((await search(t.app, { q: 'diesel' })).items.map((p) => p._id)).toContain(id);
  });

  it('refuses a key outside the category, a wrong type or a negative number: 400 naming specs.<key>', async () => {
    const cases: [object, string][] = [
      [{ torque: 5 }, 'specs.torque'],
      [{ nope: 5 }, 'specs.nope'],
      [{ pressure: 'high' }, 'specs.pressure'],
      [{ pressure: -1 }, 'specs.pressure'],
      [{ source: 7 }, 'specs.source'],
    ];
    for (const [specs, field] of cases) {
      const res = await send('PUT', `/api/product/${id}`, { specs });
      expect(res.statusCode, JSON.stringify(specs)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const created = await send('POST', '/api/product', { ...compressor, sku: 'SF-2', specs: { torque: 5 } });
    expect(created.statusCode).toBe(400);
    expect(created.json().field).toBe('specs.torque');
    // Nothing of the refused product was written.
    expect((await search(t.app, { q: 'SF-2' })).items).toEqual([]);
    expect(await specsOf(id)).toEqual({ pressure: 12.5, source: 'Diesel' });
  });

  it('a product without a category takes no specs', async () => {
    const res = await send('POST', '/api/product', { ...validProduct, sku: 'SF-3', specs: { pressure: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('specs.pressure');
  });

  it('edits SKU (409 on a clash in any case), brand and category', async () => {
    const res = await send('PUT', `/api/product/${id}`, {
      sku: 'SF-10',
      brand: 'Kaeser',
      category: 'compressors',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await detail(id)).product).toMatchObject({
      sku: 'SF-10',
      brand: 'Kaeser',
      category: { slug: 'compressors' },
    });
    const other = await send('POST', '/api/product', { ...compressor, sku: 'SF-20' });
    const clash = await send('PUT', `/api/product/${other.json().insertedId}`, { sku: 'sf-10' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().field).toBe('sku');
  });

  it('is for admins only (401 signed out, 403 customer)', async () => {
    expect((await send('PUT', `/api/product/${id}`, { specs: { pressure: 1 } }, null)).statusCode).toBe(401);
    expect((await send('PUT', `/api/product/${id}`, { specs: { pressure: 1 } }, customer)).statusCode).toBe(
      403,
    );
    expect(await specsOf(id)).toMatchObject({ pressure: 12.5 });
  });
});
