import { sql, type SQL } from 'drizzle-orm';
import { equipmentMessages, type FittingPart, SERIAL_MAX } from '@shared/equipment/equipment.schema';
import { partReplacements } from '../../db/schema';
import { fieldError } from '../../infra/errors';
import type { Db, Tx } from '../../infra/db';

/**
 * Which parts fit which machines: the model's service plan and its explicit fit list, each rule within an optional
 * serial range, and every part that replaced a fitting part (the chain followed). One SQL fragment answers it, so
 * the machine page, the product page and the catalogue filter cannot disagree.
 */

/** A serial (or a range bound) as it compares: upper-cased, zero-padded, byte order. */
const keyOf = (col: SQL) => sql`lpad(upper(${col}), ${SERIAL_MAX}, '0') collate "C"`;

/** The rule (alias `r`) covers machine `m`'s serial: no bound, or within the bounds. */
export const serialRangeHolds = (r: SQL) =>
  sql`(${r}.serial_from is null or m.serial_key collate "C" >= ${keyOf(sql`${r}.serial_from`)}) and (${r}.serial_to is null or m.serial_key collate "C" <= ${keyOf(sql`${r}.serial_to`)})`;

/** Products fitting the machines chosen by `machineIds` (a subquery or a list), old parts and their successors. */
export function fittingProductsSql(machineIds: SQL): SQL {
  return sql`(
    with recursive fit(product_id, depth) as (
      select r.product_id, 0 from (
        select model_id, product_id, serial_from, serial_to from service_plan_items
        union all
        select model_id, product_id, serial_from, serial_to from part_fits
      ) r
      join machines m on m.model_id = r.model_id
      where m.id in (${machineIds}) and ${serialRangeHolds(sql`r`)}
      union
      select pr.replaced_by_id, fit.depth + 1 from part_replacements pr join fit on pr.product_id = fit.product_id
      where fit.depth < 50
    )
    select distinct product_id from fit
  )`;
}

/**
 * The ids of every listed product fitting the machines, as the machine page lists them: the newest part of each
 * chain (a replaced part still fits, and its own page says so and leads to its successor).
 */
export async function fittingProductIds(db: Db | Tx, machineIds: SQL): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    select p.id from products p
    where p.archived_at is null and p.id in ${fittingProductsSql(machineIds)}
      and not exists (select 1 from part_replacements pr where pr.product_id = p.id)`);
  return rows.rows.map((r) => r.id);
}

/**
 * The parts a machine's page lists: each fitting part that is not itself replaced, naming the older part it replaces
 * when the rule named that one.
 */
export async function fittingParts(db: Db | Tx, machineId: string): Promise<FittingPart[]> {
  const rows = await db.execute<{
    id: string;
    name: string;
    sku: string | null;
    price_cents: number;
    replaces: string | null;
  }>(sql`
    select p.id, p.name, p.sku, p.price_cents,
      (select string_agg(o.name, ', ' order by o.name) from part_replacements pr join products o on o.id = pr.product_id
        where pr.replaced_by_id = p.id) as replaces
    from products p
    where p.archived_at is null
      and p.id in ${fittingProductsSql(sql`${machineId}::uuid`)}
      and not exists (select 1 from part_replacements pr where pr.product_id = p.id)
    order by p.name, p.id
    limit 500`);
  return rows.rows.map((r) => ({
    productId: r.id,
    name: r.name,
    sku: r.sku,
    priceCents: Number(r.price_cents),
    replaces: r.replaces,
  }));
}

/**
 * The newest listed part of a product's replaced-by chain (the old SKU leads to the new one, chains included); null
 * when nothing listed replaced it. An unlisted part at the chain's end is skipped for the newest listed one before it.
 */
export async function newestOf(db: Db | Tx, productId: string): Promise<{ id: string; name: string } | null> {
  const rows = await db.execute<{ id: string; name: string }>(sql`
    with recursive chain(id, depth) as (
      select ${productId}::uuid, 0
      union all
      select pr.replaced_by_id, chain.depth + 1 from part_replacements pr join chain on pr.product_id = chain.id
      where chain.depth < 50
    )
    select p.id, p.name from chain join products p on p.id = chain.id
    where p.archived_at is null order by chain.depth desc limit 1`);
  const last = rows.rows[0];
  return last && last.id !== productId ? last : null;
}

/**
 * Marks `productId` replaced by `replacedById` (or not replaced, with null). A replacement that would lead back to
 * the product is refused with 400, so every chain ends.
 */
export async function setReplacement(tx: Tx, productId: string, replacedById: string | null) {
  if (replacedById === null) {
    await tx.delete(partReplacements).where(sql`${partReplacements.productId} = ${productId}`);
    return;
  }
  if (replacedById === productId)
    throw fieldError('bad_request', 'replacedById', equipmentMessages.replacementCycle);
  // Serialise chain edits: two edits at once could each see no cycle and together make one.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('part_replacements'))`);
  const loop = await tx.execute<{ id: string }>(sql`
    with recursive chain(id, depth) as (
      select ${replacedById}::uuid, 0
      union all
      select pr.replaced_by_id, chain.depth + 1 from part_replacements pr join chain on pr.product_id = chain.id
      where chain.depth < 1000
    )
    select id from chain where id = ${productId}::uuid limit 1`);
  if (loop.rows.length) throw fieldError('bad_request', 'replacedById', equipmentMessages.replacementCycle);
  await tx
    .insert(partReplacements)
    .values({ productId, replacedById })
    .onConflictDoUpdate({ target: partReplacements.productId, set: { replacedById } });
}
