import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { auditEntries } from '../../test/admin';
import { importCsv, uploadCsv } from '../../test/csv-import';

let t: TestApp;
let admin: Client;
let customer: Client;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
  admin = await signUpAdmin(t.app);
  customer = await signUp(t.app);
});
afterAll(() => t.close());

const IMG = '/media/products/test.webp';
const HEADER = 'sku,name,brand,category,price,quantity,minOrder,description,image,spec.pressure (psi)';
const line = (
  sku: string,
  over: Partial<Record<'name' | 'price' | 'quantity' | 'category' | 'psi', string>> = {},
) =>
  [
    sku,
    over.name ?? `Product ${sku}`,
    'Toolhouse',
    over.category ?? 'air-tools',
    over.price ?? '99.50',
    over.quantity ?? '10',
    '1',
    'Imported from a supplier list.',
    IMG,
    over.psi ?? '',
  ].join(',');
const csv = (...lines: string[]) => [HEADER, ...lines].join('\r\n') + '\r\n';

async function product(sku: string) {
  const { rows } = await t.database.db.execute<{
    name: string;
    priceCents: number;
    quantity: number;
    id: string;
  }>(
    sql`select id, name, price_cents as "priceCents", quantity from products where lower(sku) = lower(${sku})`,
  );
  return rows[0];
}
const productCount = async () =>
  (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from products`)).rows[0]!.n;

describe('POST /api/catalogue/imports: who and what', () => {
  it('is for admins only: anonymous 401, customer 403', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/catalogue/imports' });
    expect(anonymous.statusCode).toBe(401);
    expect((await uploadCsv(t.app, customer, csv(line('IMP-X')))).statusCode).toBe(403);
    const status = await t.app.inject({
      url: '/api/catalogue/imports/00000000-0000-4000-8000-000000000000',
      headers: customer.headers,
    });
    expect(status.statusCode).toBe(403);
  });

  it('names bad options and a missing file', async () => {
    const mode = await uploadCsv(t.app, admin, csv(line('IMP-X')), '?mode=sometimes');
    expect(mode.statusCode).toBe(400);
    expect(mode.json().field).toBe('mode');
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/catalogue/imports',
      headers: admin.headers,
      payload: { csv: 'x' },
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json().field).toBe('file');
    const unknown = await t.app.inject({
      url: '/api/catalogue/imports/00000000-0000-4000-8000-000000000000',
      headers: admin.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('importing rows', () => {
  it('creates new SKUs and updates existing ones (SKU case ignored), converting spec units; one audit entry', async () => {
    const first = await importCsv(t.app, admin, csv(line('IMP-A1'), line('IMP-A2', { psi: '145.04' })));
    expect(first).toMatchObject({ status: 'done', rows: 2, created: 2, updated: 0, rejected: 0 });
    const second = await importCsv(
      t.app,
      admin,
      csv(
        line('imp-a1', { name: 'Renamed Ratchet', price: '120', quantity: '25' }),
        line('IMP-A2', { psi: '145.04' }),
      ),
    );
    expect(second).toMatchObject({ status: 'done', rows: 2, created: 0, updated: 1, rejected: 0 });
    expect(await product('IMP-A1')).toMatchObject({
      name: 'Renamed Ratchet',
      priceCents: 12_000,
      quantity: 25,
    });
    const { rows } = await t.database.db.execute<{ value: number }>(sql`
      select s.value from product_specs s join spec_attributes a on a.id = s.attribute_id
      join products p on p.id = s.product_id where p.sku = 'IMP-A2' and a.key = 'pressure'`);
    expect(rows[0]!.value).toBeCloseTo(10, 3);
    const entries = await auditEntries(t.app, admin, 'catalogue.imported');
    expect(entries[0]).toMatchObject({ after: { created: 0, updated: 1, rejected: 0 } });
    expect(entries[1]).toMatchObject({ after: { created: 2, updated: 0, rejected: 0 } });
    const history = await t.app.inject({
      url: `/api/inventory/products/${(await product('IMP-A1'))!.id}/movements`,
      headers: admin.headers,
    });
    expect(
      history.json().movements.map((m: { reason: string; delta: number }) => [m.reason, m.delta]),
    ).toEqual([
      ['import', 15],
      ['import', 10],
    ]);
    const listed = (await t.app.inject('/api/products')).json() as { name: string }[];
    expect(listed.some((p) => p.name === 'Renamed Ratchet')).toBe(true);
    // Imported products are searchable like any other, by name and SKU, with the vector the trigger would compute.
    for (const q of ['Renamed Ratchet', 'IMP-A2']) {
      const found = await t.app.inject(`/api/catalogue/search?q=${encodeURIComponent(q)}`);
      const skus = (found.json().items as { sku: string }[]).map((p) => p.sku);
      expect(skus, q).toContain(q === 'Renamed Ratchet' ? 'IMP-A1' : 'IMP-A2');
    }
    const { rows: vectors } = await t.database.db.execute<{ same: boolean }>(sql`
      select search_vector = product_search_vector(p) as same from products p where sku in ('IMP-A1', 'IMP-A2')`);
    expect(vectors.map((v) => v.same)).toEqual([true, true]);
  });

  it('all-or-nothing: two bad rows reject the whole file with a report, and nothing changes', async () => {
    const before = await productCount();
    const result = await importCsv(
      t.app,
      admin,
      csv(
        line('IMP-B1'),
        line('IMP-B2', { price: '0' }),
        line('IMP-B3'),
        line('IMP-B4', { quantity: 'lots' }),
      ),
    );
    expect(result).toMatchObject({ status: 'rejected', rows: 4, created: 0, updated: 0, rejected: 2 });
    expect(result.problems).toEqual([
      { line: 3, column: 'price', message: 'must be more than 0' },
      { line: 5, column: 'quantity', message: 'must be a whole number' },
    ]);
    expect(await productCount()).toBe(before);
    expect((await auditEntries(t.app, admin, 'catalogue.imported'))[0]).toMatchObject({
      after: { created: 0, updated: 0, rejected: 2, status: 'rejected' },
    });
  });

  it('valid-rows: commits the good rows and reports the bad ones', async () => {
    const result = await importCsv(
      t.app,
      admin,
      csv(line('IMP-C1'), line('IMP-C2', { price: '-4' }), line('IMP-C3'), line('IMP-C1')),
      '?mode=valid-rows',
    );
    expect(result).toMatchObject({ status: 'done', rows: 4, created: 2, rejected: 2 });
    expect(result.problems).toEqual([
      { line: 3, column: 'price', message: 'must be more than 0' },
      { line: 5, column: 'sku', message: 'appears again (first on line 2)' },
    ]);
    expect(await product('IMP-C3')).toBeDefined();
    expect(await product('IMP-C2')).toBeUndefined();
  });

  it('checks every cell and requires the full product for a new SKU', async () => {
    const result = await importCsv(
      t.app,
      admin,
      ['sku,name,price,quantity,minOrder,image', 'IMP-D1,,12,3,5,/etc/passwd', 'bad sku!,Ok,1.999,1,1,'].join(
        '\n',
      ),
      '?mode=valid-rows',
    );
    expect(result.rejected).toBe(2);
    expect(result.problems).toEqual(
      expect.arrayContaining([
        { line: 2, column: 'image', message: 'must be an image uploaded to this shop' },
        { line: 2, column: 'name', message: 'is required for a new product' },
        { line: 2, column: 'description', message: 'is required for a new product' },
        { line: 2, column: 'quantity', message: 'must be at least the minimum order' },
        { line: 3, column: 'sku', message: 'must be 1 to 40 letters, digits, dots, dashes or slashes' },
        { line: 3, column: 'price', message: 'must have at most 2 decimals' },
      ]),
    );
  });

  it('creates missing categories only when asked', async () => {
    const refused = await importCsv(t.app, admin, csv(line('IMP-E1', { category: 'hose-fittings' })));
    expect(refused.problems).toEqual([
      { line: 2, column: 'category', message: expect.stringContaining('no such category "hose-fittings"') },
    ]);
    const created = await importCsv(
      t.app,
      admin,
      csv(line('IMP-E1', { category: 'hose-fittings' })),
      '?createCategories=true',
    );
    expect(created).toMatchObject({ status: 'done', created: 1 });
    const tree = (await t.app.inject('/api/catalogue/categories')).json();
    expect(JSON.stringify(tree)).toContain('hose-fittings');
  });
});

describe('malformed files: a clear 400 and nothing changes', () => {
  const refused = async (body: string | Buffer, pattern: RegExp) => {
    const before = await productCount();
    const res = await uploadCsv(t.app, admin, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ field: 'file', message: expect.stringMatching(pattern) });
    expect(await productCount()).toBe(before);
  };

  it('binary data', () => refused(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2, 3]), /binary/));
  it('another delimiter', () => refused('sku;name;price\nA;B;1\n', /separated by commas, not semicolons/));
  it('a missing header', () => refused(`${line('IMP-F1')}\n`, /unknown column "IMP-F1"/));
  it('an empty file', () => refused('', /empty/));
  it('an unknown spec unit', () => refused('sku,spec.pressure (kPa)\nA,1\n', /bar or psi/));
  it('50 MB of junk', () => refused(Buffer.alloc(50 * 1024 * 1024, 'x'), /no header line/));

  it('an unreadable row deep in the file fails the import and writes nothing', async () => {
    const before = await productCount();
    const rows = Array.from({ length: 30 }, (_, i) => line(`IMP-G${i}`));
    rows.splice(20, 0, 'IMP-G99,"unclosed,1,1,1,x,/media/products/test.webp,');
    const result = await importCsv(t.app, admin, csv(...rows));
    expect(result.status).toBe('failed');
    expect(result.message).toMatch(/cannot be read.*Nothing was changed/);
    expect(await productCount()).toBe(before);
  });
});
