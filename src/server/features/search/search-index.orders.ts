import { IndexColumns, type OrderKind } from './search-index.columns';

/**
 * The orders the search index reads its columns in: sorted by price, date, name or SKU (ties by id), the ids' own
 * order, and per spec column its documents by value. Each is made when first asked after a write that moves it.
 */
export abstract class SortedColumns extends IndexColumns {
  /**
   * Live documents whose lower-cased SKU starts with `prefix`, in SKU order (a range of the SKU order): the first
   * `limit` of them, or all. Both ends of the range are found by binary search, so a short prefix shared by
   * thousands of SKUs costs no more than a long one when only a few are wanted.
   */
  skuRange(prefix: string, limit = Infinity): number[] {
    const docs = this.order('sku');
    const lsku = this.lsku;
    const first = (below: (s: string) => boolean) => {
      let lo = 0;
      let hi = docs.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (below(lsku[docs[mid]!]!)) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    const from = first((s) => s < prefix);
    const to = first((s) => s < prefix || s.startsWith(prefix));
    const out: number[] = [];
    for (let i = from; i < to && out.length < limit; i++) if (this.live.has(docs[i]!)) out.push(docs[i]!);
    return out;
  }

  private idSorted: { ranks: Uint32Array; docs: Uint32Array } | null = null;

  /**
   * Each document's place in id order (`ranks`, by document number) and the documents in that order (`docs`; archived
   * ones too): ids are the tie-break of every sort, and comparing these numbers orders as comparing the ids does,
   * without a string comparison. Ranked again after a new document (ids never change otherwise).
   */
  idOrder(): { ranks: Uint32Array; docs: Uint32Array } {
    if (this.idSorted?.ranks.length === this.ids.length) return this.idSorted;
    const ids = this.ids;
    const docs = Uint32Array.from(ids.keys()).sort((a, b) => (ids[a]! < ids[b]! ? -1 : 1));
    const ranks = new Uint32Array(ids.length);
    for (let i = 0; i < docs.length; i++) ranks[docs[i]!] = i;
    this.idSorted = { ranks, docs };
    return this.idSorted;
  }

  idRank(): Uint32Array {
    return this.idOrder().ranks;
  }

  private orders = new Map<OrderKind, Uint32Array>();

  /**
   * Documents in a sort order (by price, date, name or SKU, ties by id), sorted again only after a change of that
   * key or a new product. It may list archived documents: readers keep the live ones.
   */
  order(kind: OrderKind): Uint32Array {
    const cached = this.orders.get(kind);
    if (cached && !this.staleOrders.has(kind)) return cached;
    const docs = Uint32Array.from(this.live.array());
    const idRank = this.idRank();
    const byId = (a: number, b: number) => idRank[a]! - idRank[b]!;
    const text = (col: string[]) => (a: number, b: number) =>
      col[a]! < col[b]! ? -1 : col[a]! > col[b]! ? 1 : byId(a, b);
    const cmp =
      kind === 'sku'
        ? text(this.lsku)
        : kind === 'price_asc'
          ? (a: number, b: number) => this.priceCents[a]! - this.priceCents[b]! || byId(a, b)
          : kind === 'newest'
            ? (a: number, b: number) => this.micros[b]! - this.micros[a]! || byId(b, a)
            : text(this.lname);
    docs.sort(cmp);
    this.orders.set(kind, docs);
    this.staleOrders.delete(kind);
    return docs;
  }

  // The spec facets' shortcuts (countOf): per spec column, its documents by value, and the categories whose live
  // documents all hold a value in it.

  /**
   * The documents holding a value in spec column `col`, by category and then by value: category number c's are
   * `docs[from[c + 1]…from[c + 2])`. The first (last) of a category's that is a match holds the lowest (highest)
   * value of that category's matches. It may list archived documents: readers look for matches only.
   */
  specOrder(col: number): { docs: Uint32Array; from: Int32Array } {
    const cached = this.specOrders.get(col);
    if (cached) return cached;
    const column = this.specs.get(col)!;
    const category = this.category;
    const held: number[] = [];
    this.live.forEach((doc) => {
      if (!Number.isNaN(column[doc]!)) held.push(doc);
    });
    const docs = Uint32Array.from(held).sort(
      (a, b) => category[a]! - category[b]! || column[a]! - column[b]!,
    );
    const from = new Int32Array(this.categoryIds.length + 2);
    for (const doc of docs) from[category[doc]! + 2]!++;
    for (let c = 1; c < from.length; c++) from[c]! += from[c - 1]!;
    const order = { docs, from };
    this.specOrders.set(col, order);
    return order;
  }

  /**
   * By category number + 1 (0: none), 1 where every live document of the category holds a value in spec column
   * `col`: the matches of such a category with a value are then all of them, counted without reading the column.
   */
  specFull(col: number): Uint8Array {
    const cached = this.specFulls.get(col);
    if (cached?.at === this.membership) return cached.full;
    const column = this.specs.get(col)!;
    const full = new Uint8Array(this.categoryIds.length + 1).fill(1);
    this.live.forEach((doc) => {
      if (Number.isNaN(column[doc]!)) full[this.category[doc]! + 1] = 0;
    });
    this.specFulls.set(col, { at: this.membership, full });
    return full;
  }
}
