import { sql } from 'drizzle-orm';
import type { CatalogueProduct } from '@shared/catalogue/search.schema';
import type { Db } from '../../infra/db';
import {
  attributeOrder,
  keySpecsFromValues,
  loadAttributes,
  loadCategories,
  productColumns,
  toCatalogueProduct,
} from '../catalogue/index';
import type { Row } from './search-index.columns';
import { SortedColumns } from './search-index.orders';
import { centsToDollars } from '@shared/common/money';

export { PACKED_MAX, packFacets } from './search-index.columns';

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
export class SearchIndexData extends SortedColumns {
  /** Whether the database orders text by code point (name sort and SKU order are then exact here). */
  codePointOrder = false;
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

  /** Ends the bulk load: sorts the words once, indexes the vocabulary's trigrams and trims the spare room. */
  private resort() {
    this.endBulkLoad();
    this.cards.trim();
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
}

/** The oldest transaction still running now (32-bit): every change not yet visible will carry this xid or a newer one. */
async function horizonOf(db: Db): Promise<string> {
  const { rows } = await db.execute<{ x: string }>(
    sql`select (txid_snapshot_xmin(txid_current_snapshot()) % 4294967296)::text as x`,
  );
  return rows[0]!.x;
}
