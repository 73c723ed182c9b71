import type { TypedFastBitSet } from 'typedfastbitset';
import type { TextQuery } from './search.terms';
import type { SearchIndexData } from './search-index.data';
import type { Operand } from './search-index.text';

/** A text query read against the index: the database's reading (`TextQuery`) plus the operand groups to AND. */
export interface IndexTextQuery extends TextQuery {
  groups: Operand[][];
}

export const quote = (lexeme: string) => `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
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
export const CACHE_LIMIT = 5_000;
/** Ranked text matches remembered, in documents (16 bytes each): about 24 MB. */
export const RANKED_CACHE_DOCS = 1_500_000;

/** Documents ranked between two yields (`QueryReader.prepare`): a few milliseconds of work. */
export const RANK_SLICE = 4_096;
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
  const ordered: Ranked = {
    docs: new Uint32Array(n),
    keys: new Float64Array(n),
    byDoc: Uint32Array.from(docs),
  };
  // The distinct keys, highest first (typed-array sorts compare numbers natively).
  const ascending = Float64Array.from(keys).sort();
  const distinct: number[] = [];
  for (let i = n - 1; i >= 0 && distinct.length <= BUCKETS; i--)
    if (i === n - 1 || ascending[i] !== ascending[i + 1]) distinct.push(ascending[i]!);
  const idOrder = data.idOrder();
  if (distinct.length <= BUCKETS && n * 16 <= idOrder.docs.length)
    bucketFew(ordered, idOrder.ranks, docs, keys, distinct);
  else if (distinct.length <= BUCKETS) bucketAll(ordered, data, found, docs, keys, distinct);
  else sortAll(ordered, data, found, docs, keys);
  return ordered;
}

/** The bucket of key `k` among the distinct keys (highest first). */
function bucketOfKey(distinct: number[], k: number): number {
  let lo = 0;
  let hi = distinct.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (distinct[mid]! > k) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Few matches (a part number being typed, a rare word): their places in id order are sorted, and each carries its
 * bucket — nothing the size of the catalogue is allocated for a text that matches a handful of products.
 */
function bucketFew(out: Ranked, ranks: Uint32Array, docs: number[], keys: Float64Array, distinct: number[]) {
  const n = docs.length;
  const { docs: ordered, keys: orderedKeys } = out;
  const bucketAt = new Uint16Array(n);
  const starts = new Uint32Array(distinct.length + 1);
  for (let i = 0; i < n; i++) {
    bucketAt[i] = bucketOfKey(distinct, keys[i]!);
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
}

/** Many matches: read off the whole id order. */
function bucketAll(
  out: Ranked,
  data: SearchIndexData,
  found: TypedFastBitSet,
  docs: number[],
  keys: Float64Array,
  distinct: number[],
) {
  const n = docs.length;
  const { docs: ordered, keys: orderedKeys } = out;
  const allInIdOrder = data.idOrder().docs;
  const bucketOf = new Uint16Array(data.ids.length);
  const starts = new Uint32Array(distinct.length + 1);
  for (let i = 0; i < n; i++) {
    const lo = bucketOfKey(distinct, keys[i]!);
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
}

/** Many distinct keys: the matches in id order, then a stable sort by key. */
function sortAll(
  out: Ranked,
  data: SearchIndexData,
  found: TypedFastBitSet,
  docs: number[],
  keys: Float64Array,
) {
  const n = docs.length;
  const { docs: ordered, keys: orderedKeys } = out;
  const { ranks, docs: allInIdOrder } = data.idOrder();
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
