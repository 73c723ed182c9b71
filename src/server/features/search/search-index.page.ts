import type { EffectiveSort } from './search.cursor';
import type { SearchIndexData } from './search-index.data';
import type { Matched } from './search-index.words';

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
