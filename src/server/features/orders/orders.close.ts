import { and, eq, isNotNull, lt } from 'drizzle-orm';
import { orders } from '../../db/schema';
import { AppError } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import { recordAudit } from '../audit/audit.service';
import type { OrderDeps, OrderRow } from './orders.model';
import { lockOrder, payOrder } from './orders.payment';
import { expireUnpaidOrders, releaseStock } from './orders.stock';

/** How many orders with a payment in flight one sweep expires (each needs a call to the provider). */
const SWEEP_BATCH = 50;

export const paidFirstMessage = 'This order was paid before it could be cancelled.';

/**
 * Stops the order's intent at the provider before the order stops holding stock, so no payment can succeed for an
 * order that is gone. When the payment got there first, the payment wins: the order becomes paid (409 for the caller).
 * A payment still processing cannot be stopped: the order stays as it is and the caller may try again.
 */
async function stopIntent(deps: OrderDeps, row: OrderRow) {
  if (!row.paymentIntentId) return;
  const intent = await deps.payments.cancelIntent(row.paymentIntentId);
  if (intent.status === 'canceled') return;
  if (intent.status === 'succeeded' && intent.orderId === row.id) {
    await payOrder(deps, { orderId: row.id, transactionId: intent.id, amountCents: intent.amountCents });
    throw new AppError('conflict', paidFirstMessage);
  }
  throw new AppError('conflict', 'A payment for this order is in progress. Please try again in a minute.');
}

/**
 * Cancels (its owner or an admin) or expires (the sweep) an unpaid, pending order: its intent is cancelled at the
 * provider first, then the order is closed and its stock released in one transaction. Returns the closed order.
 */
export async function closeUnpaidOrder(
  deps: OrderDeps,
  row: OrderRow,
  to: 'Cancelled' | 'Expired',
  actor?: SessionUser,
): Promise<OrderRow> {
  await stopIntent(deps, row);
  return deps.db.transaction(async (tx) => {
    const current = await lockOrder(tx, row.id);
    if (current.paymentStatus) throw new AppError('conflict', 'A paid order can no longer be cancelled.');
    if (current.orderStatus !== 'Pending')
      throw new AppError('conflict', `This order is already ${current.orderStatus.toLowerCase()}.`);
    // A payment started after we looked: its intent was not stopped, so closing now could strand it.
    if (current.paymentIntentId !== row.paymentIntentId)
      throw new AppError('conflict', 'A payment for this order has just started. Please try again.');
    const [updated] = await tx
      .update(orders)
      .set({ orderStatus: to, cancelledAt: new Date() })
      .where(eq(orders.id, row.id))
      .returning();
    await releaseStock(tx, row, to === 'Expired' ? 'order_expired' : 'order_cancelled', deps.mail);
    if (actor?.role === 'admin') {
      await recordAudit(tx, actor, {
        kind: 'order.cancelled',
        entityType: 'order',
        entityId: row.id,
        summary: `Cancelled ${row.name}'s order of ${row.quantity} × ${row.productName}`,
        before: { orderStatus: row.orderStatus },
        after: { orderStatus: to },
      });
    }
    return updated!;
  });
}

/**
 * The sweep's part for unpaid orders past their window that have an intent: each intent is cancelled at the provider
 * before the order expires (or the order becomes paid, when the payment succeeded meanwhile). An order whose
 * provider cannot be reached keeps its stock until a later sweep gets through; it already reads as Expired.
 */
export async function expireOrdersWithIntents(deps: OrderDeps, now = new Date()): Promise<number> {
  const due = await deps.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.paymentStatus, false),
        eq(orders.orderStatus, 'Pending'),
        lt(orders.createdAt, new Date(now.getTime() - deps.expiryMs)),
        isNotNull(orders.paymentIntentId),
      ),
    )
    .orderBy(orders.createdAt)
    .limit(SWEEP_BATCH);
  let expired = 0;
  for (const row of due) {
    try {
      await closeUnpaidOrder(deps, row, 'Expired');
      expired++;
    } catch (err) {
      if (err instanceof AppError && err.status === 409) continue;
      deps.mail.log.warn({ err, order: row.id }, 'could not expire an order with a payment in flight yet');
    }
  }
  return expired;
}

/** Everything past its checkout window expires: orders without an intent in bulk, the others one by one. */
export async function sweepExpiredOrders(deps: OrderDeps, now = new Date()): Promise<number> {
  return (
    (await expireUnpaidOrders(deps.db, deps.expiryMs, deps.mail, now)) +
    (await expireOrdersWithIntents(deps, now))
  );
}
