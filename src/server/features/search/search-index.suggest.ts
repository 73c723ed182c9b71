import type { SuggestResult } from '@shared/catalogue/search.schema';
import { toRef, type Category } from '../catalogue/index';
import type { SearchIndexData } from './search-index.data';
import { SIMILARITY_THRESHOLD, trigramSimilarity, trigrams } from './search-index.text';
import type { QueryReader } from './search-index.query';
import { matchDocs } from './search-index.match';
import { pageOf } from './search-index.page';

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
