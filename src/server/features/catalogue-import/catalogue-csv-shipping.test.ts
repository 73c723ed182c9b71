// Both databases: issue #22 asks for its shipping, tax and backorder rules to be proven on PGlite and PostgreSQL.
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippingMessages } from '@shared/catalogue/product-shipping';
import type { TestApp } from '../../test/helper';
import { appWithPeople } from '../../test/people';
import type { Client } from '../../test/auth';
import { importCsv } from '../../test/csv-import';

let t: TestApp, admin: Client;
beforeAll(async () => {
  [t, admin] = await appWithPeople();
});
afterAll(() => t.close());

const BASE = 'sku,name,price,quantity,minOrder,description,image';
const SHIPPING =
  'shipping_weight_lb,length_in,width_in,height_in,ships_as,freight_class,backorderable,lead_time_days';
const base = (sku: string) => [sku, `Jack ${sku}`, '400', '3', '1', 'A jack.', '/media/products/test.webp'];
const csv = (header: string, ...lines: string[][]) =>
  [header, ...lines.map((l) => l.join(','))].join('\r\n') + '\r\n';

async function stored(sku: string) {
  const { rows } = await t.database.db.execute<Record<string, unknown>>(sql`
    select shipping_weight_grams as grams, length_mm as length, width_mm as width, height_mm as height,
      ships_as as "shipsAs", freight_class as "freightClass", backorderable, lead_time_days as "leadTimeDays"
    from products where lower(sku) = lower(${sku})`);
  return rows[0]!;
}

describe('shipping and backorder columns in the catalogue CSV', () => {
  it('imports them (lb and inches to grams and mm), exports them alike; an unchanged re-import updates nothing', async () => {
    const done = await importCsv(
      t.app,
      admin,
      csv(
        `${BASE},${SHIPPING}`,
        [...base('CSV-SH-1'), '160.5', '48', '27', '49.5', 'freight', '85', 'true', '21'],
        [...base('CSV-SH-2'), '', '', '', '', '', '', '', ''],
      ),
    );
    expect(done).toMatchObject({ status: 'done', created: 2, rejected: 0 });
    expect(await stored('CSV-SH-1')).toEqual({
      grams: 72802,
      length: 1219,
      width: 686,
      height: 1257,
      shipsAs: 'freight',
      freightClass: '85',
      backorderable: true,
      leadTimeDays: 21,
    });
    expect(await stored('CSV-SH-2')).toMatchObject({ grams: null, shipsAs: 'parcel', backorderable: false });

    const res = await t.app.inject({ url: '/api/catalogue/export.csv', headers: admin.headers });
    const rows = parse(res.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    const one = rows.find((r) => r.sku === 'CSV-SH-1')!;
    expect(one).toMatchObject({
      shipping_weight_lb: '160.5',
      length_in: '48',
      width_in: '27',
      height_in: '49.5',
      ships_as: 'freight',
      freight_class: '85',
      backorderable: 'true',
      lead_time_days: '21',
    });
    const again = await importCsv(t.app, admin, res.rawPayload);
    expect(again).toMatchObject({ status: 'done', created: 0, updated: 0, rejected: 0 });
  });

  it('an old file without the columns keeps working and leaves the values; empty cells leave them; none clears', async () => {
    await importCsv(
      t.app,
      admin,
      csv(`${BASE},${SHIPPING}`, [...base('CSV-SH-3'), '10', '', '', '', '', '', 'yes', '5']),
    );
    const old = await importCsv(
      t.app,
      admin,
      csv(BASE, [...base('CSV-SH-3').slice(0, 2), '450', '', '', '', '']),
    );
    expect(old).toMatchObject({ status: 'done', updated: 1, rejected: 0 });
    expect(await stored('CSV-SH-3')).toMatchObject({ grams: 4536, backorderable: true, leadTimeDays: 5 });
    const cleared = await importCsv(
      t.app,
      admin,
      csv('sku,shipping_weight_lb,backorderable', ['CSV-SH-3', 'none', 'no']),
    );
    expect(cleared).toMatchObject({ status: 'done', updated: 1 });
    expect(await stored('CSV-SH-3')).toMatchObject({ grams: null, backorderable: false, leadTimeDays: 5 });
  });

  it('bad values are reported per row and column, like the other columns', async () => {
    const res = await importCsv(
      t.app,
      admin,
      csv(
        `${BASE},${SHIPPING}`,
        [...base('CSV-SH-4'), 'heavy', '-2', '1.25', '', 'pallet', '', 'maybe', '400'],
        [...base('CSV-SH-5'), '', '', '', '', 'freight', '', 'true', ''],
        [...base('CSV-SH-6'), '', '', '', '', 'freight', '45', '', ''],
      ),
      '?mode=valid-rows',
    );
    expect(res.rejected).toBe(3);
    const at = (line: number, column: string) =>
      res.problems.find((p) => p.line === line && p.column === column)?.message;
    expect(at(2, 'shipping_weight_lb')).toBe('must be a number, or none');
    expect(at(2, 'length_in')).toContain('more than 0');
    expect(at(2, 'width_in')).toContain('1 decimal');
    expect(at(2, 'ships_as')).toContain('parcel, freight');
    expect(at(2, 'backorderable')).toBe('must be true or false');
    expect(at(2, 'lead_time_days')).toContain('at most 365');
    expect(at(3, 'freight_class')).toBe(shippingMessages.freightClassRequired);
    expect(at(3, 'lead_time_days')).toBe(shippingMessages.leadTimeRequired);
    expect(at(4, 'freight_class')).toContain('NMFC');
  });
});
