import { facetsOf, isFilter, PRICE_EDGES_CENTS, type Counted } from './facets.service';
import { PACKED_MAX, type SearchIndexData } from './search-index.data';

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
  const n = matches.length;
  const { catCounts, brandCounts, bucketCounts, inStock } = columnCounts(data, matches);
  const specs = specCounts(data, matches, catCounts, shortcuts);
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

/** Matches per category, brand and price bucket (index 0: none; a number n is at n + 1), and how many are in stock. */
function columnCounts(data: SearchIndexData, matches: Uint32Array) {
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
  return { catCounts, brandCounts, bucketCounts, inStock };
}

/** Per filterable spec column holding a value among the matches: their count and lowest and highest values. */
function specCounts(data: SearchIndexData, matches: Uint32Array, catCounts: Int32Array, shortcuts: boolean) {
  const n = matches.length;
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
  return specs;
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
