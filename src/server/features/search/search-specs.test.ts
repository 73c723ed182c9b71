import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromDisplay, toDisplay } from '@shared/catalogue/units';
import { createTestApp, type TestApp } from '../../test/helper';
import { makeCatalogueProduct, search, searchAll } from '../../test/catalogue';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const specFacet = async (params: Record<string, string>, key: string) =>
  (await search(t.app, { ...params, pageSize: '1' })).facets!.specs.find((s) => s.key === key);

describe('spec filters and facets follow every change of product_specs', () => {
  it('an updated, deleted or added spec value shows in filters and facets (with text, and alone)', async () => {
    const p = await makeCatalogueProduct(t.app, {
      name: 'Specwatch compressor',
      category: 'compressors',
      specs: { pressure: 8, airflow: 900 },
    });
    const q = { q: 'specwatch' };
    expect((await specFacet(q, 'pressure'))?.max).toBe(8);

    const { db } = t.app.database;
    await db.execute(sql`update product_specs set value = 12.5
      where product_id = ${p.id}::uuid and attribute_id = (select id from spec_attributes where key = 'pressure')`);
    await db.execute(sql`delete from product_specs
      where product_id = ${p.id}::uuid and attribute_id = (select id from spec_attributes where key = 'airflow')`);
    await db.execute(sql`insert into product_specs (product_id, attribute_id, value)
      select ${p.id}::uuid, id, 55 from spec_attributes where key = 'tank'`);
    await t.app.readCache.changed('catalogue');

    expect(await specFacet(q, 'pressure')).toMatchObject({ min: 12.5, max: 12.5, count: 1 });
    expect(await specFacet(q, 'airflow')).toBeUndefined();
    expect(await specFacet(q, 'tank')).toMatchObject({ min: 55, max: 55, count: 1 });
    for (const params of [q, { category: 'compressors' }, {}] as Record<string, string>[]) {
      const hit = async (range: Record<string, string>) =>
        (await searchAll(t.app, { ...params, ...range })).some((i) => i._id === p.id);
      expect(await hit({ 'spec.pressure': '12..13' })).toBe(true);
      expect(await hit({ 'spec.pressure': '7..9' })).toBe(false);
      expect(await hit({ 'spec.airflow': '0..' })).toBe(false);
      expect(await hit({ 'spec.tank': '50..60' })).toBe(true);
    }
  });
});

describe('imperial filters, converted with the shared units, reach the same products', () => {
  it('a psi and CFM range finds exactly what its bar and L/min equivalent finds', async () => {
    for (const [pressure, airflow] of [
      [7, 600],
      [10, 1200],
      [13, 2400],
    ] as const) {
      await makeCatalogueProduct(t.app, {
        name: `Unitround compressor ${pressure}`,
        category: 'compressors',
        specs: { pressure, airflow },
      });
    }
    // What a buyer types in psi and CFM, sent in the canonical unit.
    const psi: [number, number] = [
      toDisplay('pressure', 9, 'imperial'),
      toDisplay('pressure', 13.5, 'imperial'),
    ];
    const cfm: [number, null] = [toDisplay('flow', 1000, 'imperial'), null];
    const range = (kind: 'pressure' | 'flow', [lo, hi]: [number, number | null]) =>
      `${fromDisplay(kind, lo, 'imperial')}..${hi === null ? '' : fromDisplay(kind, hi, 'imperial')}`;
    const imperial = await searchAll(t.app, {
      q: 'unitround',
      'spec.pressure': range('pressure', psi),
      'spec.airflow': range('flow', cfm),
    });
    const metric = await searchAll(t.app, {
      q: 'unitround',
      'spec.pressure': '9..13.5',
      'spec.airflow': '1000..',
    });
    expect(imperial.map((i) => i.name).sort()).toEqual([
      'Unitround compressor 10',
      'Unitround compressor 13',
    ]);
    expect(imperial.map((i) => i._id).sort()).toEqual(metric.map((i) => i._id).sort());
    // The facet bounds come back in the canonical unit and convert to what was shown.
    const facet = (await search(t.app, { q: 'unitround', pageSize: '1' })).facets!.specs.find(
      (s) => s.key === 'pressure',
    )!;
    expect(facet.max).toBe(13);
    expect(fromDisplay('pressure', toDisplay('pressure', facet.max, 'imperial'), 'imperial')).toBeCloseTo(
      13,
      9,
    );
  });
});

describe('spec facets of a catalogue with many numeric specs', () => {
  it('counts the same when there are too many specs to aggregate in one pass', async () => {
    const p = await makeCatalogueProduct(t.app, {
      name: 'Manyspec compressor',
      category: 'compressors',
      specs: { pressure: 6, airflow: 700 },
    });
    await makeCatalogueProduct(t.app, {
      name: 'Manyspec booster',
      category: 'compressors',
      specs: { pressure: 9.5 },
    });
    const facets = async () => (await search(t.app, { q: 'manyspec', pageSize: '1' })).facets!.specs;
    const before = await facets();
    expect(before.find((s) => s.key === 'pressure')).toMatchObject({ min: 6, max: 9.5, count: 2 });

    // Thirty more numeric specs: the facets are then grouped from the unnested arrays instead.
    const { db } = t.app.database;
    await db.execute(sql`insert into spec_attributes (key, label, type)
      select 'extra' || g, 'Extra ' || g, 'number' from generate_series(1, 30) g`);
    await db.execute(sql`insert into product_specs (product_id, attribute_id, value)
      select ${p.id}::uuid, id, 3 from spec_attributes where key = 'extra30'`);
    await t.app.readCache.changed('catalogue');

    const after = await facets();
    expect(after.filter((s) => !s.key.startsWith('extra'))).toEqual(before);
    expect(after.filter((s) => s.key.startsWith('extra'))).toEqual([
      { key: 'extra30', label: 'Extra 30', unitKind: null, min: 3, max: 3, count: 1 },
    ]);
  });
});
