import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchQuerySchema, type SearchQuery, type SearchResult } from '@shared/catalogue/search.schema';
import { generateCatalogue } from '../../seed/generate-catalogue';
import { createTestApp, type TestApp } from '../../test/helper';
import { databaseEngine, indexEngine, type SearchEngine } from './search.engine';

// One suite for both engines behind the search interface (decision 071): every kind of query runs on the in-process
// index and on PostgreSQL over the same seeded catalogue, and the two answers must be equal, whole. Each kind also
// checks that its answer is not empty, so an engine that answers nothing cannot pass by agreeing with the other.
let t: TestApp;
let engines: [SearchEngine, SearchEngine];
let sku = '';
let word = '';
let category = '';
let brand = '';
let fits: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ SEARCH_INDEX: 'true' });
  const { db } = t.app.database;
  await generateCatalogue(db, { count: 400, seed: 71 });
  await t.app.readCache.changed('catalogue');
  await t.app.searchIndex!.ready();
  engines = [indexEngine(db, t.app.searchIndex!), databaseEngine(db)];
  const { rows } = await db.execute<{
    id: string;
    sku: string;
    name: string;
    brand: string;
    slug: string;
  }>(sql`
    select p.id, p.sku, p.name, p.brand, c.slug from products p join categories c on c.id = p.category_id
    where p.archived_at is null and p.brand is not null order by p.id`);
  const first = rows[0]!;
  [sku, brand, category] = [first.sku, first.brand, first.slug];
  word = first.name
    .split(/\s+/)
    .find((w) => /^[A-Za-z]{5,}$/.test(w))!
    .toLowerCase();
  fits = rows.filter((_, i) => i % 7 === 0).map((r) => r.id);
}, 120_000);
afterAll(() => t.close());

const parse = (raw: Record<string, unknown>): SearchQuery => searchQuerySchema.parse(raw);

/** Both engines' answers to one query: they must both answer, and answer the same. */
async function compared(raw: Record<string, unknown>, only: string[] | null = null): Promise<SearchResult> {
  const [index, postgres] = await Promise.all(engines.map((e) => e.search(parse(raw), only)));
  expect(index, `the index answers ${JSON.stringify(raw)}`).not.toBeNull();
  expect(index, JSON.stringify(raw)).toEqual(postgres);
  return postgres!;
}

describe('both search engines give the same answer', () => {
  it('to free text, a misspelt word (with its correction) and a part number, exact or begun', async () => {
    expect((await compared({ q: word })).total).toBeGreaterThan(0);
    const typo = word.slice(0, 2) + word[3] + word[2] + word.slice(4);
    expect((await compared({ q: typo })).total).toBeGreaterThan(0);
    expect((await compared({ q: sku })).items[0]!.sku).toBe(sku);
    expect((await compared({ q: sku.slice(0, 5).toLowerCase() })).total).toBeGreaterThan(0);
  });

  it('to each filter alone and together: category, brand, stock, price and a spec range', async () => {
    const filters = [
      { category },
      { brand },
      { inStock: 'true' },
      { price: '10..500' },
      { 'spec.pressure': '6..10' },
      { category, brand, inStock: 'false' },
      { q: word, price: '..2000' },
    ];
    let found = 0;
    for (const filter of filters) found += (await compared({ ...filter, facets: 'false' })).total;
    expect(found).toBeGreaterThan(0);
  });

  it('to facet counts of the whole catalogue and of a narrowed query', async () => {
    const whole = await compared({ facets: 'true' });
    expect(whole.facets?.brands.length).toBeGreaterThan(0);
    const narrowed = await compared({ q: word, category, facets: 'true' });
    expect(narrowed.facets).not.toBeNull();
  });

  it('to every sort order', async () => {
    for (const sort of ['relevance', 'price_asc', 'price_desc', 'newest', 'name'])
      expect(
        (await compared({ q: sort === 'relevance' ? word : undefined, sort })).items.length,
      ).toBeGreaterThan(0);
  });

  it('to page numbers and to the cursor followed page after page', async () => {
    expect((await compared({ page: '3', pageSize: '10' })).page).toBe(3);
    let raw: Record<string, unknown> = { sort: 'price_asc', pageSize: '24', facets: 'false' };
    let pages = 0;
    for (;;) {
      const answer = await compared(raw);
      pages++;
      if (!answer.nextCursor || pages === 5) break;
      raw = { ...raw, cursor: answer.nextCursor };
    }
    expect(pages).toBe(5);
  });

  it('to a search restricted to some products ("fits my equipment")', async () => {
    const answer = await compared({ facets: 'true', pageSize: '100' }, fits);
    expect(answer.total).toBe(fits.length);
    expect((await compared({ q: word }, fits)).items.every((p) => fits.includes(p._id))).toBe(true);
  });

  it('to suggestions for words, a part number being typed and a misspelling', async () => {
    for (const q of [word, word.slice(0, 3), sku.slice(0, 4), sku.toLowerCase(), `${word}x`]) {
      const [index, postgres] = await Promise.all(engines.map((e) => e.suggest(q)));
      expect(index, `the index suggests for ${q}`).not.toBeNull();
      expect(index, q).toEqual(postgres);
    }
    expect((await engines[1].suggest(sku.slice(0, 4)))!.skus.length).toBeGreaterThan(0);
  });
});
