import { and, eq, isNotNull } from 'drizzle-orm';
import { orders } from '../../db/schema';
import { AppError } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import { recordAudit } from '../audit/audit.service';
import { sendOrderMail } from './orders.mail';
import type { OrderDeps, OrderRow } from './orders.model';
import type { OrderLine } from './orders.line-delivery';
import { closeUnpaid, type Payable } from './orders.payable';
import { orderPayable } from './orders.payment';
import { expireUnpaidOrders } from './orders.stock';
import { holdEndedSql } from './orders.holds';

/** How many orders with a payment in flight one sweep expires (each needs a call to the provider). */
const SWEEP_BATCH = 50;

/** A single order closes as its payable does; an admin's cancel is audited in the same transaction. */
function closingOrder(deps: OrderDeps, id: string): Payable<OrderRow> {
  return {
    ...orderPayable(deps, id),
    closed: async (tx, [row], to, actor) => {
      if (actor?.role !== 'admin') return;
      // An admin cancelling a customer's order tells them; cancelling one's own needs no mail.
      if (row!.userId !== actor.id) await sendOrderMail(deps.mail, 'cancelledByShop', row!, tx);
      await recordAudit(tx, actor, {
        kind: 'order.cancelled',
        entityType: 'order',
        entityId: row!.id,
        summary: `Cancelled ${row!.name}'s order of ${row!.quantity} × ${row!.productName}`,
        before: { orderStatus: row!.orderStatus },
        after: { orderStatus: to },
      });
    },
  };
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
): Promise<OrderLine> {
  const { lines } = await closeUnpaid(deps, closingOrder(deps, row.id), row, to, actor);
  return lines[0]!;
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
        holdEndedSql(now, deps.expiryMs),
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
