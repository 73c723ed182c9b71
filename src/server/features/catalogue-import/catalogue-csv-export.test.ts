import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { makeCatalogueProduct } from '../../test/catalogue';
import { importCsv } from '../../test/csv-import';

let t: TestApp;
let admin: Client;
let customer: Client;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
  admin = await signUpAdmin(t.app);
  customer = await signUp(t.app);
});
afterAll(() => t.close());

const exportCsv = (headers = admin.headers) => t.app.inject({ url: '/api/catalogue/export.csv', headers });

describe('GET /api/catalogue/export.csv', () => {
  it('is for admins only: anonymous 401, customer 403', async () => {
    expect((await t.app.inject('/api/catalogue/export.csv')).statusCode).toBe(401);
    expect((await exportCsv(customer.headers)).statusCode).toBe(403);
  });

  it('streams every live product as UTF-8 CSV with a BOM, one column per spec with its unit', async () => {
    const product = await makeCatalogueProduct(t.app, {
      name: 'Compresseur "Élan", 8 bar',
      sku: 'EXP-ELAN-1',
      brand: 'Atlas',
      category: 'piston-compressors',
      specs: { pressure: 8, airflow: 250, source: 'Electric' },
      priceCents: 123_450,
      quantity: 7,
    });
    const archived = await makeCatalogueProduct(t.app, { sku: 'EXP-GONE-1' });
    await t.app.inject({ method: 'DELETE', url: `/api/product/${archived.id}`, headers: admin.headers });

    const res = await exportCsv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="catalogue-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = parse(res.rawPayload, { bom: true }) as string[][];
    expect(header!.slice(0, 9)).toEqual([
      'sku',
      'name',
      'brand',
      'category',
      'price',
      'quantity',
      'minOrder',
      'description',
      'image',
    ]);
    expect(header).toContain('spec.pressure (bar)');
    expect(header).toContain('spec.airflow (L/min)');
    expect(header).toContain('spec.source');
    const live = (await t.app.inject('/api/products')).json() as unknown[];
    expect(rows).toHaveLength(live.length);
    const row = rows.find((r) => r[0] === 'EXP-ELAN-1')!;
    const cell = (name: string) => row[header!.indexOf(name)];
    expect(cell('name')).toBe('Compresseur "Élan", 8 bar');
    expect(cell('price')).toBe('1234.50');
    expect(cell('category')).toBe('piston-compressors');
    expect(cell('spec.pressure (bar)')).toBe('8');
    expect(cell('spec.source')).toBe('Electric');
    expect(rows.some((r) => r[0] === 'EXP-GONE-1')).toBe(false);
    expect(product.id).toBeTruthy();
  });

  it('guards cells a spreadsheet would run as formulas, and a re-import gives them back unchanged', async () => {
    const dangerous = ['=', '+', '-', '@', '\t', '\r'];
    const made: { id: string }[] = [];
    for (const [i, first] of dangerous.entries()) {
      made.push(
        await makeCatalogueProduct(t.app, {
          sku: `EXP-FORMULA-${i}`,
          name: `${first}HYPERLINK("http://evil.example","Tap ${i}")`,
          brand: `${first}cmd|' /C calc'!A0`,
          desc: `${first}1+1 is how it starts`,
        }),
      );
    }
    const quoted = await makeCatalogueProduct(t.app, {
      sku: 'EXP-FORMULA-Q',
      name: "'=already quoted",
      desc: "'70s style",
    });
    const res = await exportCsv();
    const [header, ...rows] = parse(res.rawPayload, { bom: true, relax_quotes: true }) as string[][];
    const cellOf = (sku: string, column: string) => rows.find((r) => r[0] === sku)![header!.indexOf(column)]!;
    for (const [i, first] of dangerous.entries()) {
      for (const column of ['name', 'brand', 'description']) {
        const cell = cellOf(`EXP-FORMULA-${i}`, column);
        expect(cell.startsWith(`'${first}`), `${column} of EXP-FORMULA-${i}: ${JSON.stringify(cell)}`).toBe(
          true,
        );
      }
    }
    expect(cellOf('EXP-FORMULA-Q', 'name')).toBe("''=already quoted");
    expect(cellOf('EXP-FORMULA-Q', 'description')).toBe("'70s style");

    const texts = () =>
      Promise.all(
        [...made, quoted].map((p) =>
          t.app.database.db.query.products.findFirst({
            where: (x, { eq }) => eq(x.id, p.id),
            columns: { name: true, brand: true, description: true },
          }),
        ),
      );
    const before = await texts();
    expect(before[0]!.name.startsWith('=')).toBe(true);
    const result = await importCsv(t.app, admin, res.rawPayload);
    expect(result).toMatchObject({ status: 'done', created: 0, updated: 0, rejected: 0 });
    expect(await texts()).toEqual(before);
  });

  it('quotes cells holding a separator and guards a formula after one, for `;` locales too (issue 39, item 8)', async () => {
    const product = await makeCatalogueProduct(t.app, {
      sku: 'EXP-SEMI-1',
      name: `x;=cmd|' /C calc'!A0`,
      brand: 'Tab\t+1',
      desc: 'First line\n@SUM(A1:A9), then; plain text',
    });
    const res = await exportCsv();
    const text = res.rawPayload.toString('utf8');
    // Every cell holding a separator is quoted, and each formula start after a separator is guarded too.
    expect(text).toContain(`"x;'=cmd|' /C calc'!A0"`);
    expect(text).toContain(`"Tab\t'+1"`);
    expect(text).toContain(`"First line\n'@SUM(A1:A9), then; plain text"`);
    // Excel with `;` as its separator splits the line on every `;` and no longer honours the quotes of a cell that
    // does not start its field: no field it then reads may start a formula.
    const line = text.split('\n').find((l) => l.startsWith('EXP-SEMI-1,'))!;
    for (const field of line.split(';')) expect(field, field).not.toMatch(/^"?[=+\-@]/);
    const before = await t.app.database.db.query.products.findFirst({
      where: (x, { eq }) => eq(x.id, product.id),
      columns: { name: true, brand: true, description: true },
    });
    const result = await importCsv(t.app, admin, res.rawPayload);
    expect(result).toMatchObject({ status: 'done', created: 0, updated: 0, rejected: 0 });
    expect(
      await t.app.database.db.query.products.findFirst({
        where: (x, { eq }) => eq(x.id, product.id),
        columns: { name: true, brand: true, description: true },
      }),
    ).toEqual(before);
  });

  it('re-imports unchanged: nothing created or updated', async () => {
    const res = await exportCsv();
    const result = await importCsv(t.app, admin, res.rawPayload);
    expect(result).toMatchObject({ status: 'done', created: 0, updated: 0, rejected: 0 });
    expect(result.rows).toBeGreaterThan(18);
  });
});
