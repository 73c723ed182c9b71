import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { makeCatalogueProduct, search, searchUrl } from '../../test/catalogue';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const names = (r: { items: { name: string }[] }) => r.items.map((i) => i.name);

describe('GET /api/catalogue/search: typo-tolerant text', () => {
  it('finds compressors when "compressor" is misspelt, and says what it read', async () => {
    const r = await search(t.app, { q: 'compresor' });
    expect(names(r)).toEqual(
      expect.arrayContaining(['Atlas 50 L Oil-Free Air Compressor', 'Rotary Screw Compressor 7.5 kW']),
    );
    expect(r.corrections).toEqual([
      { term: 'compresor', suggestions: expect.arrayContaining(['compressor']) },
    ]);
    expect(r.total).toBe(r.items.length);
  });

  it('ranks the rotary screw compressor first for "rotery screw"', async () => {
    const r = await search(t.app, { q: 'rotery screw' });
    expect(r.items[0]?.name).toBe('Rotary Screw Compressor 7.5 kW');
  });

  it('matches brand, category names and spec values as words', async () => {
    expect(names(await search(t.app, { q: 'weldex' })).sort()).toEqual([
      'MIG Welder 200 A Synergic',
      'Plasma Cutter 45 A',
    ]);
    const byValue = await search(t.app, { q: '1050 l/min' });
    expect(names(byValue)).toContain('Rotary Screw Compressor 7.5 kW');
  });

  it('completes the last word as a prefix (search as you type)', async () => {
    expect(names(await search(t.app, { q: 'diesel compr' }))).toEqual([
      'Portable Diesel Compressor 5 m³/min',
    ]);
  });

  it('finds nothing, with no 500, for words the catalogue has no neighbour of', async () => {
    const r = await search(t.app, { q: 'qqqqxxzz' });
    expect(r.items).toEqual([]);
    expect(r.total).toBe(0);
    expect(r.corrections).toEqual([{ term: 'qqqqxxzz', suggestions: [] }]);
  });
});

describe('GET /api/catalogue/search: part numbers', () => {
  it('ranks an exact SKU first, then SKU prefixes, then text matches; any case', async () => {
    await makeCatalogueProduct(t.app, { sku: 'XT-1000', name: 'Longer part number' });
    await makeCatalogueProduct(t.app, { sku: 'ZZ-9', name: 'Mentions it', desc: 'Replaces the xt-100 kit.' });
    await makeCatalogueProduct(t.app, { sku: 'XT-100', name: 'Exact part number' });
    const r = await search(t.app, { q: 'xt-100' });
    expect(r.items.map((i) => i.sku)).toEqual(['XT-100', 'XT-1000', 'ZZ-9']);
    expect(
      (await search(t.app, { q: 'XT-1' })).items
        .slice(0, 2)
        .map((i) => i.sku)
        .sort(),
    ).toEqual(['XT-100', 'XT-1000']);
  });

  it('finds a seeded product by its SKU', async () => {
    const r = await search(t.app, { q: 'rs-75-400' });
    expect(r.items[0]).toMatchObject({
      sku: 'RS-75-400',
      brand: 'Norden',
      category: { slug: 'rotary-screw' },
    });
    expect(r.items[0]!.keySpecs.map((s) => [s.key, s.value])).toEqual([
      ['pressure', 8],
      ['airflow', 1050],
    ]);
  });
});

describe('GET /api/catalogue/search: bad parameters are 400s naming the parameter', () => {
  const cases: [Record<string, string>, string][] = [
    [{ 'spec.pressure': 'abc' }, 'spec.pressure'],
    [{ 'spec.pressure': '10..6' }, 'spec.pressure'],
    [{ 'spec.nosuch': '1..2' }, 'spec.nosuch'],
    [{ 'spec.source': '1..2' }, 'spec.source'],
    [{ price: '..' }, 'price'],
    [{ price: 'cheap' }, 'price'],
    [{ price: '0..21474837' }, 'price'],
    [{ price: '21474837..' }, 'price'],
    [{ price: '-1..5' }, 'price'],
    [{ sort: 'random' }, 'sort'],
    [{ pageSize: '0' }, 'pageSize'],
    [{ pageSize: '101' }, 'pageSize'],
    [{ page: 'two' }, 'page'],
    [{ page: '200', pageSize: '100' }, 'page'],
    [{ inStock: 'yes' }, 'inStock'],
    [{ category: 'no-such-category' }, 'category'],
    [{ category: 'Bad Slug!' }, 'category'],
    [{ colour: 'red' }, 'colour'],
    [{ cursor: 'not-a-cursor' }, 'cursor'],
    [{ q: 'x'.repeat(201) }, 'q'],
  ];
  it.each(cases)('%j', async (params, param) => {
    const res = await t.app.inject(searchUrl(params));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', message: expect.stringContaining(`${param}:`) });
  });

  it('takes spec bounds of any size without failing (the column is double precision)', async () => {
    for (const range of ['0..' + '9'.repeat(50), '-' + '9'.repeat(50) + '..0', '1e5..']) {
      const res = await t.app.inject(searchUrl({ 'spec.pressure': range }));
      expect(res.statusCode, range).toBeLessThan(500);
    }
  });

  it('refuses a cursor from another sort order', async () => {
    const first = await search(t.app, { sort: 'price_asc', pageSize: 2 });
    const res = await t.app.inject(searchUrl({ sort: 'name', cursor: first.nextCursor! }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('cursor:');
  });
});
