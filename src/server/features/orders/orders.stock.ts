import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { orders, products } from '../../db/schema';
import type { Db, Tx } from '../../infra/db';
import { shipDateAfter } from '@shared/orders/orders.schema';
import {
  lockStock,
  moveStock,
  takeStockForOrders,
  type BackInStockMail,
} from '../inventory/inventory.service';
import type { StaffMail } from '../notifications/index';
import { holdEndedSql } from './orders.holds';

type OrderStockReason = 'order_reserved' | 'order_paid_late';
type OrderReleaseReason = 'order_cancelled' | 'order_expired';

/** An order's units, and how many of them are on backorder (never taken from stock, never given back). */
export interface StockedOrder {
  id: string;
  /** Names the order in the staff's low-stock mail (decision 049) when the caller has it. */
  orderNumber?: number | undefined;
  productId: string;
  quantity: number;
  backorderedQuantity?: number | undefined;
}

/** The units an order holds in stock: what it ordered less what is on backorder. */
export const reservedUnits = (order: StockedOrder) => order.quantity - (order.backorderedQuantity ?? 0);

/**
 * Takes stock atomically (and writes it in the inventory ledger): succeeds only while enough is left, and `when`
 * holds if given. Only the order's reserved units are taken; its backordered units wait for new stock.
 */
export function reserveStock(
  tx: Tx,
  order: StockedOrder,
  staff: StaffMail,
  reason: OrderStockReason = 'order_reserved',
  when?: SQL,
): Promise<boolean> {
  const { id: orderId, productId, orderNumber } = order;
  const quantity = reservedUnits(order);
  return moveStock(tx, {
    productId,
    delta: -quantity,
    reason,
    orderId,
    orderNumber,
    onlyIfAvailable: true,
    notify: null,
    staff,
    when,
  });
}

/**
 * Takes several orders' stock in one statement (a sale's lines, one product each), rows locked in product-id order;
 * returns the products taken. Each order's reserved units only, as reserveStock takes them.
 */
export function reserveStockOfOrders(
  tx: Tx,
  lines: (StockedOrder & { id: string })[],
  staff: StaffMail,
): Promise<Set<string>> {
  const takes = lines.map((l) => ({
    productId: l.productId,
    quantity: reservedUnits(l),
    orderId: l.id,
    orderNumber: l.orderNumber,
  }));
  return takeStockForOrders(tx, takes, 'order_reserved', staff);
}

/**
 * Gives an order's stock back (only its reserved units: a backordered unit was never taken), or `units` of them;
 * customers waiting for the product are mailed when it can be ordered again.
 */
export async function releaseStock(
  tx: Tx,
  order: StockedOrder,
  reason: OrderReleaseReason,
  notify: BackInStockMail,
  units = reservedUnits(order),
) {
  const { id: orderId, productId, orderNumber } = order;
  const quantity = Math.min(units, reservedUnits(order));
  await moveStock(tx, { productId, delta: quantity, reason, orderId, orderNumber, notify, staff: notify });
}

/**
 * Unpaid orders whose hold has ended (orders.holds.ts) that never started a payment become Expired and give their stock back, in
 * one UPDATE (safe on several instances). Orders with an intent go through expireOrdersWithIntents.
 */
export async function expireUnpaidOrders(
  db: Db,
  expiryMs: number,
  notify: BackInStockMail,
  now = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(orders)
      .set({ orderStatus: 'Expired', cancelledAt: now })
      .where(
        and(
          eq(orders.paymentStatus, false),
          eq(orders.orderStatus, 'Pending'),
          holdEndedSql(now, expiryMs),
          isNull(orders.paymentIntentId),
          // A checkout's intent is on the checkout: its lines are settled with it (checkout's sweep), never here; so
          // are the lines of one still awaiting approval, whose buyer is told when it expires (decision 054).
          sql`not exists (select 1 from checkouts c where c.id = ${orders.checkoutId} and (c.payment_intent_id is not null or c.approval_status = 'awaiting'))`,
        ),
      )
      .returning({
        id: orders.id,
        productId: orders.productId,
        quantity: orders.quantity,
        backorderedQuantity: orders.backorderedQuantity,
      });
    // One ledger row per order, so a product's history names each expired order. Products are locked in id order,
    // as a checkout locks its lines, so a sweep and a checkout never wait on each other in a circle.
    expired.sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
    for (const e of expired) await releaseStock(tx, e, 'order_expired', notify);
    return expired.length;
  });
}

/**
 * Reserves an order that may go on backorder (decision 037): with the product's row locked, it takes what stock there
 * is and writes the rest on the order as backordered, expected to ship `leadTimeDays` from today (UTC). Nothing is
 * backordered while the stock covers the order. Returns the order row as it now stands, or null when `when` (the
 * customer's limits) refused the reservation.
 */
export async function reserveOrBackorder<R extends StockedOrder>(
  tx: Tx,
  order: R,
  leadTimeDays: number,
  staff: StaffMail,
  when?: SQL,
): Promise<R | null> {
  // The lock the stock UPDATE takes, not FOR UPDATE: the order inserted above holds a key-share lock on this row
  // through its foreign key, as every concurrent buyer's does, and FOR UPDATE waits on those while they wait on it
  // (a deadlock); FOR NO KEY UPDATE lets key-share be and still queues the buyers one at a time.
  const [product] = await tx
    .select({ quantity: products.quantity })
    .from(products)
    .where(eq(products.id, order.productId))
    .for('no key update');
  const stock = Math.max(0, product?.quantity ?? 0);
  const backordered = Math.max(0, order.quantity - stock);
  const row = backordered > 0 ? await markBackordered(tx, order, backordered, leadTimeDays) : order;
  // Nothing to take (no stock at all): the limits still decide, as the conditional update would have.
  if (reservedUnits(row) === 0) {
    if (!when) return row;
    const { rows } = await tx.execute<{ ok: boolean }>(sql`select ${when} as ok`);
    return rows[0]?.ok ? row : null;
  }
  return (await reserveStock(tx, row, staff, 'order_reserved', when)) ? row : null;
}

/** Writes `backordered` of the order's units on backorder, expected to ship `leadTimeDays` from today (UTC). */
async function markBackordered<R extends StockedOrder>(
  tx: Tx,
  order: R,
  backordered: number,
  leadTimeDays: number,
): Promise<R> {
  const [updated] = await tx
    .update(orders)
    .set({ backorderedQuantity: backordered, expectedShipOn: shipDateAfter(leadTimeDays) })
    .where(eq(orders.id, order.id))
    .returning();
  return { ...order, ...updated };
}

/** A sale's line as it is reserved: its row, and the lead time of its units above the stock (null: none backorder). */
export interface SaleStockLine<R extends StockedOrder> {
  row: R;
  leadTimeDays: number | null;
}

const byProduct = <T extends { productId: string }>(a: T, b: T) =>
  a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0;

/**
 * Takes a whole sale's stock, the last step of its lock order (docs/decisions/074-one-sale-lock-order.md): with a
 * line that may backorder, every product of the sale is locked first, in product-id order, in one statement
 * (lockStock), so the split between units taken and units backordered is read under the lock; then each product is
 * taken in one statement for all lines (takeStockForOrders, the same id order). Without one, that last statement
 * is all. Each product appears once in a sale. Returns the rows as they now stand (product-id order) and, when the
 * stock no longer covers a line that may not backorder, the first such line in product-id order: the caller
 * refuses the sale, rolling back all of it.
 */
export async function reserveSale<R extends StockedOrder>(
  tx: Tx,
  lines: SaleStockLine<R>[],
  staff: StaffMail,
): Promise<{ rows: R[]; short?: R | undefined }> {
  const sorted = [...lines].sort((a, b) => byProduct(a.row, b.row));
  let rows = sorted.map((l) => l.row);
  if (sorted.some((l) => l.leadTimeDays !== null)) {
    const stock = await lockStock(
      tx,
      rows.map((r) => r.productId),
    );
    rows = [];
    for (const { row, leadTimeDays } of sorted) {
      const left = Math.max(0, stock.get(row.productId) ?? 0);
      const backordered = leadTimeDays === null ? 0 : Math.max(0, row.quantity - left);
      rows.push(backordered > 0 ? await markBackordered(tx, row, backordered, leadTimeDays!) : row);
    }
  }
  const takes = rows.filter((r) => reservedUnits(r) > 0);
  const taken = takes.length ? await reserveStockOfOrders(tx, takes, staff) : new Set<string>();
  return { rows, short: takes.find((r) => !taken.has(r.productId)) };
}
