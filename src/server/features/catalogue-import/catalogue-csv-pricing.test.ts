import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helper';
import { appWithPeople } from '../../test/people';
import type { Client } from '../../test/auth';
import { importCsv } from '../../test/csv-import';

let t: TestApp, admin: Client;
beforeAll(async () => {
  [t, admin] = await appWithPeople();
});
afterAll(() => t.close());

const HEADER = 'sku,name,price,quantity,minOrder,description,image,pack_size,price_breaks';
const line = (sku: string, over: { price?: string; pack?: string; breaks?: string } = {}) =>
  [
    sku,
    `Coupling ${sku}`,
    over.price ?? '12.40',
    '100',
    '1',
    'Sold in tens.',
    '/media/products/test.webp',
    over.pack ?? '',
    over.breaks ?? '',
  ].join(',');
const csv = (...lines: string[]) => [HEADER, ...lines].join('\r\n') + '\r\n';

async function pricingOf(sku: string) {
  const { rows } = await t.database.db.execute<{ id: string }>(
    sql`select id from products where lower(sku) = lower(${sku})`,
  );
  const detail = (await t.app.inject(`/api/catalogue/products/${rows[0]!.id}`)).json();
  return { packSize: detail.product.packSize, priceBreaks: detail.product.priceBreaks };
}

const exported = async () => {
  const res = await t.app.inject({ url: '/api/catalogue/export.csv', headers: admin.headers });
  return {
    raw: res.rawPayload,
    rows: parse(res.rawPayload, { bom: true, columns: true }) as Record<string, string>[],
  };
};

describe('pack_size and price_breaks in the catalogue CSV', () => {
  it('imports them, exports them in the same form, and an unchanged re-import updates nothing', async () => {
    const created = await importCsv(
      t.app,
      admin,
      csv(line('CSV-PB-1', { pack: '10', breaks: '50:9.9; 10:11.20' }), line('CSV-PB-2')),
    );
    expect(created).toMatchObject({ status: 'done', created: 2, rejected: 0 });
    expect(await pricingOf('CSV-PB-1')).toEqual({
      packSize: 10,
      priceBreaks: [
        { minQuantity: 10, price: 11.2 },
        { minQuantity: 50, price: 9.9 },
      ],
    });
    expect(await pricingOf('CSV-PB-2')).toEqual({ packSize: 1, priceBreaks: [] });

    const { raw, rows } = await exported();
    expect(rows.find((r) => r.sku === 'CSV-PB-1')).toMatchObject({
      pack_size: '10',
      price_breaks: '10:11.20;50:9.90',
    });
    expect(rows.find((r) => r.sku === 'CSV-PB-2')).toMatchObject({ pack_size: '1', price_breaks: '' });
    expect(await importCsv(t.app, admin, raw)).toMatchObject({ status: 'done', created: 0, updated: 0 });
  });

  it('replaces breaks given, keeps them when the cell is empty, removes them with "none"', async () => {
    await importCsv(t.app, admin, csv(line('CSV-PB-3', { breaks: '10:11.20' })));
    const changed = await importCsv(t.app, admin, csv(line('CSV-PB-3', { pack: '5', breaks: '20:10' })));
    expect(changed).toMatchObject({ status: 'done', updated: 1 });
    expect(await pricingOf('CSV-PB-3')).toEqual({
      packSize: 5,
      priceBreaks: [{ minQuantity: 20, price: 10 }],
    });
    expect(await importCsv(t.app, admin, csv(line('CSV-PB-3', { pack: '5' })))).toMatchObject({ updated: 0 });
    expect(await importCsv(t.app, admin, csv(line('CSV-PB-3', { breaks: 'none' })))).toMatchObject({
      updated: 1,
    });
    expect((await pricingOf('CSV-PB-3')).priceBreaks).toEqual([]);
  });

  it('reports bad cells by line and column, and writes nothing (all-or-nothing)', async () => {
    await importCsv(t.app, admin, csv(line('CSV-PB-4', { breaks: '10:11.20' })));
    const result = await importCsv(
      t.app,
      admin,
      csv(
        line('CSV-PB-5', { pack: '0' }),
        line('CSV-PB-6', { pack: 'ten' }),
        line('CSV-PB-7', { breaks: '10-11' }),
        line('CSV-PB-8', { breaks: '1:5' }),
        line('CSV-PB-9', { breaks: '10:12.40' }),
        line('CSV-PB-10', { breaks: '10:9;50:10' }),
        line('CSV-PB-4', { price: '11.00' }),
      ),
    );
    expect(result).toMatchObject({ status: 'rejected', created: 0, updated: 0, rejected: 7 });
    expect(result.problems).toEqual([
      { line: 2, column: 'pack_size', message: 'must be at least 1' },
      { line: 3, column: 'pack_size', message: 'must be a whole number' },
      { line: 4, column: 'price_breaks', message: expect.stringContaining('must be like 10:11.20;50:9.90') },
      {
        line: 5,
        column: 'price_breaks',
        message: expect.stringMatching(/^1:5: minQuantity must be at least 2/),
      },
      { line: 6, column: 'price_breaks', message: 'the price from 10 units must be below the product price' },
      {
        line: 7,
        column: 'price_breaks',
        message: 'the price from 50 units must not be above the price from 10',
      },
      { line: 8, column: 'price', message: 'the price from 10 units must be below the product price' },
    ]);
    expect((await pricingOf('CSV-PB-4')).priceBreaks).toEqual([{ minQuantity: 10, price: 11.2 }]);
  });
});
