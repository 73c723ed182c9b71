import { sql, type SQL } from 'drizzle-orm';
import type { StockHistory, StockMovement, StockReason } from '@shared/inventory/inventory.schema';
import { notFound } from '../../infra/errors';
import type { Db, Tx } from '../../infra/db';
import { answerWaiting, type BackInStockMail } from './back-in-stock';

export {
  answerWaiting,
  isWaiting,
  orderableNowMessage,
  requestNotice,
  withdrawNotice,
  type BackInStockMail,
} from './back-in-stock';

export interface StockChange {
  productId: string;
  /** Units added (positive) or taken (negative). */
  delta: number;
  reason: StockReason;
  orderId?: string | undefined;
  actorEmail?: string | undefined;
  /** Take only while enough is left (orders); otherwise the database's non-negative check still holds. */
  onlyIfAvailable?: boolean;
  /**
   * Where a rise in stock answers the product's back-in-stock requests, in this transaction. Every caller says it:
   * null when stock only goes down, or when the caller answers them itself after its other changes (a product
   * edit that also changes the minimum order).
   */
  notify: BackInStockMail | null;
  /** A further condition the change must meet in the same statement (an order's customer limits). */
  when?: SQL | undefined;
}

/**
 * The one way stock changes after a product exists: the conditional update and its ledger row are one statement,
 * so the row's before/after are exactly what this update saw under the row lock, whatever runs concurrently.
 * Returns false when `onlyIfAvailable` found too little stock or `when` was false (nothing changed).
 */
export async function moveStock(tx: Tx | Db, c: StockChange): Promise<boolean> {
  if (c.delta === 0) return true;
  const guard = sql.join(
    [
      ...(c.onlyIfAvailable ? [sql`and p.quantity + ${c.delta} >= 0`] : []),
      ...(c.when ? [sql`and ${c.when}`] : []),
    ],
    sql` `,
  );
  const { rows } = await tx.execute(sql`
    with moved as (
      update products p set quantity = p.quantity + ${c.delta}
      where p.id = ${c.productId} ${guard}
      returning p.id, p.quantity)
    insert into stock_movements (product_id, delta, quantity_before, quantity_after, reason, order_id, actor_email)
    select id, ${c.delta}, quantity - ${c.delta}, quantity, ${c.reason}, ${c.orderId ?? null}, ${c.actorEmail ?? null}
    from moved
    returning id`);
  // Taking stock never brings a product back: the hot path of ordering pays nothing here.
  if (rows.length > 0 && c.delta > 0 && c.notify) await answerWaiting(tx, [c.productId], c.notify);
  return rows.length > 0;
}

interface MovementRow extends Record<string, unknown> {
  id: string | number;
  delta: number;
  before: number;
  after: number;
  reason: string;
  orderId: string | null;
  actorEmail: string | null;
  at: string;
}

/** A product's stock history, newest first, paged by id (keyset on the product's index). */
export async function listMovements(
  db: Db,
  productId: string,
  q: { limit: number; before?: number | undefined },
): Promise<StockHistory> {
  const { rows: product } = await db.execute<{ quantity: number }>(
    sql`select quantity from products where id = ${productId}`,
  );
  if (!product[0]) throw notFound('Product');
  const { rows } = await db.execute<MovementRow>(sql`
    select id, delta, quantity_before as before, quantity_after as after, reason, order_id as "orderId",
      actor_email as "actorEmail",
      to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
    from stock_movements
    where product_id = ${productId} ${q.before ? sql`and id < ${q.before}` : sql``}
    order by id desc limit ${q.limit + 1}`);
  const movements: StockMovement[] = rows.slice(0, q.limit).map((r) => ({ ...r, id: Number(r.id) }));
  return {
    quantity: product[0].quantity,
    movements,
    nextBefore: rows.length > q.limit ? movements[movements.length - 1]!.id : null,
  };
}

/**
 * Names who and why for the opening ledger rows that the insert trigger writes in this transaction (products
 * created by an admin or an import); without it they read "created" with no actor.
 */
export async function attributeNewStock(tx: Tx, reason: 'created' | 'import', actorEmail: string) {
  await tx.execute(
    sql`select set_config('shop.stock_reason', ${reason}, true), set_config('shop.stock_actor', ${actorEmail}, true)`,
  );
}

/** Many products' stock changes in one statement, each with its ledger row (bulk writers: the CSV import). */
export async function moveStockBulk(
  tx: Tx,
  changes: { productId: string; delta: number }[],
  reason: StockReason,
  actorEmail: string,
) {
  const moved = changes.filter((c) => c.delta !== 0);
  if (moved.length === 0) return;
  await tx.execute(sql`
    with v as (
      select * from unnest(${sql.param(moved.map((c) => c.productId))}::uuid[],
        ${sql.param(moved.map((c) => c.delta))}::int[]) as v(id, delta)),
    moved as (
      update products p set quantity = p.quantity + v.delta from v where p.id = v.id
      returning p.id, p.quantity, v.delta)
    insert into stock_movements (product_id, delta, quantity_before, quantity_after, reason, actor_email)
    select id, delta, quantity - delta, quantity, ${reason}, ${actorEmail} from moved`);
}
