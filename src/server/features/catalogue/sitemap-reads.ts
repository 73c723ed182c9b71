import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db';

/** One page of a crawlable list: what the URL is built from, and when its content last changed. */
export interface SitemapRow {
  id: string;
  name: string;
  lastmod: Date | null;
}

/** Rows read per query while a sitemap streams: memory stays flat however large the catalogue. */
export const SITEMAP_BATCH = 1000;

const toDate = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

/** How many products the catalogue shows (not archived). */
export async function countListedProducts(db: Db): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from products where archived_at is null`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * One batch of listed products after `after` (id order), each with its last change: the later of its creation and
 * its latest audited edit (name, price, description, image, documents; every admin edit is audited in its own
 * transaction, so the catalogue needs no column of its own; stock movements are not content changes). The batch's
 * edits are read as one range of audit_entity_idx, from the least to the greatest of the batch's ids as text (in
 * the column's collation, so the range holds them all whatever its order), and joined by hash: not one index probe
 * per product, which cost more than reading the products themselves at 100,000 (decision 057).
 */
async function productBatch(db: Db, after: string | null, take: number): Promise<SitemapRow[]> {
  const { rows } = await db.execute<{ id: string; name: string; lastmod: unknown }>(sql`
    with b as materialized (
      select p.id, p.name, p.created_at from products p
      where p.archived_at is null ${after === null ? sql`` : sql`and p.id > ${after}::uuid`}
      order by p.id limit ${take})
    select b.id, b.name, greatest(b.created_at, e.last) as lastmod from b left join (
      select a.entity_id, max(a.created_at) as last from audit_log a
      where a.entity_type = 'product'
        and a.entity_id >= (select min(b.id::text) from b) and a.entity_id <= (select max(b.id::text) from b)
      group by a.entity_id) e on e.entity_id = b.id::text
    order by b.id`);
  return rows.map((r) => ({ id: r.id, name: r.name, lastmod: toDate(r.lastmod) }));
}

/**
 * The listed products in id order, from the `skip`-th on, at most `limit` of them, read in keyset batches of
 * SITEMAP_BATCH: the next batch is read while this one is written out, so at most two are in memory at a time.
 */
export async function* listedProducts(
  db: Db,
  skip: number,
  limit: number,
  batch = SITEMAP_BATCH,
): AsyncGenerator<SitemapRow> {
  let after: string | null = null;
  if (skip > 0) {
    // The id just before the first wanted row: one index walk, instead of paging through everything before it.
    const { rows } = await db.execute<{ id: string }>(
      sql`select id from products where archived_at is null order by id offset ${skip - 1} limit 1`,
    );
    if (!rows[0]) return;
    after = rows[0].id;
  }
  let left = limit;
  const read = (from: string | null) => {
    const take = Math.min(batch, left);
    const rows = productBatch(db, from, take);
    // A reader that stops early (the crawler hung up) leaves the read ahead unawaited: not an unhandled rejection.
    rows.catch(() => undefined);
    return { take, rows };
  };
  let next: ReturnType<typeof read> | null = left > 0 ? read(after) : null;
  while (next) {
    const { take, rows: pending } = next;
    const rows = await pending;
    left -= rows.length;
    next = rows.length === take && left > 0 ? read(rows.at(-1)!.id) : null;
    yield* rows;
  }
}

/**
 * Every category (a few dozen rows) with its slug as `id`, and as last change the newest of its own audited edits
 * and its listed products' creation.
 */
export async function listedCategories(db: Db): Promise<SitemapRow[]> {
  const { rows } = await db.execute<{ slug: string; name: string; lastmod: unknown }>(sql`
    select c.slug, c.name, greatest(
      (select max(p.created_at) from products p where p.category_id = c.id and p.archived_at is null),
      (select max(a.created_at) from audit_log a where a.entity_type = 'category' and a.entity_id = c.id::text)
    ) as lastmod
    from categories c order by c.position, c.slug`);
  return rows.map((r) => ({ id: r.slug, name: r.name, lastmod: toDate(r.lastmod) }));
}

/** A listed product's name (what its URL's slug is made from), or undefined for an unknown or archived one. */
export async function listedProductName(db: Db, id: string): Promise<string | undefined> {
  const { rows } = await db.execute<{ name: string }>(
    sql`select name from products where id = ${id}::uuid and archived_at is null`,
  );
  return rows[0]?.name;
}
