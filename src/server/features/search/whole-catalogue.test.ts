// Both databases: the plain catalogue's count and facets are memoized per catalogue version, and its newest-first
// page is read through its own index (migration 0032); the answers must stay those of the uncached SQL on each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchQuerySchema } from '@shared/catalogue/search.schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { signUpAdmin, type Client } from '../../test/auth';
import { makeCatalogueProduct, search } from '../../test/catalogue';
import { searchDatabase } from './search.service';
import { WholeCatalogueMemo } from './whole-catalogue';

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
  admin = await signUpAdmin(t.app);
});
afterAll(() => t.close());

// What the plain /our-products asks for: its cards (no facets) and its facet counts (page size 1).
const cardsParams = { sort: 'relevance', page: '1', pageSize: '24', facets: 'false' };
const facetsParams = { pageSize: '1' };
/** The same query answered by the SQL path with nothing memoized: the oracle. */
const oracle = (params: Record<string, string>) =>
  searchDatabase(t.app.database.db, searchQuerySchema.parse(params));

async function expectPlainViewAsOracle() {
  const views: Record<string, string>[] = [
    cardsParams,
    facetsParams,
    {},
    { sort: 'price_asc', pageSize: '12' },
  ];
  for (const params of views) expect(await search(t.app, params)).toEqual(await oracle(params));
}

describe('the plain catalogue (no filter)', () => {
  it('answers as the uncached SQL does: cards newest first, total and facets', async () => {
    await expectPlainViewAsOracle();
    const cards = await search(t.app, cardsParams);
    expect(cards.total).toBeGreaterThan(0);
    expect((await search(t.app, facetsParams)).facets!.categories.length).toBeGreaterThan(0);
  });

  it('orders products created at the same instant by id, descending (the newest index keeps the order)', async () => {
    const at = new Date(Date.now() + 60_000);
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push(await makeCatalogueProduct(t.app, { name: `Same Instant ${i}`, createdAt: at }));
    const first = (await search(t.app, cardsParams)).items.slice(0, 3).map((p) => p._id);
    expect(first).toEqual(
      made
        .map((p) => p.id)
        .sort()
        .reverse(),
    );
    await expectPlainViewAsOracle();
  });

  it('counts a product added and one archived at once, facets included', async () => {
    const before = await search(t.app, facetsParams);
    const product = await makeCatalogueProduct(t.app, {
      name: 'Whole Count Compressor',
      brand: 'Wholecount',
      category: 'rotary-screw',
      quantity: 0,
      createdAt: new Date(Date.now() + 120_000),
    });
    const added = await search(t.app, facetsParams);
    expect(added.total).toBe(before.total + 1);
    expect(added.facets!.brands).toContainEqual({ brand: 'Wholecount', count: 1 });
    expect(added.facets!.inStock.outOfStock).toBe(before.facets!.inStock.outOfStock + 1);
    expect((await search(t.app, cardsParams)).items[0]!._id).toBe(product.id);
    await expectPlainViewAsOracle();

    // Archived through the admin route: the route's own announcement drops the memo.
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/product/${product.id}`,
      headers: admin.headers,
    });
    expect(del.statusCode).toBeLessThan(300);
    const archived = await search(t.app, facetsParams);
    expect(archived.total).toBe(before.total);
    expect(archived.facets!.brands.find((b) => b.brand === 'Wholecount')).toBeUndefined();
    expect((await search(t.app, { ...cardsParams, facets: 'false' })).total).toBe(before.total);
    await expectPlainViewAsOracle();
  });

  it('counts stock changed by the admin in the stock facet', async () => {
    const product = await makeCatalogueProduct(t.app, { quantity: 5, name: 'Whole Stock Item' });
    const before = (await search(t.app, facetsParams)).facets!.inStock;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/product/${product.id}`,
      headers: admin.headers,
      payload: { quantity: 0 },
    });
    expect(put.statusCode).toBe(200);
    const after = (await search(t.app, facetsParams)).facets!.inStock;
    expect(after).toEqual({ inStock: before.inStock - 1, outOfStock: before.outOfStock + 1 });
    await expectPlainViewAsOracle();
  });
});

describe('WholeCatalogueMemo', () => {
  it('loads once per version, concurrent callers sharing the load', async () => {
    let version = 1;
    let loads = 0;
    const memo = new WholeCatalogueMemo(() => version);
    const load = async () => ++loads;
    expect(await Promise.all([memo.get('k', load), memo.get('k', load)])).toEqual([1, 1]);
    expect(await memo.get('k', load)).toBe(1);
    version++;
    expect(await memo.get('k', load)).toBe(2);
  });

  it('does not keep a load that began before a version bump under the new version', async () => {
    let version = 1;
    let release!: () => void;
    const memo = new WholeCatalogueMemo(() => version);
    const slow = memo.get('k', () => new Promise<string>((r) => (release = () => r('old'))));
    version++;
    release();
    expect(await slow).toBe('old');
    expect(await memo.get('k', async () => 'new')).toBe('new');
  });

  it('forgets a failed load', async () => {
    const memo = new WholeCatalogueMemo(() => 1);
    await expect(memo.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await memo.get('k', async () => 'ok')).toBe('ok');
  });
});
