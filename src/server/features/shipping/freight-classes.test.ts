// Both databases: issue #22 asks for its shipping, tax and backorder rules to be proven on PGlite and PostgreSQL.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freightClasses } from '@shared/catalogue/product-shipping';
import { migrationsDir } from '../../infra/paths';
import { FREIGHT_CLASSES } from './shipping.rates';

describe('freight classes', () => {
  it('the product form’s and the API’s list is the rates’ own (and the database check’s)', async () => {
    expect([...freightClasses]).toEqual([...FREIGHT_CLASSES]);
    // The database refuses any other class: its check (migration 0019) lists the same classes.
    const sql = await readFile(path.join(migrationsDir, '0019_shipping_tax.sql'), 'utf8');
    const check = /"products_freight_class" CHECK \(.* in \(([^)]*)\)\)/.exec(sql)?.[1];
    expect(check?.split(',').map((c) => c.trim().replace(/'/g, ''))).toEqual([...FREIGHT_CLASSES]);
  });
});
