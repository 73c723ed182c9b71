import { sql } from 'drizzle-orm';
import { TypedFastBitSet } from 'typedfastbitset';
import type { SuggestResult } from '@shared/catalogue/search.schema';
import type { Db } from '../../infra/db';
import { toRef, type Category } from '../catalogue/index';
import { facetsOf, isFilter, PRICE_EDGES_CENTS, type Counted } from './facets.service';
import type { EffectiveSort } from './search.cursor';
import type { ResolvedFilters } from './search.filters';
import type { TextQuery } from './search.terms';
import { PACKED_MAX, type SearchIndexData } from './search-index.data';
import {
  byteCompare,
  rankOperands,
  SIMILARITY_THRESHOLD,
  similarityOf,
  trigramSimilarity,
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
const WORD = /^[a-z][a-z0-9]*$|^[0-9][a-z0-9]*$/;
/** Hyphenated words whose parts after the first all hold a letter (`ht-i0000d`, `we-000l`), or a trailing hyphen. */
const COMPOUND = /^[a-z][a-z0-9]*(-[a-z0-9]*[a-z][a-z0-9]*)*-?$/;
/** A word, a hyphen and digits (`we-000`): the parser reads the word, then a signed integer (`-000`). */
const WORD_NUMBER = /^([a-z][a-z0-9]*)(-[0-9]+)$/;

/**
 * What `to_tsvector('simple', …)` gives for queries of plain tokens, each lexeme with its last position: a word;
 * a hyphenated word (`x1-y2` at n, then `x1` at n + 1 and `y2` at n + 2; a trailing hyphen is dropped); a word and
 * a signed number (`we-000`: `we`, `-000`). Null for anything else, which PostgreSQL's parser reads.
 */
export function plainWords(lower: string): { word: string; pos: number }[] | null {
  const seen = new Map<string, number>();
  let pos = 0;
  for (const token of lower.split(/\s+/)) {
    if (!token) continue;
    const number = WORD_NUMBER.exec(token);
    if (WORD.test(token)) seen.set(token, ++pos);
    else if (number) {
      seen.set(number[1]!, ++pos);
      seen.set(number[2]!, ++pos);
    } else if (COMPOUND.test(token)) {
      const parts = token.replace(/-$/, '').split('-');
      if (parts.length > 1) seen.set(parts.join('-'), ++pos);
      for (const part of parts) seen.set(part, ++pos);
    } else return null;
  }
  return [...seen].map(([word, p]) => ({ word, pos: p }));
}
const CACHE_LIMIT = 5_000;
/** Ranked text matches remembered, in documents (16 bytes each): about 24 MB. */
const RANKED_CACHE_DOCS = 1_500_000;

/** Documents ranked between two yields (`QueryReader.prepare`): a few milliseconds of work. */
const RANK_SLICE = 4_096;
/** Up to this many distinct keys, relevance order is made by bucketing the matches instead of sorting them. */
const BUCKETS = 256;

/**
 * A text's matches in relevance order: key descending, then id ascending (as PostgreSQL's `order by rank desc,
 * p.id`). The matches are taken in id order first; ranks take few distinct values (a handful of tiers and word
 * weights), so a pass per bucket of equal keys keeps that order; many distinct keys get a stable sort instead.
 */
export function rankedOf(
  data: SearchIndexData,
  found: TypedFastBitSet,
  docs: number[],
  keys: Float64Array,
): Ranked {
  const n = docs.length;
  const byDoc = Uint32Array.from(docs);
  const { ranks, docs: allInIdOrder } = data.idOrder();
  // The distinct keys, highest first (typed-array sorts compare numbers natively).
  const ascending = Float64Array.from(keys).sort();
  const distinct: number[] = [];
  for (let i = n - 1; i >= 0 && distinct.length <= BUCKETS; i--)
    if (i === n - 1 || ascending[i] !== ascending[i + 1]) distinct.push(ascending[i]!);
  const ordered = new Uint32Array(n);
  const orderedKeys = new Float64Array(n);
  const bucketOfKey = (k: number) => {
    let lo = 0;
    let hi = distinct.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (distinct[mid]! > k) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  if (distinct.length <= BUCKETS && n * 16 <= allInIdOrder.length) {
    // Few matches (a part number being typed, a rare word): their places in id order are sorted, and each carries its
    // bucket — nothing the size of the catalogue is allocated for a text that matches a handful of products.
    const bucketAt = new Uint16Array(n);
    const starts = new Uint32Array(distinct.length + 1);
    for (let i = 0; i < n; i++) {
      bucketAt[i] = bucketOfKey(keys[i]!);
      starts[bucketAt[i]! + 1]!++;
    }
    for (let b = 0; b < distinct.length; b++) starts[b + 1]! += starts[b]!;
    const inIdOrder = new Uint32Array(n);
    for (let i = 0; i < n; i++) inIdOrder[i] = i;
    inIdOrder.sort((a, b) => ranks[docs[a]!]! - ranks[docs[b]!]!);
    for (let j = 0; j < n; j++) {
      const i = inIdOrder[j]!;
      const b = bucketAt[i]!;
      const at = starts[b]!++;
      ordered[at] = docs[i]!;
      orderedKeys[at] = distinct[b]!;
    }
  } else if (distinct.length <= BUCKETS) {
    // Many matches: read off the whole id order.
    const bucketOf = new Uint16Array(data.ids.length);
    const starts = new Uint32Array(distinct.length + 1);
    for (let i = 0; i < n; i++) {
      const lo = bucketOfKey(keys[i]!);
      bucketOf[docs[i]!] = lo;
      starts[lo + 1]!++;
    }
    for (let b = 0; b < distinct.length; b++) starts[b + 1]! += starts[b]!;
    for (let i = 0; i < allInIdOrder.length; i++) {
      const doc = allInIdOrder[i]!;
      if (!found.has(doc)) continue;
      const b = bucketOf[doc]!;
      const at = starts[b]!++;
      ordered[at] = doc;
      orderedKeys[at] = distinct[b]!;
    }
  } else {
    // The matches in id order: read off the whole id order when they are many, sorted by their places when few.
    const inIdOrder =
      n * 16 > allInIdOrder.length
        ? allInIdOrder
        : Uint32Array.from(docs).sort((a, b) => ranks[a]! - ranks[b]!);
    const keyOf = new Float64Array(data.ids.length);
    for (let i = 0; i < n; i++) keyOf[docs[i]!] = keys[i]!;
    const list: number[] = [];
    for (let i = 0; i < inIdOrder.length; i++) if (found.has(inIdOrder[i]!)) list.push(inIdOrder[i]!);
    // Stable: equal keys stay in id order.
    list.sort((a, b) => keyOf[b]! - keyOf[a]!);
    for (let i = 0; i < n; i++) {
      ordered[i] = list[i]!;
      orderedKeys[i] = keyOf[list[i]!]!;
    }
  }
  return { docs: ordered, keys: orderedKeys, byDoc };
}

/** A text's matches: in relevance order (key descending, id ascending) with their keys, and in document order. */
export interface Ranked {
  docs: Uint32Array;
  keys: Float64Array;
  byDoc: Uint32Array;
}

/**
 * The matches of a query in document order (filters and facets read the columns in that order: far fewer cache
 * misses than in relevance order); for a text query also its ranked matches and which of them passed the filters.
 */
export interface Matched {
  docs: Uint32Array;
  /** `passed`: a bit per document number; null when no filter is set (every match passed). */
  ranked: { all: Ranked; passed: Uint32Array | null } | null;
}

/** Query-side helpers with their caches: one per index data (their answers depend on its vocabulary). */
export class QueryReader {
  private words = new Map<string, { word: string; pos: number }[]>();
  private similar = new Map<string, string[]>();
  private similarVersion = -1;
  private scratch = new Uint16Array(0);
  private ranked = new Map<string, Ranked>();
  private rankedSize = 0;
  private rankedVersion = -1;
  private pending = new Map<string, Promise<void>>();
  /** The last ranking queued (`prepare`): the next one starts after it. */
  private ranking: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly data: SearchIndexData,
    /** Documents ranked between two yields by `prepare` (tests make it small to rank a small catalogue in slices). */
    private readonly rankSlice = RANK_SLICE,
  ) {}

  /**
   * The buyer's words as `to_tsvector('simple', q)` reads them: letters-and-digits-only queries are split here
   * (the parser's asciiword / numword / uint tokens), anything else is asked of PostgreSQL once and remembered.
   */
  private async wordsOf(q: string): Promise<{ word: string; pos: number }[]> {
    const plain = plainWords(q.toLowerCase());
    if (plain) return plain;
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
    // Shared trigrams per vocabulary word, counted in a scratch array. A word needs at least `least` shared
    // trigrams to reach the threshold (similarity ≤ shared / mine.size), so it is in one of the shortest
    // `mine.size - least + 1` lists: those propose candidates, the longer ones (common trigrams, listing much of the
    // vocabulary) are only probed for them (lists are in word id order).
    if (this.scratch.length < data.wordById.length) this.scratch = new Uint16Array(data.wordById.length * 2);
    const counts = this.scratch;
    const lists = [...mine].map((g) => data.trigramIndex.get(g) ?? []).sort((a, b) => a.length - b.length);
    let least = 1;
    while (least < mine.size && similarityOf(least, mine.size, least) < SIMILARITY_THRESHOLD) least++;
    const proposing = Math.max(1, mine.size - least + 1);
    const touched: number[] = [];
    lists.forEach((list, i) => {
      if (i < proposing) {
        for (const id of list) {
          if (counts[id] === 0) touched.push(id);
          counts[id]!++;
        }
      } else for (const id of touched) if (sortedHas(list, id)) counts[id]!++;
    });
    const found: { text: string; sim: number }[] = [];
    for (const id of touched) {
      const sim = similarityOf(counts[id]!, mine.size, data.trigramCount[id]!);
      counts[id] = 0;
      if (sim >= SIMILARITY_THRESHOLD) found.push({ text: data.wordById[id]!.text, sim });
    }
    found.sort((a, b) => b.sim - a.sim || byteCompare(a.text, b.text));
    const out = found.slice(0, 3).map((f) => f.text);
    if (this.similar.size >= CACHE_LIMIT) this.similar.clear();
    this.similar.set(word, out);
    return out;
  }

  /**
   * The documents a text matches (before any other filter), in relevance order with their keys. Remembered per
   * text until the index changes: typing, paging and clicking filters repeat the text with other filters.
   */
  textMatches(text: IndexTextQuery): Ranked {
    const key = this.current(text);
    const known = this.ranked.get(key);
    if (known) {
      this.ranked.delete(key);
      this.ranked.set(key, known);
      return known;
    }
    const found = textDocs(this.data, text);
    const docs = found.array();
    const rank = ranker(this.data, text);
    return this.remember(key, rankedOf(this.data, found, docs, Float64Array.from(docs, rank)));
  }

  /**
   * Computes a text's ranked matches ahead of `textMatches`, a slice of documents at a time with a yield between
   * slices, when it matches many: a short prefix (`we`) can match most of the catalogue, and ranking all of it at
   * once would hold every other request for a tenth of a second. Concurrent callers share one computation, and one
   * ranking runs at a time: a burst of such texts (every two-letter SKU family typed at once) then costs the other
   * requests one slice per turn of the event loop, not one slice per text. If the index changes meanwhile the work
   * is dropped, and `textMatches` computes it at once.
   */
  async prepare(text: IndexTextQuery): Promise<void> {
    const key = this.current(text);
    if (this.ranked.has(key)) return;
    let running = this.pending.get(key);
    if (!running) {
      const data = this.data;
      const found = textDocs(data, text);
      const docs = found.array();
      const rank = ranker(data, text);
      // Few matches: ranked at once, as `textMatches` would.
      if (docs.length <= this.rankSlice) {
        this.remember(key, rankedOf(data, found, docs, Float64Array.from(docs, rank)));
        return;
      }
      const version = data.changes;
      running = this.ranking
        .then(async () => {
          const keys = new Float64Array(docs.length);
          for (let from = 0; from < docs.length; from += this.rankSlice) {
            await new Promise((resolve) => setImmediate(resolve));
            if (data.changes !== version) return;
            const to = Math.min(docs.length, from + this.rankSlice);
            for (let i = from; i < to; i++) keys[i] = rank(docs[i]!);
          }
          this.current(text);
          this.remember(key, rankedOf(data, found, docs, keys));
        })
        .finally(() => this.pending.delete(key));
      this.ranking = running.catch(() => {});
      this.pending.set(key, running);
    }
    await running;
  }

  /** The cache key of a text, after forgetting what an earlier version of the index ranked. */
  private current(text: IndexTextQuery): string {
    if (this.rankedVersion !== this.data.changes) {
      this.ranked.clear();
      this.rankedSize = 0;
      this.rankedVersion = this.data.changes;
    }
    return `${text.tsquery}\u0000${text.sku}`;
  }

  private remember(key: string, entry: Ranked): Ranked {
    this.ranked.set(key, entry);
    this.rankedSize += entry.docs.length;
    for (const [k, v] of this.ranked) {
      if (this.rankedSize <= RANKED_CACHE_DOCS) break;
      this.ranked.delete(k);
      this.rankedSize -= v.docs.length;
    }
    return entry;
  }

  private prefixed(word: string): boolean {
    for (const w of this.data.withPrefix(word)) if (w.term) return true;
    return false;
  }

  /** What `parseTextQuery` does in SQL, from the index's vocabulary (`correct` as there). */
  async parse(q: string, { correct = true }: { correct?: boolean } = {}): Promise<IndexTextQuery> {
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
      } else if (!correct) {
        matchable = false;
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

function sortedHas(list: number[], id: number): boolean {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < id) lo = mid + 1;
    else hi = mid;
  }
  return list[lo] === id;
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
export function textDocs(data: SearchIndexData, text: IndexTextQuery): TypedFastBitSet {
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

/** Marks of the allowed numbers (a category's or a brand's), for a check by array index. */
function allowedMask(size: number, numbers: (number | undefined)[]): Uint8Array {
  const mask = new Uint8Array(size);
  for (const n of numbers) if (n !== undefined) mask[n] = 1;
  return mask;
}

/**
 * Per document, a check of every filter but the text: one function reading the columns directly (it runs for every
 * candidate of every uncached search). A range's open end is an infinity; NaN (no spec value) fails any range.
 */
/** A byte per document: 1 for the given products (unknown ids are not in the index, so match nothing). */
function onlyMask(data: SearchIndexData, ids: readonly string[]): Uint8Array {
  const mask = new Uint8Array(data.ids.length);
  for (const id of ids) {
    const doc = data.byId.get(id);
    if (doc !== undefined) mask[doc] = 1;
  }
  return mask;
}

function filterOf(data: SearchIndexData, f: ResolvedFilters): ((doc: number) => boolean) | null {
  const { category, brand, quantity, minOrder, priceCents } = data;
  if (
    !f.categoryIds &&
    !f.brands &&
    f.inStock === null &&
    !f.priceCents &&
    f.specs.length === 0 &&
    !f.productIds
  )
    return null;
  const only = f.productIds ? onlyMask(data, f.productIds) : null;
  const cats = f.categoryIds
    ? allowedMask(
        data.categoryIds.length,
        f.categoryIds.map((id) => data.categoryNo.get(id)),
      )
    : null;
  const brands = f.brands
    ? allowedMask(
        data.brands.length,
        f.brands.map((b) => data.brandNo.get(b)),
      )
    : null;
  const inStock = f.inStock;
  const minPrice = f.priceCents?.min ?? -Infinity;
  const maxPrice = f.priceCents?.max ?? Infinity;
  const specs: { column: Float64Array; min: number; max: number }[] = [];
  for (const s of f.specs) {
    const column = data.specs.get(s.attributeId);
    if (!column) return () => false;
    specs.push({ column, min: s.min ?? -Infinity, max: s.max ?? Infinity });
  }
  return (doc) => {
    if (only !== null && only[doc] !== 1) return false;
    if (cats !== null && cats[category[doc]!] !== 1) return false;
    if (brands !== null && brands[brand[doc]!] !== 1) return false;
    if (inStock !== null && quantity[doc]! >= minOrder[doc]! !== inStock) return false;
    const price = priceCents[doc]!;
    if (price < minPrice || price > maxPrice) return false;
    for (let i = 0; i < specs.length; i++) {
      const s = specs[i]!;
      const v = s.column[doc]!;
      if (!(v >= s.min && v <= s.max)) return false;
    }
    return true;
  };
}

/** The matching documents, in document order; a text query's ranked matches too (`Matched`). */
export function matchDocs(
  data: SearchIndexData,
  reader: QueryReader,
  f: ResolvedFilters & { text: IndexTextQuery | null },
): Matched {
  const pass = filterOf(data, f);
  if (!f.text) {
    // Into a typed array sized for the worst case: growing a list of numbers one push at a time costs far more.
    const docs = new Uint32Array(data.ids.length);
    let n = 0;
    data.live.forEach((doc) => {
      if (!pass || pass(doc)) docs[n++] = doc;
    });
    return { docs: docs.subarray(0, n), ranked: null };
  }
  const all = reader.textMatches(f.text);
  const byDoc = all.byDoc;
  if (!pass) return { docs: byDoc, ranked: { all, passed: null } };
  const docs = new Uint32Array(byDoc.length);
  let n = 0;
  // A bit per document number, allocated once at the index's size (a bitset built from the list would grow).
  const passed = new Uint32Array((data.ids.length >>> 5) + 1);
  for (let i = 0; i < byDoc.length; i++) {
    const doc = byDoc[i]!;
    if (pass(doc)) {
      docs[n++] = doc;
      passed[doc >>> 5]! |= 1 << (doc & 31);
    }
  }
  return { docs: docs.subarray(0, n), ranked: { all, passed } };
}

// ------------------------------------------------------------------------------------------------------- ranking

/** The entries of a document's vector whose word's place in byte order is within [from, to). */
function entriesIn(vec: Uint32Array, ranks: Int32Array, from: number, to: number): number[] | null {
  const n = vec[0]!;
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ranks[vec[1 + mid]!]! < from) lo = mid + 1;
    else hi = mid;
  }
  if (lo >= n || ranks[vec[1 + lo]!]! >= to) return null;
  const out = [lo];
  for (let i = lo + 1; i < n && ranks[vec[1 + i]!]! < to; i++) out.push(i);
  return out;
}

/** Ranks documents for one text query (the operands' word ranges are found once). */
export function ranker(data: SearchIndexData, text: IndexTextQuery): (doc: number) => number {
  const operands = rankOperands(text.groups.flat());
  const ranges = operands.map((o) => data.rankRange(o.text, o.prefix));
  const ranks = data.wordRanks();
  const and = text.groups.length >= 2;
  // One array for every document (tsRank reads it and keeps nothing): ranking runs over up to every product.
  const matches: Matches = ranges.map(() => null);
  return (doc) => {
    const lsku = data.lsku[doc]!;
    const tier = lsku === text.sku ? 2 : lsku.startsWith(text.sku) ? 1 : 0;
    if (!text.tsquery) return tier;
    const vec = data.vectors[doc]!;
    for (let r = 0; r < ranges.length; r++) {
      const [from, to] = ranges[r]!;
      matches[r] = from < to ? entriesIn(vec, ranks, from, to) : null;
    }
    // 2 for an exact SKU, 1 for a SKU prefix, plus ts_rank (a float4), summed as float8 as PostgreSQL resolves
    // integer + real (float8 + float8).
    return tier + tsRank(and, vec, matches);
  };
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
export function pageOf(data: SearchIndexData, matched: Matched, req: IndexPageRequest): IndexPage | null {
  const { sort, cursor, limit, offset } = req;
  const ids = data.ids;
  const matches = matched.docs;
  if (sort === 'relevance') {
    // The text's ranked matches, keeping those that passed the filters.
    const { all, passed } = matched.ranked!;
    const out: IndexPage['docs'] = [];
    let skip = offset;
    const v = cursor ? Number(cursor.value) : 0;
    for (let i = 0; i < all.docs.length && out.length < limit; i++) {
      const doc = all.docs[i]!;
      if (passed && (passed[doc >>> 5]! & (1 << (doc & 31))) === 0) continue;
      const k = all.keys[i]!;
      if (cursor && !(k < v || (k === v && ids[doc]! > cursor.id))) continue;
      if (skip > 0) {
        skip--;
        continue;
      }
      out.push({ doc, sortKey: keyText(data, sort, doc, k) });
    }
    return { docs: out };
  }
  const after = afterOf(data, sort, cursor);
  if (after === null) return null;
  const take = offset + limit;
  let ordered: number[];
  if (matches.length > 2_000) {
    const member = new Uint32Array((data.ids.length >>> 5) + 1);
    for (let i = 0; i < matches.length; i++) member[matches[i]! >>> 5]! |= 1 << (matches[i]! & 31);
    const global = data.order(sort === 'price_desc' ? 'price_asc' : sort);
    ordered = [];
    const n = global.length;
    for (let i = 0; i < n && ordered.length < take; i++) {
      const doc = global[sort === 'price_desc' ? n - 1 - i : i]!;
      if ((member[doc >>> 5]! & (1 << (doc & 31))) !== 0 && after(doc)) ordered.push(doc);
    }
  } else {
    ordered = Array.from(matches).filter(after).sort(comparator(data, sort));
  }
  return {
    docs: ordered.slice(offset, take).map((doc) => ({ doc, sortKey: keyText(data, sort, doc, 0) })),
  };
}

function comparator(data: SearchIndexData, sort: Exclude<EffectiveSort, 'relevance'>) {
  const idRank = data.idRank();
  const byId = (a: number, b: number) => idRank[a]! - idRank[b]!;
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

/**
 * Total and facets of the matches (a search runs this on every uncached call, over up to every product): counts in
 * typed arrays indexed by category, brand and price bucket numbers, read from the packed `facetBits`; per spec
 * column, its count and range from the index's per-category value orders where they answer (`specRange`), else one
 * pass over the matches.
 */
export function countOf(
  data: SearchIndexData,
  matches: Uint32Array,
  /** Off: every spec column is read over the matches (tests compare the two ways). */
  shortcuts = true,
): Omit<Counted, 'page'> {
  // Index 0: no category / no brand; a number n is at n + 1 (as packed in `facetBits`).
  const catCounts = new Int32Array(data.categoryIds.length + 1);
  const brandCounts = new Int32Array(data.brands.length + 1);
  const bucketCounts = new Int32Array(PRICE_EDGES_CENTS.length + 1);
  let inStock = 0;
  const n = matches.length;
  if (data.categoryIds.length <= PACKED_MAX && data.brands.length <= PACKED_MAX) {
    const bits = data.facetBits;
    for (let i = 0; i < n; i++) {
      const v = bits[matches[i]!]!;
      catCounts[v & 0x3fff]!++;
      brandCounts[(v >>> 14) & 0x3fff]!++;
      bucketCounts[(v >>> 28) & 7]!++;
      inStock += v >>> 31;
    }
  } else {
    const { category, brand, quantity, minOrder, priceCents } = data;
    const edges = PRICE_EDGES_CENTS;
    for (let i = 0; i < n; i++) {
      const doc = matches[i]!;
      catCounts[category[doc]! + 1]!++;
      brandCounts[brand[doc]! + 1]!++;
      if (quantity[doc]! >= minOrder[doc]!) inStock++;
      const price = priceCents[doc]!;
      let bucket = 0;
      while (bucket < edges.length && price >= edges[bucket]!) bucket++;
      bucketCounts[bucket]!++;
    }
  }
  const specs = new Map<number, { n: number; lo: number; hi: number }>();
  let member: Uint32Array | null = null;
  for (const [id, column] of data.specs) {
    if (!data.attrs.some((a) => a.id === id && isFilter(a))) continue;
    const holders = data.specCategories.get(id) ?? [];
    let count = 0;
    let whole = shortcuts;
    const full = whole ? data.specFull(id) : null;
    for (const c of holders) {
      const inCategory = catCounts[c + 1]!;
      if (!inCategory) continue;
      if (full?.[c + 1] === 1) count += inCategory;
      else whole = false;
    }
    // No match is in a category whose products have held a value here: nothing to read.
    if (whole && count === 0) continue;
    if (whole) {
      // Every match that can hold a value here does: the count is known, and the lowest and highest values are
      // those of the first and last matches in each category's part of the column's value order. The walks are
      // bounded: past the bound (a category whose matches are far from its ends) the column is read as below.
      if (!member) {
        member = new Uint32Array((data.ids.length >>> 5) + 1);
        for (let i = 0; i < n; i++) member[matches[i]! >>> 5]! |= 1 << (matches[i]! & 31);
      }
      const range = specRange(column, data.specOrder(id), holders, catCounts, member, n + 64);
      if (range) {
        specs.set(id, { n: count, ...range });
        continue;
      }
    }
    count = 0;
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < n; i++) {
      const v = column[matches[i]!]!;
      if (Number.isNaN(v)) continue;
      count++;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    if (count) specs.set(id, { n: count, lo, hi });
  }
  const ownCounts = new Map<string, number>();
  catCounts.forEach((count, c) => c > 0 && count && ownCounts.set(data.categoryIds[c - 1]!, count));
  const brands: { brand: string; count: number }[] = [];
  brandCounts.forEach((count, b) => b > 0 && count && brands.push({ brand: data.brands[b - 1]!, count }));
  const buckets = new Map<number, number>();
  bucketCounts.forEach((count, b) => count && buckets.set(b, count));
  return {
    total: n,
    facets: facetsOf(data.cats, data.attrs, {
      ownCounts,
      brands,
      stock: { inStock, outOfStock: n - inStock },
      buckets,
      specs,
    }),
  };
}

/**
 * The lowest and highest values of the matches in a spec column, from its order by category and value
 * (`specOrder`): per category holding matches, its first and last member, walked to from both ends of its part,
 * `limit` steps in all; null past the limit, or when a category holding matches has none with a value.
 */
function specRange(
  column: Float64Array,
  order: { docs: Uint32Array; from: Int32Array },
  holders: Iterable<number>,
  catCounts: Int32Array,
  member: Uint32Array,
  limit: number,
): { lo: number; hi: number } | null {
  const { docs, from } = order;
  const isMember = (doc: number) => (member[doc >>> 5]! & (1 << (doc & 31))) !== 0;
  let lo = Infinity;
  let hi = -Infinity;
  let steps = 0;
  for (const c of holders) {
    if (!catCounts[c + 1]) continue;
    const start = from[c + 1]!;
    const end = from[c + 2]!;
    let i = start;
    for (; i < end && steps < limit && !isMember(docs[i]!); i++) steps++;
    if (i >= end || steps >= limit) return null;
    let j = end - 1;
    for (; j > i && steps < limit && !isMember(docs[j]!); j--) steps++;
    if (steps >= limit) return null;
    lo = Math.min(lo, column[docs[i]!]!);
    hi = Math.max(hi, column[docs[j]!]!);
  }
  return lo <= hi ? { lo, hi } : null;
}

// ------------------------------------------------------------------------------------------------------ suggest

const SUGGEST_LIMIT = 5;
/** Category names as suggestions compare them, kept per category object (a refresh that changes one makes a new one). */
const categoryNames = new WeakMap<Category, { lower: string; trigrams: Set<string> }>();
function categoryName(c: Category) {
  let name = categoryNames.get(c);
  if (!name) {
    name = { lower: c.name.toLowerCase(), trigrams: trigrams(c.name) };
    categoryNames.set(c, name);
  }
  return name;
}
const NO_FILTERS = {
  categoryIds: null,
  brands: null,
  inStock: null,
  priceCents: null,
  specs: [],
  productIds: null,
};

/**
 * Relevance order when only SKUs match (no word does): the exact SKU first (rank 2), then the others (rank 1) by
 * id, the database's tie-break; a selection of the first few, not a sort of every SKU with the prefix.
 */
function firstBySku(data: SearchIndexData, skus: number[], sku: string): number[] {
  const idRank = data.idRank();
  const exact = skus.filter((doc) => data.lsku[doc] === sku);
  const rest: number[] = [];
  for (const doc of skus) {
    if (data.lsku[doc] === sku) continue;
    let at = rest.length;
    while (at > 0 && idRank[doc]! < idRank[rest[at - 1]!]!) at--;
    if (at >= SUGGEST_LIMIT) continue;
    rest.splice(at, 0, doc);
    if (rest.length > SUGGEST_LIMIT) rest.pop();
  }
  return [...exact, ...rest].slice(0, SUGGEST_LIMIT);
}

/** GET /api/catalogue/suggest from the index: products by relevance, categories by name, SKUs by prefix. */
export async function suggestFrom(
  data: SearchIndexData,
  reader: QueryReader,
  q: string,
): Promise<SuggestResult> {
  const sku = q.trim().toLowerCase();
  // SKUs are unique whatever their case: the SKU order has no ties to break.
  const skus = data.skuRange(sku, SUGGEST_LIMIT);
  // A part number being typed is not corrected (suggest.service.ts).
  const text = await reader.parse(q, { correct: !sku || skus.length === 0 });
  if (text.tsquery) await reader.prepare(text);
  const docs = text.tsquery
    ? pageOf(data, matchDocs(data, reader, { ...NO_FILTERS, text }), {
        sort: 'relevance',
        cursor: null,
        limit: SUGGEST_LIMIT,
        offset: 0,
      })!.docs.map((d) => d.doc)
    : firstBySku(data, data.skuRange(text.sku), text.sku);
  const lower = q.toLowerCase();
  const mine = trigrams(q);
  const categories = data.cats
    .map((c, position) => {
      const name = categoryName(c);
      return { c, position, lower: name.lower, sim: trigramSimilarity(name.trigrams, mine) };
    })
    .filter(({ lower: name, sim }) => name.includes(lower) || sim > SIMILARITY_THRESHOLD)
    .sort((a, b) => b.sim - a.sim || a.position - b.position)
    .slice(0, SUGGEST_LIMIT)
    .map(({ c }) => toRef(c));
  return {
    products: docs.map((doc) => {
      const { _id, name, sku, img, price } = data.summary(doc);
      return { _id, name, sku, img, price };
    }),
    categories,
    skus: skus.map((doc) => {
      const { _id, sku, name } = data.summary(doc);
      return { _id, sku, name };
    }),
  };
}
