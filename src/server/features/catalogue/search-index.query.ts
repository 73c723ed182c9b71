import { sql } from 'drizzle-orm';
import { TypedFastBitSet } from 'typedfastbitset';
import type { SuggestResult } from '@shared/catalogue/search.schema';
import type { Db } from '../../infra/db';
import { toRef } from './categories.service';
import { facetsOf, PRICE_EDGES_CENTS, type Counted } from './facets.service';
import type { EffectiveSort } from './search.cursor';
import type { ResolvedFilters } from './search.filters';
import type { TextQuery } from './search.terms';
import type { SearchIndexData } from './search-index.data';
import {
  byteCompare,
  rankOperands,
  SIMILARITY_THRESHOLD,
  similarity,
  similarityOf,
  trigrams,
  tsRank,
  type Matches,
  type Operand,
} from './search-index.text';

/** A text query read against the index: the database's reading (`TextQuery`) plus the operand groups to AND. */
export interface IndexTextQuery extends TextQuery {
  groups: Operand[][];
}

const quote = (lexeme: string) => `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
const PLAIN = /^[a-z0-9\s]*$/;
const CACHE_LIMIT = 5_000;

/** Query-side helpers with their caches: one per index data (their answers depend on its vocabulary). */
export class QueryReader {
  private words = new Map<string, { word: string; pos: number }[]>();
  private similar = new Map<string, string[]>();
  private similarVersion = -1;

  constructor(
    private readonly db: Db,
    private readonly data: SearchIndexData,
  ) {}

  /**
   * The buyer's words as `to_tsvector('simple', q)` reads them: letters-and-digits-only queries are split here
   * (the parser's asciiword / numword / uint tokens), anything else is asked of PostgreSQL once and remembered.
   */
  private async wordsOf(q: string): Promise<{ word: string; pos: number }[]> {
    const lower = q.toLowerCase();
    if (PLAIN.test(lower)) {
      const seen = new Map<string, number>();
      lower
        .split(/\s+/)
        .filter(Boolean)
        .forEach((w, i) => seen.set(w, i + 1));
      return [...seen].map(([word, pos]) => ({ word, pos }));
    }
    const known = this.words.get(q);
    if (known) return known;
    const { rows } = await this.db.execute<{ word: string; pos: number }>(sql`
      select w.lexeme as word, (select max(p) from unnest(w.positions) p)::int as pos
      from unnest(to_tsvector('simple', ${q})) w`);
    if (this.words.size >= CACHE_LIMIT) this.words.clear();
    this.words.set(q, rows);
    return rows;
  }

  /** Up to three vocabulary words with pg_trgm similarity ≥ 0.3, most similar first, ties in byte order. */
  similarTo(word: string): string[] {
    const data = this.data;
    if (this.similarVersion !== data.vocabularyVersion) {
      this.similar.clear();
      this.similarVersion = data.vocabularyVersion;
    }
    const cached = this.similar.get(word);
    if (cached) return cached;
    const mine = trigrams(word);
    const common = new Map<number, number>();
    for (const g of mine) {
      for (const id of data.trigramIndex.get(g) ?? []) common.set(id, (common.get(id) ?? 0) + 1);
    }
    const found: { text: string; sim: number }[] = [];
    for (const [id, n] of common) {
      const sim = similarityOf(n, mine.size, data.trigramCount[id]!);
      if (sim >= SIMILARITY_THRESHOLD) found.push({ text: data.wordById[id]!.text, sim });
    }
    found.sort((a, b) => b.sim - a.sim || byteCompare(a.text, b.text));
    const out = found.slice(0, 3).map((f) => f.text);
    if (this.similar.size >= CACHE_LIMIT) this.similar.clear();
    this.similar.set(word, out);
    return out;
  }

  private prefixed(word: string): boolean {
    for (const w of this.data.withPrefix(word)) if (w.term) return true;
    return false;
  }

  /** What `parseTextQuery` does in SQL, from the index's vocabulary. */
  async parse(q: string): Promise<IndexTextQuery> {
    const sku = q.trim().toLowerCase();
    const words = [...(await this.wordsOf(q))].sort((a, b) => a.pos - b.pos);
    const corrections: TextQuery['corrections'] = [];
    const parts: string[] = [];
    const groups: Operand[][] = [];
    let matchable = words.length > 0;
    words.forEach(({ word }, i) => {
      const last = i === words.length - 1;
      if (last && this.prefixed(word)) {
        parts.push(`${quote(word)}:*`);
        groups.push([{ text: word, prefix: true }]);
      } else if (this.data.words.get(word)?.term) {
        parts.push(quote(word));
        groups.push([{ text: word, prefix: false }]);
      } else {
        const similar = this.similarTo(word);
        corrections.push({ term: word, suggestions: similar });
        if (similar.length) {
          parts.push(`(${similar.map(quote).join(' | ')})`);
          groups.push(similar.map((text) => ({ text, prefix: false })));
        } else matchable = false;
      }
    });
    return {
      tsquery: matchable ? parts.join(' & ') : null,
      sku,
      corrections,
      groups: matchable ? groups : [],
    };
  }
}

// ------------------------------------------------------------------------------------------------------ matching

function operandDocs(data: SearchIndexData, o: Operand, into: TypedFastBitSet) {
  if (!o.prefix) {
    const w = data.words.get(o.text);
    if (w) data.docsOf(w, into);
    return;
  }
  for (const w of data.withPrefix(o.text)) data.docsOf(w, into);
}

/** Live documents whose SKU (lower-cased) starts with `sku`: a range of the SKU order. */
function skuPrefixDocs(data: SearchIndexData, sku: string, into: TypedFastBitSet) {
  if (!sku) {
    into.union(data.live);
    return;
  }
  for (const doc of data.skuRange(sku)) into.add(doc);
}

/** The documents the text matches: every group (any operand of it) or a SKU prefix. */
function textDocs(data: SearchIndexData, text: IndexTextQuery): TypedFastBitSet {
  let acc: TypedFastBitSet | null = null;
  for (const group of text.groups) {
    const docs = new TypedFastBitSet();
    for (const o of group) operandDocs(data, o, docs);
    acc = acc ? acc.intersection(docs) : docs;
    if (acc.isEmpty()) break;
  }
  const out = acc ?? new TypedFastBitSet();
  skuPrefixDocs(data, text.sku, out);
  return out.intersection(data.live);
}

/** Per document, a check of every filter but the text. */
function filterOf(data: SearchIndexData, f: ResolvedFilters): (doc: number) => boolean {
  const checks: ((doc: number) => boolean)[] = [];
  if (f.categoryIds) {
    const allowed = new Set(
      f.categoryIds.map((id) => data.categoryNo.get(id)).filter((n) => n !== undefined),
    );
    checks.push((doc) => allowed.has(data.category[doc]!));
  }
  if (f.brands) {
    const allowed = new Set(f.brands.map((b) => data.brandNo.get(b)).filter((n) => n !== undefined));
    checks.push((doc) => allowed.has(data.brand[doc]!));
  }
  if (f.inStock !== null) {
    const want = f.inStock;
    checks.push((doc) => data.quantity[doc]! >= data.minOrder[doc]! === want);
  }
  const min = f.priceCents?.min;
  const max = f.priceCents?.max;
  if (min != null) checks.push((doc) => data.priceCents[doc]! >= min);
  if (max != null) checks.push((doc) => data.priceCents[doc]! <= max);
  for (const s of f.specs) {
    const column = data.specs.get(s.attributeId);
    if (!column) return () => false;
    checks.push((doc) => {
      const v = column[doc]!;
      return !Number.isNaN(v) && (s.min === null || v >= s.min) && (s.max === null || v <= s.max);
    });
  }
  return (doc) => {
    for (const check of checks) if (!check(doc)) return false;
    return true;
  };
}

/** The matching documents, in document order. */
export function matchDocs(
  data: SearchIndexData,
  f: ResolvedFilters & { text: IndexTextQuery | null },
): number[] {
  const pass = filterOf(data, f);
  const out: number[] = [];
  const candidates = f.text ? textDocs(data, f.text) : data.live;
  candidates.forEach((doc) => {
    if (pass(doc)) out.push(doc);
  });
  return out;
}

// ------------------------------------------------------------------------------------------------------- ranking

/** The entries of a document's vector that an operand matches: their position lists, in vector order. */
function entriesFor(data: SearchIndexData, vec: Uint32Array, o: Operand): number[][] | null {
  const n = vec[0]!;
  const textAt = (i: number) => data.wordById[vec[1 + i]!]!.text;
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (byteCompare(textAt(mid), o.text) < 0) lo = mid + 1;
    else hi = mid;
  }
  const out: number[][] = [];
  for (let i = lo; i < n; i++) {
    const t = textAt(i);
    if (o.prefix ? !t.startsWith(o.text) : t !== o.text) break;
    out.push(Array.from(vec.subarray(vec[1 + n + i]!, vec[2 + n + i]!)));
  }
  return out.length ? out : null;
}

/**
 * The relevance key PostgreSQL sorts by: 2 for an exact SKU, 1 for a SKU prefix, plus ts_rank (a float4), summed
 * as float8 (PostgreSQL resolves integer + real to float8 + float8).
 */
export function rankKey(
  data: SearchIndexData,
  text: IndexTextQuery,
  doc: number,
  operands: Operand[],
): number {
  const lsku = data.lsku[doc]!;
  const tier = lsku === text.sku ? 2 : lsku.startsWith(text.sku) ? 1 : 0;
  if (!text.tsquery) return tier;
  const vec = data.vectors[doc]!;
  const matches: Matches = operands.map((o) => entriesFor(data, vec, o));
  return tier + tsRank(text.groups.length >= 2, matches, vec[0] === 0);
}

// --------------------------------------------------------------------------------------------------------- pages

export interface IndexPageRequest {
  sort: EffectiveSort;
  cursor: { value: string; id: string } | null;
  limit: number;
  offset: number;
}

export interface IndexPage {
  docs: { doc: number; sortKey: string }[];
}

/** Sort key of a document as the cursor carries it (the same text PostgreSQL gives). */
function keyText(data: SearchIndexData, sort: EffectiveSort, doc: number, rank: number): string {
  switch (sort) {
    case 'relevance':
      return String(rank);
    case 'price_asc':
    case 'price_desc':
      return String(data.priceCents[doc]);
    case 'newest':
      return String(data.micros[doc]);
    case 'name':
      return data.lname[doc]!;
  }
}

/**
 * One page of matches in the requested order, after the cursor when there is one. Large match sets walk a kept
 * global order instead of sorting; relevance ranks every match. Null: this cursor cannot be placed here.
 */
export function pageOf(
  data: SearchIndexData,
  text: IndexTextQuery | null,
  matches: number[],
  req: IndexPageRequest,
): IndexPage | null {
  const { sort, cursor, limit, offset } = req;
  const ids = data.ids;
  if (sort === 'relevance') {
    const operands = rankOperands(text!.groups.flat());
    const ranked = matches.map((doc) => ({ doc, k: rankKey(data, text!, doc, operands) }));
    let list = ranked;
    if (cursor) {
      const v = Number(cursor.value);
      list = ranked.filter((r) => r.k < v || (r.k === v && ids[r.doc]! > cursor.id));
    }
    list.sort((a, b) => b.k - a.k || (ids[a.doc]! < ids[b.doc]! ? -1 : 1));
    return {
      docs: list
        .slice(offset, offset + limit)
        .map((r) => ({ doc: r.doc, sortKey: keyText(data, sort, r.doc, r.k) })),
    };
  }
  const after = afterOf(data, sort, cursor);
  if (after === null) return null;
  const take = offset + limit;
  let ordered: number[];
  if (matches.length > 2_000) {
    const member = new TypedFastBitSet(matches);
    const global = data.order(sort === 'price_desc' ? 'price_asc' : sort);
    ordered = [];
    const n = global.length;
    for (let i = 0; i < n && ordered.length < take; i++) {
      const doc = global[sort === 'price_desc' ? n - 1 - i : i]!;
      if (member.has(doc) && after(doc)) ordered.push(doc);
    }
  } else {
    ordered = matches.filter(after).sort(comparator(data, sort));
  }
  return {
    docs: ordered.slice(offset, take).map((doc) => ({ doc, sortKey: keyText(data, sort, doc, 0) })),
  };
}

function comparator(data: SearchIndexData, sort: Exclude<EffectiveSort, 'relevance'>) {
  const ids = data.ids;
  const byId = (a: number, b: number) => (ids[a]! < ids[b]! ? -1 : 1);
  switch (sort) {
    case 'price_asc':
      return (a: number, b: number) => data.priceCents[a]! - data.priceCents[b]! || byId(a, b);
    case 'price_desc':
      return (a: number, b: number) => data.priceCents[b]! - data.priceCents[a]! || byId(b, a);
    case 'newest':
      return (a: number, b: number) => data.micros[b]! - data.micros[a]! || byId(b, a);
    case 'name':
      return (a: number, b: number) =>
        data.lname[a]! < data.lname[b]! ? -1 : data.lname[a]! > data.lname[b]! ? 1 : byId(a, b);
  }
}

/** Documents strictly after the cursor in the sort order (every document without one). */
function afterOf(
  data: SearchIndexData,
  sort: Exclude<EffectiveSort, 'relevance'>,
  cursor: { value: string; id: string } | null,
): ((doc: number) => boolean) | null {
  if (!cursor) return () => true;
  const ids = data.ids;
  const { id } = cursor;
  switch (sort) {
    case 'price_asc': {
      const v = Number(cursor.value);
      return (doc) => data.priceCents[doc]! > v || (data.priceCents[doc] === v && ids[doc]! > id);
    }
    case 'price_desc': {
      const v = Number(cursor.value);
      return (doc) => data.priceCents[doc]! < v || (data.priceCents[doc] === v && ids[doc]! < id);
    }
    case 'newest': {
      const v = Number(cursor.value);
      if (!Number.isSafeInteger(v)) return null;
      return (doc) => data.micros[doc]! < v || (data.micros[doc] === v && ids[doc]! < id);
    }
    case 'name': {
      const v = cursor.value;
      return (doc) => data.lname[doc]! > v || (data.lname[doc] === v && ids[doc]! > id);
    }
  }
}

// -------------------------------------------------------------------------------------------------------- facets

/** Total and facets of the matches in one pass over their columns. */
export function countOf(data: SearchIndexData, matches: number[]): Omit<Counted, 'page'> {
  const ownCat = new Map<number, number>();
  const brand = new Map<number, number>();
  let inStock = 0;
  const buckets = new Map<number, number>();
  const specCols = [...data.specs].filter(([id]) =>
    data.attrs.some((a) => a.id === id && a.type === 'number'),
  );
  const spec = specCols.map(() => ({ n: 0, lo: Infinity, hi: -Infinity }));
  for (const doc of matches) {
    const c = data.category[doc]!;
    if (c >= 0) ownCat.set(c, (ownCat.get(c) ?? 0) + 1);
    const b = data.brand[doc]!;
    if (b >= 0) brand.set(b, (brand.get(b) ?? 0) + 1);
    if (data.quantity[doc]! >= data.minOrder[doc]!) inStock++;
    const price = data.priceCents[doc]!;
    let bucket = 0;
    while (bucket < PRICE_EDGES_CENTS.length && price >= PRICE_EDGES_CENTS[bucket]!) bucket++;
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + 1);
    for (let i = 0; i < specCols.length; i++) {
      const v = specCols[i]![1][doc]!;
      if (Number.isNaN(v)) continue;
      const s = spec[i]!;
      s.n++;
      if (v < s.lo) s.lo = v;
      if (v > s.hi) s.hi = v;
    }
  }
  return {
    total: matches.length,
    facets: facetsOf(data.cats, data.attrs, {
      ownCounts: new Map([...ownCat].map(([c, n]) => [data.categoryIds[c]!, n])),
      brands: [...brand].map(([b, n]) => ({ brand: data.brands[b]!, count: n })),
      stock: { inStock, outOfStock: matches.length - inStock },
      buckets,
      specs: new Map(
        specCols.flatMap(([id], i) => {
          const s = spec[i]!;
          return s.n ? [[id, { n: s.n, lo: s.lo, hi: s.hi }] as const] : [];
        }),
      ),
    }),
  };
}

// ------------------------------------------------------------------------------------------------------ suggest

const SUGGEST_LIMIT = 5;

/** GET /api/catalogue/suggest from the index: products by relevance, categories by name, SKUs by prefix. */
export async function suggestFrom(
  data: SearchIndexData,
  reader: QueryReader,
  q: string,
): Promise<SuggestResult> {
  const text = await reader.parse(q);
  const matches = matchDocs(data, {
    text,
    categoryIds: null,
    brands: null,
    inStock: null,
    priceCents: null,
    specs: [],
  });
  const page = pageOf(data, text, matches, {
    sort: 'relevance',
    cursor: null,
    limit: SUGGEST_LIMIT,
    offset: 0,
  })!;
  const lower = q.toLowerCase();
  const categories = data.cats
    .map((c, position) => ({ c, position, sim: similarity(c.name, q) }))
    .filter(({ c, sim }) => c.name.toLowerCase().includes(lower) || sim > SIMILARITY_THRESHOLD)
    .sort((a, b) => b.sim - a.sim || a.position - b.position)
    .slice(0, SUGGEST_LIMIT)
    .map(({ c }) => toRef(c));
  // SKUs are unique whatever their case: the SKU order has no ties to break.
  const skus = data.skuRange(text.sku);
  return {
    products: page.docs.map(({ doc }) => {
      const card = data.cards[doc]!;
      return { _id: card._id, name: card.name, sku: card.sku, img: card.img, price: card.price };
    }),
    categories,
    skus: skus.slice(0, SUGGEST_LIMIT).map((doc) => {
      const card = data.cards[doc]!;
      return { _id: card._id, sku: card.sku, name: card.name };
    }),
  };
}
