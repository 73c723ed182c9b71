import { TypedFastBitSet } from 'typedfastbitset';
import type { CatalogueProduct } from '@shared/catalogue/search.schema';
import { type Attribute, type Category, type ProductRow, toRef } from '../catalogue/index';
import { PRICE_EDGES_CENTS } from './facets.service';
import { CardCodec, CardStore, VectorSlabs } from './search-index.store';
import { parseTsvector } from './search-index.text';
import { SearchVocabulary } from './search-index.vocabulary';
import { centsToDollars } from '@shared/common/money';

/** One product as the index keeps it: the columns filters, sorts and facets read, and its card as the API shows it. */
export interface Row extends ProductRow {
  lname: string;
  lsku: string;
  micros: string;
  specs: string | null;
  vec: string | null;
  archived: boolean;
  /** The row version (32-bit xid, as text). */
  xmin: string;
}

export type OrderKind = 'price_asc' | 'newest' | 'name' | 'sku';
export const ORDER_KINDS: OrderKind[] = ['price_asc', 'newest', 'name', 'sku'];

/**
 * The products of the search index as typed columns indexed by a document number, with their cards, packed
 * vectors and numeric specs, and how a product row is written to them (the sort orders and spec shortcuts built
 * on these columns are dropped here when a write moves them).
 */
export abstract class IndexColumns extends SearchVocabulary {
  cats: Category[] = [];
  protected catById = new Map<string, Category>();
  attrs: Attribute[] = [];

  // Documents. A document number is never reused until the next full build.
  ids: string[] = [];
  byId = new Map<string, number>();
  live = new TypedFastBitSet();
  liveCount = 0;
  priceCents = new Int32Array(0);
  quantity = new Int32Array(0);
  minOrder = new Int32Array(0);
  category = new Int32Array(0);
  brand = new Int32Array(0);
  micros = new Float64Array(0);
  /** Each document's row version as last read (`xmin`): a refresh skips rows whose version did not move. */
  xmins = new Float64Array(0);
  /**
   * What the facets count of each document, packed in one number so that counting reads one array, not five
   * (`packFacets`): category number + 1 (0: none), brand number + 1 (0: none), price bucket, in stock.
   */
  facetBits = new Uint32Array(0);
  lname: string[] = [];
  lsku: string[] = [];
  /** Each product's card, compacted (`CardCodec`): the fields these columns hold are read from them. */
  protected cards = new CardStore();
  protected codec = new CardCodec({
    _id: (doc) => this.ids[doc],
    price: (doc) => centsToDollars(this.priceCents[doc]!),
    quantity: (doc) => this.quantity[doc],
    minOrder: (doc) => this.minOrder[doc],
    category: (doc) => {
      const no = this.category[doc]!;
      const cat = no >= 0 ? this.catById.get(this.categoryIds[no]!) : undefined;
      return cat ? toRef(cat) : null;
    },
  });
  /** Per document: [n, word ids (n, vector order), starts of their position lists (n + 1), positions…]. */
  vectors: Uint32Array[] = [];
  private slabs = new VectorSlabs();
  /** Numeric specs by attribute id: one column each, NaN where a product has no value. */
  specs = new Map<number, Float64Array>();
  /**
   * Per spec column, the category numbers (-1: none) of the documents that have held a value in it. It only grows
   * until the next build: the facets skip a column none of the matches' categories holds.
   */
  specCategories = new Map<number, Set<number>>();

  // Interned categories and brands (numbers stay valid for the index's life).
  categoryNo = new Map<string, number>();
  categoryIds: string[] = [];
  brandNo = new Map<string, number>();
  brands: string[] = [];

  private capacity = 0;

  // What the sort orders and spec shortcuts (`SortedColumns`) were made at: a write here drops what it moves.
  protected staleOrders = new Set<OrderKind>(ORDER_KINDS);
  /** Bumped when a document is added, removed or changes category (what `specFull` counts over). */
  protected membership = 0;
  /** Dropped when a value in the column changes, or a document holding one is added or changes category. */
  protected specOrders = new Map<number, { docs: Uint32Array; from: Int32Array }>();
  protected specFulls = new Map<number, { at: number; full: Uint8Array }>();

  /** Drops a document's words; `keep`: it is about to be written again under the same number. */
  protected removeDoc(doc: number, keep = false) {
    const vec = this.vectors[doc]!;
    const n = vec[0]!;
    for (let i = 0; i < n; i++) this.postings.remove(vec[1 + i]!, doc);
    this.slabs.drop(this.vectors, doc);
    if (keep) return;
    // Sort orders may still list it: their readers skip documents that are not live.
    this.live.remove(doc);
    this.liveCount--;
    this.membership++;
    this.byId.delete(this.ids[doc]!);
    this.cards.remove(doc);
  }

  /** Writes a product under its own document number (a new one for a new product). */
  protected putDoc(r: Row, card: CatalogueProduct, values: (number | null)[], known: number | undefined) {
    let doc: number;
    if (known === undefined) {
      doc = this.ids.length;
      this.ensureCapacity(doc + 1);
      this.ids.push(r.id);
      this.byId.set(r.id, doc);
      this.live.add(doc);
      this.liveCount++;
      for (const kind of ORDER_KINDS) this.staleOrders.add(kind);
    } else {
      doc = known;
      this.removeDoc(doc, true);
      if (this.priceCents[doc] !== r.priceCents) this.staleOrders.add('price_asc');
      if (this.micros[doc] !== Number(r.micros)) this.staleOrders.add('newest');
      if (this.lname[doc] !== r.lname) this.staleOrders.add('name');
      if (this.lsku[doc] !== r.lsku) this.staleOrders.add('sku');
    }
    this.priceCents[doc] = r.priceCents;
    this.quantity[doc] = r.quantity;
    this.minOrder[doc] = r.minOrder;
    const categoryNo = r.categoryId ? this.intern(this.categoryNo, this.categoryIds, r.categoryId) : -1;
    const moved = known === undefined || this.category[doc] !== categoryNo;
    if (moved) this.membership++;
    this.category[doc] = categoryNo;
    this.brand[doc] = r.brand === null ? -1 : this.intern(this.brandNo, this.brands, r.brand);
    this.facetBits[doc] = packFacets(
      this.category[doc]!,
      this.brand[doc]!,
      r.priceCents,
      r.quantity >= r.minOrder,
    );
    this.micros[doc] = Number(r.micros);
    this.xmins[doc] = Number(r.xmin);
    this.lname[doc] = r.lname;
    this.lsku[doc] = r.lsku;
    this.cards.set(doc, this.codec.encode(doc, card));
    for (const [col, column] of this.specs) {
      const value = values[col - 1] ?? NaN;
      if (!Object.is(column[doc], value)) {
        this.specOrders.delete(col);
        this.specFulls.delete(col);
      } else if (moved && !Number.isNaN(value)) this.specOrders.delete(col);
      column[doc] = value;
    }
    values.forEach((v, i) => {
      if (v === null) return;
      if (!this.specs.has(i + 1)) {
        const column = new Float64Array(this.capacity).fill(NaN);
        column[doc] = v;
        this.specs.set(i + 1, column);
      }
      let holders = this.specCategories.get(i + 1);
      if (!holders) this.specCategories.set(i + 1, (holders = new Set()));
      holders.add(this.category[doc]!);
    });
    const entries = r.vec ? parseTsvector(r.vec) : [];
    const n = entries.length;
    const total = entries.reduce((sum, e) => sum + e.positions.length, 0);
    const vec = this.slabs.alloc(2 + 2 * n + total);
    vec[0] = n;
    let at = 2 + 2 * n;
    entries.forEach((e, i) => {
      const w = this.word(e.lexeme);
      this.postings.add(w.id, doc);
      vec[1 + i] = w.id;
      vec[1 + n + i] = at;
      for (const p of e.positions) vec[at++] = p;
    });
    vec[1 + 2 * n] = at;
    this.vectors[doc] = vec;
  }

  private intern(no: Map<string, number>, list: string[], value: string): number {
    let n = no.get(value);
    if (n === undefined) {
      n = list.length;
      list.push(value);
      no.set(value, n);
    }
    return n;
  }

  private ensureCapacity(n: number) {
    if (n <= this.capacity) return;
    const cap = Math.max(1024, this.capacity * 2, n);
    const grow = <T extends Int32Array | Uint32Array | Float64Array>(
      a: T,
      make: (n: number) => T,
      fill?: number,
    ): T => {
      const next = make(cap);
      if (fill !== undefined) next.fill(fill);
      next.set(a);
      return next;
    };
    this.priceCents = grow(this.priceCents, (k) => new Int32Array(k));
    this.quantity = grow(this.quantity, (k) => new Int32Array(k));
    this.minOrder = grow(this.minOrder, (k) => new Int32Array(k));
    this.category = grow(this.category, (k) => new Int32Array(k));
    this.brand = grow(this.brand, (k) => new Int32Array(k));
    this.micros = grow(this.micros, (k) => new Float64Array(k));
    this.xmins = grow(this.xmins, (k) => new Float64Array(k));
    this.facetBits = grow(this.facetBits, (k) => new Uint32Array(k));
    for (const [col, column] of this.specs)
      this.specs.set(
        col,
        grow(column, (k) => new Float64Array(k), NaN),
      );
    this.capacity = cap;
  }
}

/** Category and brand numbers fit 14 bits each in `facetBits` (16,382 of each); past that, counting reads the columns. */
export const PACKED_MAX = 0x3fff - 1;

/** A document's facet values in one number: bits 0–13 category + 1, 14–27 brand + 1, 28–30 price bucket, 31 in stock. */
export function packFacets(category: number, brand: number, priceCents: number, inStock: boolean): number {
  let bucket = 0;
  while (bucket < PRICE_EDGES_CENTS.length && priceCents >= PRICE_EDGES_CENTS[bucket]!) bucket++;
  return (
    (((category + 1) & 0x3fff) |
      (((brand + 1) & 0x3fff) << 14) |
      (bucket << 28) |
      (inStock ? 1 << 31 : 0)) >>>
    0
  );
}
