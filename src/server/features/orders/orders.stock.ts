import { and, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { orders } from '../../db/schema';
import type { Db, Tx } from '../../infra/db';
import { moveStock, type BackInStockMail } from '../inventory/inventory.service';
import type { StaffMail } from '../notifications/index';

type OrderStockReason = 'order_reserved' | 'order_paid_late';
type OrderReleaseReason = 'order_cancelled' | 'order_expired';

/**
 * Takes stock atomically (and writes it in the inventory ledger): succeeds only while enough is left, and `when`
 * holds if given.
 */
export function reserveStock(
  tx: Tx,
  order: { id: string; productId: string; quantity: number },
  staff: StaffMail,
  reason: OrderStockReason = 'order_reserved',
  when?: SQL,
): Promise<boolean> {
  const { id: orderId, productId, quantity } = order;
  return moveStock(tx, {
    productId,
    delta: -quantity,
    reason,
    orderId,
    onlyIfAvailable: true,
    notify: null,
    staff,
    when,
  });
}

/** Gives an order's stock back; customers waiting for the product are mailed when it can be ordered again. */
export async function releaseStock(
  tx: Tx,
  order: { id: string; productId: string; quantity: number },
  reason: OrderReleaseReason,
  notify: BackInStockMail,
) {
  const { id: orderId, productId, quantity } = order;
  await moveStock(tx, { productId, delta: quantity, reason, orderId, notify, staff: notify });
}

/**
 * Unpaid orders older than the expiry time that never started a payment become Expired and give their stock back, in
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
          lt(orders.createdAt, new Date(now.getTime() - expiryMs)),
          isNull(orders.paymentIntentId),
          // A checkout's intent is on the checkout: its lines are settled with it (checkout's sweep), never here.
          sql`not exists (select 1 from checkouts c where c.id = ${orders.checkoutId} and c.payment_intent_id is not null)`,
        ),
      )
      .returning({ id: orders.id, productId: orders.productId, quantity: orders.quantity });
    // One ledger row per order, so a product's history names each expired order.
    for (const e of expired) await releaseStock(tx, e, 'order_expired', notify);
    return expired.length;
  });
}
