import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../test/helper';
import { searchCatalogue } from '../features/search/search.engine';
import { searchQuerySchema } from '@shared/catalogue/search.schema';
import { generateCatalogue } from './generate-catalogue';

let a: TestDatabase;
let b: TestDatabase;
beforeAll(async () => {
  [a, b] = [await createTestDatabase(), await createTestDatabase()];
});
afterAll(async () => {
  await a.drop();
  await b.drop();
});

const snapshot = async (t: TestDatabase) =>
  (
    await t.database.db.execute<{ sku: string; name: string; price_cents: number; specs: string }>(sql`
      select p.sku, p.name, p.price_cents,
        (select string_agg(s.attribute_id || '=' || coalesce(s.value::text, s.value_text), ',' order by s.attribute_id)
         from product_specs s where s.product_id = p.id) as specs
      from products p order by p.sku`)
  ).rows;

describe('seed:catalogue generator', () => {
  it('writes the same catalogue for the same seed, searchable like hand-made products', async () => {
    expect(await generateCatalogue(a.database.db, { count: 300, seed: 42, batchSize: 128 })).toBe(300);
    await generateCatalogue(b.database.db, { count: 300, seed: 42 });
    const rows = await snapshot(a);
    expect(rows).toHaveLength(300);
    expect(rows).toEqual(await snapshot(b));
    expect(new Set(rows.map((r) => r.sku.toLowerCase())).size).toBe(300);

    const query = searchQuerySchema.parse({
      q: 'rotary screw compresor',
      category: 'compressors',
      'spec.power': '5..',
    });
    const found = await searchCatalogue(a.database.db, query);
    expect(found.total).toBeGreaterThan(0);
    for (const item of found.items) {
      expect(item.category?.slug).toBe('rotary-screw');
      expect(item.name).toMatch(/Rotary Screw Compressor/);
    }
    expect(found.facets!.specs.find((s) => s.key === 'power')!.min).toBeGreaterThanOrEqual(5);

    // The spec arrays it writes directly are what the product_specs triggers compute.
    const { rows: differ } = await a.database.db.execute(
      sql`select id from products where spec_values is distinct from product_spec_values(id)`,
    );
    expect(differ).toEqual([]);

    // It leaves the planner statistics of what it wrote up to date (searches plan on them).
    const { rows: stats } = await a.database.db.execute<{ relname: string; rows: number }>(sql`
      select relname::text, reltuples::int as rows from pg_class
      where relname in ('products', 'product_specs') order by relname`);
    expect(stats.map((r) => r.relname)).toEqual(['product_specs', 'products']);
    expect(stats.find((r) => r.relname === 'products')!.rows).toBe(300);
    expect(stats.find((r) => r.relname === 'product_specs')!.rows).toBeGreaterThan(300);
  });

  it('adds a second run with SKUs that do not clash with the first', async () => {
    await generateCatalogue(a.database.db, { count: 50, seed: 42 });
    const { rows } = await a.database.db.execute<{ n: number }>(
      sql`select count(distinct lower(sku))::int as n from products`,
    );
    expect(rows[0]!.n).toBe(350);
  });
});
