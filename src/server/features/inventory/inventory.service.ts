import { sql, type SQL } from 'drizzle-orm';
import type { StockHistory, StockMovement, StockReason } from '@shared/inventory/inventory.schema';
import { formatOrderNumber } from '@shared/orders/order-number';
import { notFound } from '../../infra/errors';
import type { Db, Tx } from '../../infra/db';
import { notifyStaff, type StaffMail } from '../notifications/index';
import { recordEvent } from '../webhooks/index';
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
  /** The order's number (decision 049), for the staff's low-stock mail; the ledger keeps the id. */
  orderNumber?: number | undefined;
  actorEmail?: string | undefined;
  /** Take only while enough is left (orders); otherwise the database's non-negative check still holds. */
  onlyIfAvailable?: boolean;
  /**
   * Where a rise in stock answers the product's back-in-stock requests, in this transaction. Every caller says it:
   * null when stock only goes down, or when the caller answers them itself after its other changes (a product
   * edit that also changes the minimum order).
   */
  notify: BackInStockMail | null;
  /** Who hears when this change takes the product to its low-stock threshold (decision 034), in this transaction. */
  staff: StaffMail;
  /** A further condition the change must meet in the same statement (an order's customer limits). */
  when?: SQL | undefined;
  /**
   * Part of a pair that leaves the stock as it was (a returned unit received and scrapped): says nothing to staff,
   * since the stock did not really fall.
   */
  quiet?: boolean;
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
  // A data-modifying WITH runs once whether or not the final select reads it: the ledger row is always written.
  const { rows } = await tx.execute<Moved>(sql`
    with moved as (
      update products p set quantity = p.quantity + ${c.delta}
      where p.id = ${c.productId} ${guard}
      returning ${movedColumns}),
    logged as (
      insert into stock_movements (product_id, delta, quantity_before, quantity_after, reason, order_id, actor_email)
      select id, ${c.delta}, quantity - ${c.delta}, quantity, ${c.reason}, ${c.orderId ?? null}, ${c.actorEmail ?? null}
      from moved)
    select * from moved`);
  const moved = rows[0];
  // Taking stock never brings a product back: the hot path of ordering pays nothing here.
  if (moved && c.delta > 0 && c.notify) await answerWaiting(tx, [c.productId], c.notify);
  if (moved && !c.quiet && crossed(moved, c.delta)) {
    await notifyStaff(tx, c.staff, lowStockNotice(c.staff, [moved], c));
    await announceLow(tx, [moved]);
  }
  return Boolean(moved);
}

/** What a stock update returns: enough to tell whether it crossed the product's low-stock threshold, and name it. */
interface Moved extends Record<string, unknown> {
  id: string;
  name: string;
  sku: string;
  quantity: number;
  delta: number;
  threshold: number;
  live: boolean;
}

/** The threshold is the product's own, else its minimum order (the overview's "below minimum order"). */
const movedColumns = sql.raw(
  'p.id, p.name, p.sku, p.quantity, coalesce(p.low_stock_threshold, p.min_order) as threshold, p.archived_at is null as live',
);

/**
 * Staff hear of low stock once per fall: when a change takes the stock from above the threshold to at or below it.
 * Further sales while low, and restocks, say nothing; a restock above the threshold arms it again. Each update's
 * before and after are exact under the row lock, so concurrent sales cross it once between them.
 */
const crossed = (m: Moved, delta: number) =>
  m.live && delta < 0 && m.quantity - delta > m.threshold && m.quantity <= m.threshold;

function lowStockNotice(
  staff: StaffMail,
  low: Moved[],
  why: {
    reason: string;
    orderId?: string | undefined;
    orderNumber?: number | undefined;
    actorEmail?: string | undefined;
  },
) {
  const order =
    why.orderNumber !== undefined
      ? ` (order ${formatOrderNumber(why.orderNumber)})`
      : why.orderId
        ? ` (order ${why.orderId})`
        : '';
  const cause = `Last change: ${why.reason.replaceAll('_', ' ')}${order}${why.actorEmail ? ` by ${why.actorEmail}` : ''}.`;
  const item = (m: Moved) =>
    `${m.name} (SKU ${m.sku}): ${m.quantity} left, low-stock threshold ${m.threshold}.`;
  const shown = low.slice(0, LOW_STOCK_LISTED);
  const first = low[0]!;
  return {
    subject:
      low.length === 1
        ? `Low stock: ${first.name} (${first.quantity} left)`
        : `Low stock: ${low.length} products`,
    paragraphs: [
      low.length === 1
        ? 'This product has fallen to its low-stock threshold:'
        : `${low.length} products have fallen to their low-stock thresholds:`,
      ...shown.map(item),
      ...(low.length > shown.length ? [`…and ${low.length - shown.length} more.`] : []),
      cause,
      'You hear of each product once per fall; restocking it above its threshold arms the next notice.',
    ],
    action:
      low.length === 1
        ? { label: 'See the product', url: `${staff.baseUrl}/dashboard/manage-product/${first.id}` }
        : { label: 'See the store overview', url: `${staff.baseUrl}/dashboard/overview` },
  };
}

/** A bulk change that takes many products low sends one mail listing this many of them, not one mail each. */
const LOW_STOCK_LISTED = 20;

/**
 * The orders' numbers by id. Orders depend on inventory (they move stock), so the orders feature's lookup is handed
 * in where the routes are wired (api.ts) rather than imported.
 */
export type OrderNumbersOf = (orderIds: string[]) => Promise<Map<string, number>>;

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
  orderNumbers: OrderNumbersOf,
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
  const page = rows.slice(0, q.limit);
  const numbers = await orderNumbers(page.flatMap((r) => (r.orderId ? [r.orderId] : [])));
  const movements: StockMovement[] = page.map((r) => ({
    ...r,
    id: Number(r.id),
    orderNumber: r.orderId ? (numbers.get(r.orderId) ?? null) : null,
  }));
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
  staff: StaffMail,
) {
  const moved = changes.filter((c) => c.delta !== 0);
  if (moved.length === 0) return;
  const { rows } = await tx.execute<Moved>(sql`
    with v as (
      select * from unnest(${sql.param(moved.map((c) => c.productId))}::uuid[],
        ${sql.param(moved.map((c) => c.delta))}::int[]) as v(id, delta)),
    moved as (
      update products p set quantity = p.quantity + v.delta from v where p.id = v.id
      returning ${movedColumns}, v.delta),
    logged as (
      insert into stock_movements (product_id, delta, quantity_before, quantity_after, reason, actor_email)
      select id, delta, quantity - delta, quantity, ${reason}, ${actorEmail} from moved)
    select * from moved order by name`);
  const low = rows.filter((m) => crossed(m, m.delta));
  if (low.length) await notifyStaff(tx, staff, lowStockNotice(staff, low, { reason, actorEmail }));
  await announceLow(tx, low);
}

/**
 * Takes the stock of several orders' products in one statement (a sale's lines, each product once): the rows are
 * locked in product-id order, as one update per line in that order would lock them, each is taken only while enough
 * is left, and each taken product gets its ledger row naming its order. Returns the products taken; the caller
 * refuses the sale (and so rolls all of it back) unless every one was. Staff hear of each crossing as moveStock tells.
 */
export async function takeStockForOrders(
  tx: Tx,
  takes: { productId: string; quantity: number; orderId: string; orderNumber?: number | undefined }[],
  reason: StockReason,
  staff: StaffMail,
): Promise<Set<string>> {
  const { rows } = await tx.execute<Moved & { orderId: string }>(sql`
    with v as (
      select * from unnest(${sql.param(takes.map((t) => t.productId))}::uuid[],
        ${sql.param(takes.map((t) => t.quantity))}::int[],
        ${sql.param(takes.map((t) => t.orderId))}::uuid[]) as v(id, quantity, order_id)),
    locked as materialized (
      select p.id from products p where p.id in (select id from v) order by p.id for no key update),
    moved as (
      update products p set quantity = p.quantity - v.quantity
      from v where p.id = v.id and p.id in (select id from locked) and p.quantity - v.quantity >= 0
      returning ${movedColumns}, -v.quantity as delta, v.order_id as "orderId"),
    logged as (
      insert into stock_movements (product_id, delta, quantity_before, quantity_after, reason, order_id)
      select id, delta, quantity - delta, quantity, ${reason}, "orderId" from moved)
    select * from moved order by id`);
  for (const m of rows) {
    if (!crossed(m, m.delta)) continue;
    const orderNumber = takes.find((t) => t.productId === m.id)?.orderNumber;
    await notifyStaff(tx, staff, lowStockNotice(staff, [m], { reason, orderId: m.orderId, orderNumber }));
    await announceLow(tx, [m]);
  }
  return new Set(rows.map((m) => m.id));
}

/**
 * Locks these products' rows in product-id order (the order every stock move takes them in, so two sales sharing
 * products never wait in a circle) and reads their stock. `for no key update`, the lock a stock update takes: a
 * sale's own order insert already holds key-share on the row through its foreign key, as every concurrent buyer's
 * does, and `for update` would wait on those while they wait on it.
 */
export async function lockStock(tx: Tx, productIds: readonly string[]): Promise<Map<string, number>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const { rows } = await tx.execute<{ id: string; quantity: number }>(sql`
    select p.id, p.quantity from products p where p.id = any(${sql.param(ids)}::uuid[])
    order by p.id for no key update`);
  return new Map(rows.map((r) => [r.id, Number(r.quantity)]));
}

/** Webhook endpoints hear of the same crossings as staff, one `stock.low` event per product (decision 061). */
async function announceLow(tx: Tx | Db, low: Moved[]) {
  for (const m of low)
    await recordEvent(tx, {
      type: 'stock.low',
      data: { _id: m.id, name: m.name, sku: m.sku, quantity: m.quantity, lowStockThreshold: m.threshold },
    });
}
