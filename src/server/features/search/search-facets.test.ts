import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '@shared/catalogue/search.schema';
import { parseRange } from '@shared/catalogue/search.schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { catalogueUniverse, makeCatalogueProduct, search, searchAll } from '../../test/catalogue';
import { PRICE_EDGES_CENTS } from './facets.service';

let t: TestApp;
let universe: Awaited<ReturnType<typeof catalogueUniverse>>;

const brands = ['Atlas', 'Norden', 'Pneumax', 'Ironclad', null];
const cats = [
  'piston-compressors',
  'rotary-screw',
  'air-tools',
  'cordless-tools',
  'grinders',
  'abrasives',
  null,
];

beforeAll(async () => {
  t = await createTestApp();
  // 35 more products spread over brands, categories, prices, stock and specs (deterministic).
  for (let i = 0; i < 35; i++) {
    await makeCatalogueProduct(t.app, {
      name: `Facet Item ${i} ${i % 3 === 0 ? 'compressor' : 'tool'}`,
      brand: brands[i % brands.length]!,
      category: cats[i % cats.length]!,
      priceCents: 1_999 + ((i * 7_919) % 40) * 29_000,
      quantity: i % 4 === 0 ? 0 : 5 + i,
      minOrder: i % 6 === 0 ? 10 : 1,
      specs: {
        ...(i % 2 === 0 && { pressure: 4 + (i % 9) }),
        ...(i % 3 !== 1 && { airflow: 100 + i * 40 }),
        ...(i % 5 === 0 && { torque: 50 + i }),
      },
    });
  }
  universe = await catalogueUniverse(t.app);
});
afterAll(() => t.close());

type Params = Record<string, string | boolean | string[]>;
type Row = (typeof universe.products)[number];

function subtree(slug: string): Set<string | null> {
  const root = universe.categories.find((c) => c.slug === slug)!;
  const ids = new Set<string | null>([root.id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const c of universe.categories) {
      if (c.parentId && ids.has(c.parentId) && !ids.has(c.id)) grew = ids.add(c.id) && true;
    }
  }
  return ids;
}

const inRange = (v: number | undefined, text: string) => {
  const r = parseRange(text)!;
  return v !== undefined && (r.min === null || v >= r.min) && (r.max === null || v <= r.max);
};

/** The filters, applied by hand to every product. */
function matches(p: Row, params: Params): boolean {
  for (const [k, v] of Object.entries(params)) {
    if (k === 'category' && !subtree(v as string).has(p.categoryId)) return false;
    if (k === 'brand' && !([v].flat() as string[]).includes(p.brand!)) return false;
    if (k === 'inStock' && p.quantity >= p.minOrder !== v) return false;
    if (k === 'price' && !inRange(p.priceCents / 100, v as string)) return false;
    if (k.startsWith('spec.') && !inRange(universe.specOf.get(p.id)?.get(k.slice(5)), v as string))
      return false;
  }
  return true;
}

/** Every facet, counted by hand over the given products. */
function bruteFacets(ids: Set<string>) {
  const rows = universe.products.filter((p) => ids.has(p.id));
  const categories: Record<string, number> = {};
  for (const c of universe.categories) {
    const sub = subtree(c.slug);
    const n = rows.filter((p) => sub.has(p.categoryId)).length;
    if (n) categories[c.slug] = n;
  }
  const brandCounts: Record<string, number> = {};
  for (const p of rows) if (p.brand) brandCounts[p.brand] = (brandCounts[p.brand] ?? 0) + 1;
  const inStock = rows.filter((p) => p.quantity >= p.minOrder).length;
  const edges = [0, ...PRICE_EDGES_CENTS, Infinity];
  const price = edges
    .slice(0, -1)
    .map((lo, i) => rows.filter((p) => p.priceCents >= lo && p.priceCents < edges[i + 1]!).length);
  const specs: Record<string, { min: number; max: number; count: number }> = {};
  for (const p of rows) {
    for (const [key, v] of universe.specOf.get(p.id) ?? []) {
      const s = (specs[key] ??= { min: v, max: v, count: 0 });
      s.min = Math.min(s.min, v);
      s.max = Math.max(s.max, v);
      s.count++;
    }
  }
  return {
    total: rows.length,
    categories,
    brands: brandCounts,
    inStock,
    outOfStock: rows.length - inStock,
    price,
    specs,
  };
}

function apiFacets(r: SearchResult) {
  const f = r.facets!;
  return {
    total: r.total,
    categories: Object.fromEntries(f.categories.map((c) => [c.slug, c.count])),
    brands: Object.fromEntries(f.brands.map((b) => [b.brand, b.count])),
    inStock: f.inStock.inStock,
    outOfStock: f.inStock.outOfStock,
    price: f.price.map((b) => b.count),
    specs: Object.fromEntries(f.specs.map((s) => [s.key, { min: s.min, max: s.max, count: s.count }])),
  };
}

const filterCombos: Params[] = [
  {},
  { category: 'compressors' },
  { category: 'power-tools', inStock: true },
  { brand: 'Norden' },
  { brand: ['Pneumax', 'Ironclad'] },
  { inStock: false },
  { price: '100..1000' },
  { price: '..500' },
  { price: '5000..' },
  { 'spec.pressure': '6..10' },
  { 'spec.pressure': '8..', 'spec.airflow': '..1100' },
  { category: 'compressors', 'spec.airflow': '1000..', inStock: true },
  { brand: 'Atlas', price: '..2000', 'spec.torque': '0..' },
];

describe('filters and facets against a brute-force count over the same data', () => {
  it.each(filterCombos)('%j', async (params) => {
    const expected = new Set(universe.products.filter((p) => matches(p, params)).map((p) => p.id));
    const items = await searchAll(t.app, params);
    expect(new Set(items.map((i) => i._id))).toEqual(expected);
    expect(items).toHaveLength(expected.size);
    expect(apiFacets(await search(t.app, { ...params, pageSize: '1' }))).toEqual(bruteFacets(expected));
  });

  it.each(['compressor', 'air', 'tool 1'])('text %s: filters narrow the text matches exactly', async (q) => {
    const textOnly = await searchAll(t.app, { q });
    expect(textOnly.length).toBeGreaterThan(0);
    for (const params of filterCombos) {
      const expected = new Set(
        textOnly
          .filter((i) =>
            matches(
              universe.products.find((p) => p.id === i._id)!,
              params,
            ),
          )
          .map((i) => i._id),
      );
      const items = await searchAll(t.app, { q, ...params });
      expect(new Set(items.map((i) => i._id))).toEqual(expected);
      expect(apiFacets(await search(t.app, { q, ...params, pageSize: '1' }))).toEqual(bruteFacets(expected));
    }
  });

  it('filters by spec ranges given in the canonical unit, inclusive at both ends', async () => {
    const items = await searchAll(t.app, { 'spec.pressure': '8..8' });
    expect(items.map((i) => i.sku)).toEqual(expect.arrayContaining(['AC-50-OF', 'RS-75-400']));
    expect(items.every((i) => universe.specOf.get(i._id)?.get('pressure') === 8)).toBe(true);
  });
});
