import { sql } from 'drizzle-orm';
import { TypedFastBitSet } from 'typedfastbitset';
import type { CatalogueProduct } from '@shared/catalogue/search.schema';
import type { Db } from '../../infra/db';
import {
  type Attribute,
  attributeOrder,
  type Category,
  keySpecsFromValues,
  loadAttributes,
  loadCategories,
  productColumns,
  type ProductRow,
  toCatalogueProduct,
  toRef,
} from '../catalogue/index';
import { PRICE_EDGES_CENTS } from './facets.service';
import { CardCodec, CardStore, PostingStore, VectorSlabs } from './search-index.store';
import { byteCompare, parseTsvector, trigrams } from './search-index.text';
import { centsToDollars } from '@shared/common/money';

interface Word {
  id: number;
  text: string;
  /** In search_terms: the "did you mean" vocabulary, which only grows. */
  term: boolean;
}

/** One product as the index keeps it: the columns filters, sorts and facets read, and its card as the API shows it. */
interface Row extends ProductRow {
  lname: string;
  lsku: string;
  micros: string;
  specs: string | null;
  vec: string | null;
  archived: boolean;
  /** The row version (32-bit xid, as text). */
  xmin: string;
}

const CHUNK = 2_000;

/** Points of a build or refresh where a test may hold the index (`SearchIndex.hold`). */
export type Stage = 'build-chunk' | 'refresh' | 'refresh-applied';
type Hold = (stage: Stage) => Promise<void>;
const noHold: Hold = async () => {};

const SELECT_ROWS = sql`select ${productColumns}, lower(p.name) as lname, lower(p.sku) as lsku,
  (extract(epoch from p.created_at) * 1000000)::bigint::text as micros,
  array_to_json(p.spec_values)::text as specs, p.search_vector::text as vec,
  p.archived_at is not null as archived, p.xmin::text as xmin
  from products p`;

/** Collations whose order is code point order, which the index reproduces (others: name order from PostgreSQL). */
const CODE_POINT_COLLATIONS = new Set(['C', 'POSIX', 'C.UTF-8', 'C.utf8', 'ucs_basic']);

/** The card fields a suggestion shows besides its id and price. */
const SUMMARY = ['name', 'sku', 'img'] as const;

/**
 * The catalogue held in memory, derived from PostgreSQL: products as typed columns indexed by a document number,
 * the words of their stored search vectors with the documents holding each (bitsets are made per query), the
 * search_terms vocabulary with a trigram index for typo corrections, categories and spec attributes. Updated from
 * the rows that changed since the last read (their `xmin` is newer than the snapshot horizon then taken).
 */
export class SearchIndexData {
  cats: Category[] = [];
  private catById = new Map<string, Category>();
  attrs: Attribute[] = [];
  /** Whether the database orders text by code point (name sort and SKU order are then exact here). */
  codePointOrder = false;

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
  private cards = new CardStore();
  private codec = new CardCodec({
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

  // Words: product lexemes and search_terms together, sorted for prefix ranges.
  words = new Map<string, Word>();
  wordById: Word[] = [];
  /** By word id: the live documents whose vector holds it. */
  private postings = new PostingStore();
  sorted: string[] = [];
  trigramIndex = new Map<string, number[]>();
  trigramCount: number[] = [];
  /** Bumped when the vocabulary grows (typo corrections cached for the old one are dropped). */
  vocabularyVersion = 0;

  private capacity = 0;
  /** Bumped with every change to the documents (and by every refresh): caches of query results compare it. */
  changes = 0;
  /** The oldest transaction that may still commit changes not read yet (32-bit xid, as text). */
  horizon = '0';
  /** Product rows the last refresh read in full (logs, tests). */
  lastRefreshRows = 0;

  // ------------------------------------------------------------------------------------------------ loading

  /** Reads everything (start-up, or when an announcement may have been missed). */
  static async build(db: Db, hold: Hold = noHold): Promise<SearchIndexData> {
    const data = new SearchIndexData();
    data.horizon = await horizonOf(db);
    const [collation] = (
      await db.execute<{ c: string }>(
        sql`select datcollate as c from pg_database where datname = current_database()`,
      )
    ).rows;
    data.codePointOrder = CODE_POINT_COLLATIONS.has(collation?.c ?? '');
    await data.loadMeta(db);
    const terms = await db.execute<{ term: string }>(sql`select term from search_terms`);
    for (const { term } of terms.rows) data.word(term).term = true;
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      await hold('build-chunk');
      const { rows } = await db.execute<Row>(
        sql`${SELECT_ROWS} where p.archived_at is null and p.id > ${after}::uuid order by p.id limit ${CHUNK}`,
      );
      if (!rows.length) break;
      data.apply(rows);
      after = rows.at(-1)!.id;
      if (rows.length < CHUNK) break;
    }
    data.resort();
    return data;
  }

  /**
   * Reads what changed since the last read: products (and their price breaks) written by transactions at or after
   * the horizon, new search_terms, categories and attributes. Returns false when the index cannot follow by itself
   * (products were deleted outright, or the categories' spec definitions changed): the caller rebuilds.
   */
  async refresh(db: Db, hold: Hold = noHold): Promise<boolean> {
    await hold('refresh');
    const since = this.horizon;
    const next = await horizonOf(db);
    const changed = (alias: string) => sql`age(${sql.raw(alias)}.xmin) <= age(${since}::xid)`;
    const oldCats = JSON.stringify(this.cats.map((c) => [c.id, c.specKeys]));
    // Rows written since the horizon, by version first: while a long transaction elsewhere holds the horizon back,
    // every refresh meets the same rows again, and only those whose version moved (or whose breaks changed) are
    // read in full and their cards built. The three reads are independent (each scans its table): sent together.
    const breaks = sql`select b.product_id from product_price_breaks b where ${changed('b')}`;
    const [, terms, { rows: versions }] = await Promise.all([
      this.loadMeta(db),
      db.execute<{ term: string }>(sql`select term from search_terms t where ${changed('t')}`),
      db.execute<{ id: string; x: string; breaks: boolean }>(sql`
        select p.id, p.xmin::text as x, p.id in (${breaks}) as breaks
        from products p where ${changed('p')} or p.id in (${breaks})`),
    ]);
    if (JSON.stringify(this.cats.map((c) => [c.id, c.specKeys])) !== oldCats) return false;
    let grew = false;
    for (const { term } of terms.rows) {
      const w = this.word(term);
      if (!w.term) {
        w.term = true;
        this.indexTrigrams(w);
        grew = true;
      }
    }
    if (grew) this.vocabularyVersion++;
    const stale = versions
      .filter((v) => {
        const doc = this.byId.get(v.id);
        return v.breaks || doc === undefined || this.xmins[doc] !== Number(v.x);
      })
      .map((v) => v.id);
    for (let i = 0; i < stale.length; i += CHUNK) {
      const ids = stale.slice(i, i + CHUNK);
      const { rows } = await db.execute<Row>(sql`${SELECT_ROWS} where p.id = any(${sql.param(ids)}::uuid[])`);
      this.apply(rows);
    }
    this.lastRefreshRows = stale.length;
    await hold('refresh-applied');
    const [live] = (
      await db.execute<{ n: number }>(sql`select count(*)::int as n from products where archived_at is null`)
    ).rows;
    if (live?.n !== this.liveCount) return false;
    this.horizon = next;
    this.changes++;
    return true;
  }

  private async loadMeta(db: Db) {
    [this.cats, this.attrs] = await Promise.all([loadCategories(db), loadAttributes(db)]);
    this.catById = new Map(this.cats.map((c) => [c.id, c]));
  }

  /**
   * Writes rows read from products. Synchronous: a search still reading this data (it took it before the change
   * was announced) must not take ranked matches remembered before the writes, which may hold a removed document.
   * Cards take their key specs from the rows' `spec_values` (`keySpecsFromValues`): reading product_specs for
   * them was most of a build's time.
   */
  private apply(rows: Row[]) {
    const attrById = new Map(this.attrs.map((a) => [a.id, a]));
    const orders = new Map<string | null, string[]>();
    const orderOf = (categoryId: string | null) => {
      let order = orders.get(categoryId);
      if (!order) orders.set(categoryId, (order = attributeOrder(this.cats, categoryId)));
      return order;
    };
    this.changes++;
    for (const r of rows) {
      const known = this.byId.get(r.id);
      if (r.archived) {
        if (known !== undefined) this.removeDoc(known);
        continue;
      }
      const values = r.specs ? (JSON.parse(r.specs) as (number | null)[]) : [];
      const card = toCatalogueProduct(
        r,
        this.catById,
        keySpecsFromValues(attrById, orderOf(r.categoryId), values),
      );
      this.putDoc(r, card, values, known);
    }
  }

  /** Drops a document's words; `keep`: it is about to be written again under the same number. */
  private removeDoc(doc: number, keep = false) {
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
  private putDoc(r: Row, card: CatalogueProduct, values: (number | null)[], known: number | undefined) {
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

  /** The word, added (to the sorted list too) when new. */
  word(text: string): Word {
    let w = this.words.get(text);
    if (w) return w;
    w = { id: this.wordById.length, text, term: false };
    this.words.set(text, w);
    this.wordById.push(w);
    if (this.building) this.sorted.push(text);
    else {
      this.sorted.splice(lowerBound(this.sorted, text), 0, text);
      this.ranks = null;
    }
    return w;
  }

  private ranks: Int32Array | null = null;

  /** Each word's place in byte order (by word id): vectors list their words in this order. */
  wordRanks(): Int32Array {
    if (this.ranks) return this.ranks;
    const ranks = new Int32Array(this.wordById.length);
    this.sorted.forEach((text, i) => {
      ranks[this.words.get(text)!.id] = i;
    });
    this.ranks = ranks;
    return ranks;
  }

  /** The places in byte order of the words an operand matches: [from, to). */
  rankRange(text: string, prefix: boolean): [number, number] {
    const from = lowerBound(this.sorted, text);
    let to = from;
    if (prefix) while (to < this.sorted.length && this.sorted[to]!.startsWith(text)) to++;
    else if (this.sorted[from] === text) to = from + 1;
    return [from, to];
  }

  private building = true;

  /** Ends the bulk load: sorts the words once and indexes the vocabulary's trigrams. */
  private resort() {
    this.sorted.sort(byteCompare);
    for (const w of this.wordById) if (w.term) this.indexTrigrams(w);
    // Lists grown by push keep spare capacity: exact copies.
    for (const [g, list] of this.trigramIndex) this.trigramIndex.set(g, list.slice());
    this.postings.trim();
    this.cards.trim();
    this.building = false;
  }

  private indexTrigrams(w: Word) {
    const t = trigrams(w.text);
    this.trigramCount[w.id] = t.size;
    for (const g of t) {
      const list = this.trigramIndex.get(g);
      if (list) list.push(w.id);
      else this.trigramIndex.set(g, [w.id]);
    }
  }

  /** The words starting with `prefix`, in byte order. */
  *withPrefix(prefix: string): Generator<Word> {
    for (let i = lowerBound(this.sorted, prefix); i < this.sorted.length; i++) {
      const text = this.sorted[i]!;
      if (!text.startsWith(prefix)) break;
      yield this.words.get(text)!;
    }
  }

  /** The product card as the API shows it, its category as the categories are named now. */
  card(doc: number): CatalogueProduct {
    return this.codec.decode(doc, this.cards.get(doc)) as CatalogueProduct;
  }

  /** What a suggestion shows of a product: the card's id, name, SKU, image and list price. */
  summary(doc: number): Pick<CatalogueProduct, '_id' | 'name' | 'sku' | 'img' | 'price'> {
    const json = this.cards.get(doc);
    // Read off the card's JSON (decoding up to ten whole cards was a sixth of a suggestion's cost); a card whose
    // shape does not allow it is decoded whole.
    const fields = this.codec.strings(json, SUMMARY);
    if (!fields) {
      const { _id, name, sku, img, price } = this.codec.decode(doc, json) as CatalogueProduct;
      return { _id, name, sku, img, price };
    }
    const [name, sku, img] = fields as [string, string, string];
    return { _id: this.ids[doc]!, name, sku, img, price: centsToDollars(this.priceCents[doc]!) };
  }

  /** Documents per word, as a bitset. */
  docsOf(w: Word, into = new TypedFastBitSet()): TypedFastBitSet {
    this.postings.addTo(w.id, into);
    return into;
  }

  // --------------------------------------------------------------------------------------------- sort orders

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
  private staleOrders = new Set<OrderKind>(ORDER_KINDS);

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
  // documents all hold a value in it. Both are made when first asked after a change that moves them.

  /** Bumped when a document is added, removed or changes category (what `specFull` counts over). */
  private membership = 0;
  /** Dropped when a value in the column changes, or a document holding one is added or changes category. */
  private specOrders = new Map<number, { docs: Uint32Array; from: Int32Array }>();
  private specFulls = new Map<number, { at: number; full: Uint8Array }>();

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

type OrderKind = 'price_asc' | 'newest' | 'name' | 'sku';
const ORDER_KINDS: OrderKind[] = ['price_asc', 'newest', 'name', 'sku'];

/** The first index whose string is not below `s` (byte order). */
function lowerBound(sorted: string[], s: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (byteCompare(sorted[mid]!, s) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The oldest transaction still running now (32-bit): every change not yet visible will carry this xid or a newer one. */
async function horizonOf(db: Db): Promise<string> {
  const { rows } = await db.execute<{ x: string }>(
    sql`select (txid_snapshot_xmin(txid_current_snapshot()) % 4294967296)::text as x`,
  );
  return rows[0]!.x;
}
