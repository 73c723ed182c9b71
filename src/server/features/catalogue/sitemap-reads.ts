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

/**
 * A product's last change: its creation or the latest audited edit of it (name, price, description, image,
 * documents), read through the audit log's (entity_type, entity_id, created_at) index rather than a column of
 * its own, so the catalogue needs no migration. Stock movements are not content changes and do not count.
 */
const productLastmod = sql`greatest(p.created_at, (
  select max(a.created_at) from audit_log a where a.entity_type = 'product' and a.entity_id = p.id::text
))`;

/** How many products the catalogue shows (not archived). */
export async function countListedProducts(db: Db): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from products where archived_at is null`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * The listed products in id order, from the `skip`-th on, at most `limit` of them, read in keyset batches of
 * SITEMAP_BATCH (one batch in memory at a time).
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
  while (left > 0) {
    const take = Math.min(batch, left);
    const { rows } = await db.execute<{ id: string; name: string; lastmod: unknown }>(sql`
      select p.id, p.name, ${productLastmod} as lastmod from products p
      where p.archived_at is null ${after === null ? sql`` : sql`and p.id > ${after}::uuid`}
      order by p.id limit ${take}`);
    for (const r of rows) yield { id: r.id, name: r.name, lastmod: toDate(r.lastmod) };
    if (rows.length < take) return;
    left -= rows.length;
    after = rows[rows.length - 1]!.id;
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
