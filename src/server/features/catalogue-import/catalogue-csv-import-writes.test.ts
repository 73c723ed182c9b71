import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { signUpAdmin, type Client } from '../../test/auth';
import { search } from '../../test/catalogue';
import { importCsv } from '../../test/csv-import';

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
  admin = await signUpAdmin(t.app);
  // Counts every later write of an imported product's row (this file's database only).
  await t.database.db.execute(sql`create table imported_rewrites (sku text not null)`);
  await t.database.db.execute(sql`
    create function count_imported_rewrite() returns trigger language plpgsql as $$
    begin insert into imported_rewrites values (new.sku); return new; end $$`);
  await t.database.db.execute(sql`
    create trigger count_imported_rewrite after update on products for each row
    when (new.sku like 'IMW-%') execute function count_imported_rewrite()`);
});
afterAll(() => t.close());

const HEADER =
  'sku,name,brand,category,price,quantity,minOrder,description,image,spec.pressure (psi),spec.airflow (CFM),spec.source';
const row = (sku: string, psi: string, cfm: string, source: string) =>
  `${sku},Compressor ${sku},Atlas,piston-compressors,199,5,1,Imported compressor.,/media/products/test.webp,${psi},${cfm},${source}`;
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n') + '\n';

/** Each imported product's spec array beside what the spec triggers would compute from its spec rows. */
async function specArrays() {
  const { rows } = await t.database.db.execute<{ sku: string; stored: number[] | null; same: boolean }>(sql`
    select sku, spec_values as stored, spec_values is not distinct from product_spec_values(id) as same
    from products where sku like 'IMW-%' order by sku`);
  return rows;
}
const rewrites = async () =>
  (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from imported_rewrites`)).rows[0]!
    .n;

describe('the import writes each product row once, spec array included', () => {
  it('new products: inserted with their spec arrays, never updated afterwards', async () => {
    const result = await importCsv(
      t.app,
      admin,
      csv(
        row('IMW-1', '145.04', '35.3', 'Electric'),
        row('IMW-2', '', '10', 'Diesel'),
        row('IMW-3', '', '', 'Diesel'),
      ),
    );
    expect(result).toMatchObject({ status: 'done', created: 3, rejected: 0 });
    const arrays = await specArrays();
    expect(arrays.map((a) => [a.sku, a.same])).toEqual([
      ['IMW-1', true],
      ['IMW-2', true],
      ['IMW-3', true],
    ]);
    expect(arrays[0]!.stored!.filter((v) => v !== null)).toHaveLength(2);
    expect(arrays[2]!.stored).toBeNull();
    // Before the fix the spec trigger rewrote every new row a second time to fill spec_values.
    expect(await rewrites()).toBe(0);
    // Every word of their search vectors is in the search vocabulary.
    const { rows: unknownWords } = await t.database.db.execute(sql`
      select w from (select unnest(tsvector_to_array(search_vector)) as w from products where sku like 'IMW-%') x
      where not exists (select 1 from search_terms s where s.term = x.w)`);
    expect(unknownWords).toEqual([]);
    // Spec filters read the array: 145.04 psi is 10 bar.
    const found = await search(t.app, { 'spec.pressure': '9.9..10.1', q: 'IMW' });
    expect(found.items.map((p) => p.sku)).toEqual(['IMW-1']);
  });

  it('changed specs of existing products: the array follows, the unchanged product is not touched', async () => {
    const result = await importCsv(
      t.app,
      admin,
      csv(row('IMW-1', '145.04', '35.3', 'Electric'), row('IMW-2', '116.03', '10', 'Diesel')),
    );
    expect(result).toMatchObject({ status: 'done', created: 0, updated: 1 });
    expect((await specArrays()).every((a) => a.same)).toBe(true);
    const found = await search(t.app, { 'spec.pressure': '7.9..8.1', q: 'IMW' });
    expect(found.items.map((p) => p.sku)).toEqual(['IMW-2']);
    const { rows } = await t.database.db.execute<{ sku: string }>(
      sql`select distinct sku from imported_rewrites order by sku`,
    );
    expect(rows.map((r) => r.sku)).toEqual(['IMW-2']);
  });

  it('a big import leaves fresh planner statistics behind', async () => {
    const rows = Array.from({ length: 1_000 }, (_, i) => row(`IMS-${i}`, '100', '20', 'Electric'));
    expect(await importCsv(t.app, admin, csv(...rows))).toMatchObject({ status: 'done', created: 1_000 });
    const { rows: stats } = await t.database.db.execute<{ estimated: number; actual: number }>(sql`
      select (select reltuples::int from pg_class where relname = 'products') as estimated,
        (select count(*)::int from products) as actual`);
    expect(stats[0]!.estimated).toBe(stats[0]!.actual);
  });
});
