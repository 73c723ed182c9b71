import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sortOptions, type SearchResult } from '@shared/catalogue/search.schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { makeCatalogueProduct, search } from '../../test/catalogue';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Ties on every sort key: equal prices, equal names (but case), equal creation times.
  const at = new Date('2026-01-01T00:00:00.123456Z');
  for (let i = 0; i < 24; i++) {
    await makeCatalogueProduct(t.app, {
      name: i % 2 ? `Paging Gauge ${i % 5}` : `paging gauge ${i % 5}`,
      priceCents: 5_000 + (i % 3) * 1_000,
      createdAt: i % 4 === 0 ? at : new Date(at.getTime() + i * 1000),
      category: 'air-tools',
    });
  }
  // A parent category whose products sit in it and in three children, with ties across children.
  const children = ['power-tools', 'cordless-tools', 'grinders', 'drilling'];
  for (let i = 0; i < 22; i++) {
    await makeCatalogueProduct(t.app, {
      name: `Merge Drill ${i}`,
      priceCents: 7_000 + (i % 4) * 500,
      createdAt: new Date(at.getTime() + (i % 5) * 1000),
      category: children[i % children.length]!,
    });
  }
});
afterAll(() => t.close());

const base = { q: 'paging gauge' };
const ids = (items: SearchResult['items']) => items.map((i) => i._id);

describe('paging', () => {
  it.each(sortOptions)(
    'sort=%s: page numbers and cursors walk the same list, without gaps or repeats',
    async (sort) => {
      const first = await search(t.app, { ...base, sort, pageSize: '7' });
      expect(first.total).toBe(24);
      const byPage: string[] = [];
      for (let page = 1; page <= 4; page++) {
        const r = await search(t.app, { ...base, sort, pageSize: '7', page: String(page) });
        expect(r.page).toBe(page);
        byPage.push(...ids(r.items));
      }
      const byCursor = ids(first.items);
      for (let cursor = first.nextCursor; cursor;) {
        const r = await search(t.app, { ...base, sort, pageSize: '7', cursor });
        expect(r.page).toBeNull();
        expect(r.total).toBe(24);
        byCursor.push(...ids(r.items));
        cursor = r.nextCursor;
      }
      expect(new Set(byPage).size).toBe(24);
      expect(byCursor).toEqual(byPage);
    },
  );

  it.each(['price_asc', 'price_desc', 'newest'] as const)(
    'category with children, no text, sort=%s: the per-category merge pages like one sorted list',
    async (sort) => {
      const params = { category: 'power-tools', sort, facets: 'false' };
      const all = await search(t.app, { ...params, pageSize: '100' });
      const byPage: string[] = [];
      for (let page = 1; page <= 5; page++)
        byPage.push(...ids((await search(t.app, { ...params, pageSize: '5', page: String(page) })).items));
      const byCursor: string[] = [];
      let cursor = '';
      do {
        const r = await search(t.app, { ...params, pageSize: '4', ...(cursor ? { cursor } : {}) });
        byCursor.push(...ids(r.items));
        cursor = r.nextCursor ?? '';
      } while (cursor);
      expect(all.total).toBe(byCursor.length);
      expect(byCursor).toEqual(ids(all.items));
      expect(byPage).toEqual(ids(all.items).slice(0, 25));
      const key = (i: SearchResult['items'][number]) =>
        sort === 'newest' ? Date.parse(i.createdAt) : i.price;
      const keys = all.items.map(key);
      expect(keys).toEqual([...keys].sort((a, b) => (sort === 'price_asc' ? a - b : b - a)));
      // Ties are broken by id, in the direction of the sort.
      for (let i = 1; i < all.items.length; i++) {
        if (key(all.items[i]!) !== key(all.items[i - 1]!)) continue;
        const [a, b] = [all.items[i - 1]!._id, all.items[i]!._id];
        expect(sort === 'price_asc' ? a < b : a > b).toBe(true);
      }
    },
  );

  it('sort=relevance: a cursor from a page with facets continues on pages without them ("load more")', async () => {
    const all = await search(t.app, { ...base, pageSize: '100', facets: 'false' });
    const first = await search(t.app, { ...base, pageSize: '6' });
    const walked = ids(first.items);
    for (let cursor = first.nextCursor; cursor;) {
      const r = await search(t.app, { ...base, pageSize: '6', facets: 'false', cursor });
      expect(r.facets).toBeNull();
      walked.push(...ids(r.items));
      cursor = r.nextCursor;
    }
    expect(walked).toEqual(ids(all.items));
  });

  it('sorts by price and name as asked', async () => {
    const r = await search(t.app, { ...base, sort: 'price_asc', pageSize: '100' });
    const prices = r.items.map((i) => i.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const d = await search(t.app, { ...base, sort: 'price_desc', pageSize: '100' });
    expect(d.items.map((i) => i.price)).toEqual([...prices].reverse());
    const n = await search(t.app, { ...base, sort: 'name', pageSize: '100' });
    const names = n.items.map((i) => i.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it.each(['newest', 'price_asc', 'name', 'relevance'] as const)(
    'sort=%s: a cursor walk sees every product that existed when it started exactly once, while products are added',
    async (sort) => {
      const before = await search(t.app, { ...base, sort, pageSize: '100', facets: 'false' });
      const seen: string[] = [];
      let cursor = '';
      let round = 0;
      do {
        round++;
        // Each page is read while two more matching products are written: one sorting first, one last.
        const [page]: [SearchResult, ...unknown[]] = await Promise.all([
          search(t.app, { ...base, sort, pageSize: '5', ...(cursor ? { cursor } : {}) }),
          makeCatalogueProduct(t.app, { name: `AAA paging gauge ${sort} ${round}`, priceCents: 100 }),
          makeCatalogueProduct(t.app, {
            name: `zzz paging gauge ${sort} ${round}`,
            priceCents: 9_000_000,
            createdAt: new Date('2020-01-01'),
          }),
        ]);
        seen.push(...ids(page.items));
        cursor = page.nextCursor ?? '';
      } while (cursor && round < 50);
      expect(new Set(seen).size).toBe(seen.length);
      const seenSet = new Set(seen);
      expect(ids(before.items).filter((id) => !seenSet.has(id))).toEqual([]);
    },
  );
});
