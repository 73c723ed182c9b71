import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { searchQuerySchema, type SearchQuery, type SearchResult } from '@shared/catalogue/search.schema';
import { generateCatalogue } from '../../seed/generate-catalogue';
import { createTestApp, type TestApp } from '../../test/helper';
import { makeCatalogueProduct } from '../../test/catalogue';
import { searchDatabase, searchIndexed } from './search.service';
import { suggestDatabase } from './suggest.service';
import { countOf } from './search-index.count';
import { matchDocs } from './search-index.match';
import { plainWords } from './search-index.words';
import { QueryReader } from './search-index.query';
import { suggestFrom } from './search-index.suggest';
import { resolveFilters } from './search.filters';
import { PACKED_MAX } from './search-index.data';
import type { SearchIndex } from './search-index.plugin';

// The index answers what PostgreSQL answers (decision 033): a generated catalogue, a few hundred mixed queries
// through both paths, compared whole: items in order, totals, facets, corrections and the next cursor.
let t: TestApp;
let index: SearchIndex;
const rand = (() => {
  let s = 20261126;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
})();
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

let words: string[] = [];
let skus: string[] = [];
let slugs: string[] = [];
let brands: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ SEARCH_INDEX: 'true' });
  const { db } = t.app.database;
  await generateCatalogue(db, { count: 1200, seed: 7 });
  await t.app.readCache.changed('catalogue');
  index = t.app.searchIndex!;
  await index.ready();
  const names = await db.execute<{ name: string; sku: string; brand: string | null }>(
    sql`select name, sku, brand from products where archived_at is null order by id`,
  );
  words = [...new Set(names.rows.flatMap((r) => r.name.toLowerCase().split(/\s+/)))].filter((w) =>
    /^[a-z]{4,}$/.test(w),
  );
  skus = names.rows.map((r) => r.sku);
  brands = [...new Set(names.rows.flatMap((r) => (r.brand ? [r.brand] : [])))];
  slugs = (await db.execute<{ slug: string }>(sql`select slug from categories`)).rows.map((r) => r.slug);
}, 120_000);
afterAll(() => t.close());

const typo = (w: string) => {
  const i = 1 + Math.floor(rand() * (w.length - 2));
  return rand() < 0.5 ? w.slice(0, i) + w.slice(i + 1) : w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
};

function randomText(): string {
  switch (Math.floor(rand() * 8)) {
    case 0:
      return pick(words);
    case 1:
      return `${pick(words)} ${pick(words)}`;
    case 2:
      return typo(pick(words));
    case 3:
      return `${pick(words)} ${pick(words).slice(0, 3)}`;
    case 4:
      return pick(skus).toLowerCase();
    case 5:
      return pick(skus).slice(0, 5);
    case 6:
      return `${pick(['8 bar', '10 bar', '1050 l/min', 'th-', 'kw'])}`;
    default:
      return pick(words).slice(0, 2 + Math.floor(rand() * 4));
  }
}

function randomQuery(): Record<string, string | string[]> {
  const q: Record<string, string | string[]> = {};
  if (rand() < 0.75) q.q = randomText();
  if (rand() < 0.3) q.category = pick(slugs);
  if (rand() < 0.25) q.brand = rand() < 0.5 ? pick(brands) : [pick(brands), pick(brands)];
  if (rand() < 0.3) q.inStock = pick(['true', 'false']);
  if (rand() < 0.3) {
    const lo = Math.floor(rand() * 2000);
    q.price = pick([`${lo}..${lo + Math.floor(rand() * 5000)}`, `${lo}..`, `..${lo + 100}`]);
  }
  if (rand() < 0.2) q['spec.pressure'] = pick(['6..10', '8..', '..7']);
  if (rand() < 0.6) q.sort = pick(['relevance', 'price_asc', 'price_desc', 'newest', 'name']);
  q.pageSize = pick(['5', '10', '24']);
  if (rand() < 0.2) q.page = pick(['2', '3']);
  if (rand() < 0.3) q.facets = 'false';
  return q;
}

const parse = (raw: Record<string, unknown>): SearchQuery => searchQuerySchema.parse(raw);

async function both(query: SearchQuery): Promise<[SearchResult, SearchResult]> {
  const { db } = t.app.database;
  const fromIndex = await searchIndexed(db, query, index);
  expect(fromIndex, 'the index answers').not.toBeNull();
  return [fromIndex!, await searchDatabase(db, query)];
}

describe('the in-process index answers as PostgreSQL does', () => {
  it('for 300 mixed queries: items in order, totals, facets, corrections and cursors; and the next page', async () => {
    let compared = 0;
    let nonEmpty = 0;
    for (let i = 0; i < 300; i++) {
      const raw = randomQuery();
      const [mine, theirs] = await both(parse(raw));
      expect(mine, JSON.stringify(raw)).toEqual(theirs);
      compared++;
      if (theirs.total > 0) nonEmpty++;
      if (theirs.nextCursor && rand() < 0.5) {
        const next = parse({ ...raw, page: undefined, facets: 'false', cursor: theirs.nextCursor });
        const [a, b] = await both(next);
        expect(a, `next page of ${JSON.stringify(raw)}`).toEqual(b);
        compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(300);
    expect(nonEmpty).toBeGreaterThan(100);
  }, 120_000);

  it('for navbar suggestions: products, categories and SKUs', async () => {
    const source = (await index.current())!;
    for (let i = 0; i < 60; i++) {
      const q = i % 3 === 0 ? pick(skus).slice(0, 3 + (i % 5)) : randomText();
      expect(await suggestFrom(source.data, source.reader, q), q).toEqual(
        await suggestDatabase(t.app.database.db, q),
      );
    }
  }, 60_000);

  it('suggestions read a part number being typed as a SKU prefix, not as a misspelling; other words are corrected', async () => {
    const { db } = t.app.database;
    await makeCatalogueProduct(t.app, { sku: 'QZ-7000LB', name: 'Part being typed' });
    const source = (await index.current())!;
    const similar = vi.spyOn(source.reader, 'similarTo');
    // `qz-7000l` begins a SKU: its unknown compound word is not weighed against the vocabulary's trigrams.
    const typed = await suggestFrom(source.data, source.reader, 'qz-7000l');
    expect(similar).not.toHaveBeenCalled();
    expect(typed.products.map((p) => p.sku)).toEqual(['QZ-7000LB']);
    expect(typed.skus.map((p) => p.sku)).toEqual(['QZ-7000LB']);
    expect(typed).toEqual(await suggestDatabase(db, 'qz-7000l'));
    // One letter more begins no SKU: the same word is corrected, on both paths.
    const misspelt = await suggestFrom(source.data, source.reader, 'qz-7000lbx');
    expect(similar).toHaveBeenCalled();
    expect(misspelt.products.map((p) => p.sku)).toEqual(['QZ-7000LB']);
    expect(misspelt).toEqual(await suggestDatabase(db, 'qz-7000lbx'));
    similar.mockRestore();
  });
});

describe('the index’s own shortcuts give what the plain way gives', () => {
  it('a text ranked in slices (many at once, queued) is ranked as it is in one go', async () => {
    const { data } = (await index.current())!;
    const { db } = t.app.database;
    // Slices of 7 documents: every text with more matches takes the sliced, queued path.
    const sliced = new QueryReader(db, data, 7);
    const whole = new QueryReader(db, data);
    const texts = [...new Set(Array.from({ length: 80 }, () => randomText()))];
    const parsed = await Promise.all(texts.map((q) => sliced.parse(q, { correct: false })));
    const matchable = parsed.filter((text) => text.tsquery);
    // All at once, twice each: concurrent callers of one text share its ranking.
    await Promise.all([...matchable, ...matchable].map((text) => sliced.prepare(text)));
    let many = 0;
    for (const text of matchable) {
      const expected = whole.textMatches(text);
      if (expected.docs.length > 7) many++;
      expect(sliced.textMatches(text), text.tsquery!).toEqual(expected);
    }
    expect(many).toBeGreaterThan(10);
  });

  it('facets counted from the packed numbers match those counted from the columns', async () => {
    const { data, reader } = (await index.current())!;
    const { db } = t.app.database;
    const brandCount = data.brands.length;
    for (let i = 0; i < 40; i++) {
      const query = parse(randomQuery());
      const filters = await resolveFilters(db, query, data.cats, data.attrs, (q) => reader.parse(q));
      const { docs } = matchDocs(data, reader, filters);
      const packed = countOf(data, docs);
      // More brands than the packed number holds: counting reads the columns instead.
      data.brands.push(...Array.from({ length: PACKED_MAX + 1 - brandCount }, (_, b) => `unused brand ${b}`));
      try {
        expect(countOf(data, docs)).toEqual(packed);
      } finally {
        data.brands.length = brandCount;
      }
    }
  });
  it('spec ranges found by value order match those read from the columns, before and after specs change', async () => {
    const { db } = t.app.database;
    const compare = async (queries: SearchQuery[]) => {
      const { data, reader } = (await index.current())!;
      let withSpecs = 0;
      for (const query of queries) {
        const filters = await resolveFilters(db, query, data.cats, data.attrs, (q) => reader.parse(q));
        const { docs } = matchDocs(data, reader, filters);
        const counted = countOf(data, docs);
        if (counted.facets!.specs.length) withSpecs++;
        expect(counted, JSON.stringify(query)).toEqual(countOf(data, docs, false));
      }
      expect(withSpecs).toBeGreaterThan(queries.length / 4);
    };
    const queries = Array.from({ length: 60 }, () => parse({ ...randomQuery(), facets: 'true' }));
    await compare(queries);
    // In a category whose products all hold a spec, one product loses it (the category is no longer whole) and
    // another takes the catalogue's highest value and moves to another such category: the shortcuts' orders and
    // counts follow, and PostgreSQL agrees.
    const { rows } = await db.execute<{
      attr: number;
      cat: string;
      slug: string;
      other: string;
      otherSlug: string;
    }>(sql`
      with whole as (
        select s.attribute_id as attr, p.category_id as cat from product_specs s join products p on p.id = s.product_id
        where s.value is not null and p.archived_at is null group by 1, 2
        having count(*) > 2 and count(*) = (select count(*) from products q
          where q.category_id = p.category_id and q.archived_at is null))
      select w1.attr, w1.cat, c1.slug, w2.cat as other, c2.slug as "otherSlug"
      from whole w1 join whole w2 on w2.attr = w1.attr and w2.cat <> w1.cat
      join categories c1 on c1.id = w1.cat join categories c2 on c2.id = w2.cat limit 1`);
    const { attr, cat, slug, other, otherSlug } = rows[0]!;
    const holders = await db.execute<{ id: string }>(sql`select p.id::text as id from products p
      join product_specs s on s.product_id = p.id and s.attribute_id = ${attr}
      where p.category_id = ${cat}::uuid and p.archived_at is null order by p.id limit 2`);
    const [a, b] = holders.rows.map((r) => r.id);
    await db.execute(sql`delete from product_specs where product_id = ${a}::uuid and attribute_id = ${attr}`);
    await db.execute(
      sql`update product_specs set value = 999999 where product_id = ${b}::uuid and attribute_id = ${attr}`,
    );
    await db.execute(sql`update products set category_id = ${other}::uuid where id = ${b}::uuid`);
    index.changed();
    await index.ready();
    const inCategory = parse({ category: slug, facets: 'true' });
    const inOther = parse({ category: otherSlug, facets: 'true' });
    for (const query of [inCategory, inOther]) {
      const [mine, theirs] = await both(query);
      expect(mine.facets).toEqual(theirs.facets);
    }
    expect((await both(inOther))[0].facets!.specs.map((s) => s.max)).toContain(999999);
    await compare([inCategory, inOther, ...queries]);
  });
});

describe('query words read without PostgreSQL', () => {
  it('are the lexemes and last positions of to_tsvector(simple) for plain and hyphenated words', async () => {
    const queries = [
      'ht-i0000d',
      'ht-',
      'we-000',
      'we-000l',
      'ab-0x',
      'md-001 rot',
      'a-b-c rot',
      'x1-y2 x1',
      '123abc 12',
      'ab1 ab1 ab2',
      'th-ab12 compressor 8',
    ];
    for (const q of queries) {
      const { rows } = await t.app.database.db.execute<{ word: string; pos: number }>(sql`
        select w.lexeme as word, (select max(p) from unnest(w.positions) p)::int as pos
        from unnest(to_tsvector('simple', ${q})) w`);
      const byWord = (a: { word: string }, b: { word: string }) => (a.word < b.word ? -1 : 1);
      expect(plainWords(q)?.sort(byWord), q).toEqual([...rows].sort(byWord));
    }
    expect(plainWords('ab-12-cd')).toBeNull();
    expect(plainWords('8.5 bar')).toBeNull();
  });
});
