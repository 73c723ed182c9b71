import { TypedFastBitSet } from 'typedfastbitset';
import type { ResolvedFilters } from './search.filters';
import type { SearchIndexData } from './search-index.data';
import { rankOperands, tsRank, type Matches, type Operand } from './search-index.text';
import type { IndexTextQuery, Matched, Ranked } from './search-index.words';

export function sortedHas(list: number[], id: number): boolean {
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
  /** The query reader (search-index.query.ts), which ranks a text's matches and remembers them. */
  reader: { textMatches(text: IndexTextQuery): Ranked },
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
