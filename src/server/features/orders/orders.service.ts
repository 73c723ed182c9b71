import { eq } from 'drizzle-orm';
import { checkoutMessages } from '@shared/checkout/checkout.schema';
import type { Order } from '@shared/orders/orders.schema';
import { orders } from '../../db/schema';
import { checkoutOfLine, toOrder, totalCents, type OrderDeps, type OrderRow } from './orders.model';
import { asLine, keepDelivery, selectLines, type OrderLine } from './orders.line-delivery';
import { AppError, notFound } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import type { Db } from '../../infra/db';
import { recordAudit } from '../audit/audit.service';
import { closeUnpaidOrder } from './orders.close';
import { assertOwnerOrAdmin, lockOrder } from './orders.payment';
import { isPastWindow } from './orders.holds';
import { sendOrderMail } from './orders.mail';
import { withShipments } from './orders.shipments';
import { onAccountOf } from './orders.lists';

export { expireUnpaidOrders } from './orders.stock';
export { closeUnpaidOrder, sweepExpiredOrders } from './orders.close';
export { markOrderPaid, payOrder, type PaymentConfirmation } from './orders.payment';
export { defineRefundJob, REFUND_JOB } from './orders.refunds';
export { refundPaidOrder } from './orders.admin-refund';
export { orderDeps, type OrderDeps } from './orders.model';
export { listAllOrders, listOrdersOf } from './orders.lists';
export { reviewOrder, type ReviewedOrder } from './orders.reviews';
export { orderStats } from './orders.stats';

/** Cancels an unpaid, pending order (its owner or an admin): kept on record as Cancelled, its stock released. */
export async function cancelOrder(deps: OrderDeps, actor: SessionUser, id: string): Promise<Order> {
  const row = await findOrder(deps.db, actor, id);
  if (row.paymentStatus) throw new AppError('conflict', 'A paid order can no longer be cancelled.');
  if (checkoutOfLine(row)) throw new AppError('conflict', checkoutMessages.lineOfCheckout);
  if (row.orderStatus !== 'Pending')
    throw new AppError('conflict', `This order is already ${row.orderStatus.toLowerCase()}.`);
  return toOrder(await closeUnpaidOrder(deps, row, 'Cancelled', actor), deps.expiryMs);
}

/** Marks a paid order Delivered, which is what lets the customer review it. Admins only (checked by the route). */
export async function deliverOrder(deps: OrderDeps, actor: SessionUser, id: string): Promise<Order> {
  const row = await deps.db.transaction(async (tx) => {
    const row = await lockOrder(tx, id);
    if (!row.paymentStatus) throw new AppError('conflict', 'Only a paid order can be delivered.');
    if (row.orderStatus !== 'Pending')
      throw new AppError('conflict', `This order is already ${row.orderStatus.toLowerCase()}.`);
    const [updated] = await tx
      .update(orders)
      .set({ orderStatus: 'Delivered', review: true, deliveredAt: new Date() })
      .where(eq(orders.id, id))
      .returning();
    await recordAudit(tx, actor, {
      kind: 'order.delivered',
      entityType: 'order',
      entityId: id,
      summary: `Delivered ${row.name}'s order of ${row.quantity} × ${row.productName}`,
      before: { orderStatus: row.orderStatus, review: row.review },
      after: { orderStatus: 'Delivered', review: true },
    });
    await sendOrderMail(deps.mail, 'delivered', updated!, tx);
    return keepDelivery([updated!], [row])[0]!;
  });
  return toOrder(row, deps.expiryMs);
}

async function findOrder(db: Db, actor: SessionUser, id: string): Promise<OrderLine> {
  const [found] = await selectLines(db).where(eq(orders.id, id));
  if (!found) throw notFound('Order');
  const row = asLine(found);
  assertOwnerOrAdmin(actor, row);
  return row;
}

export async function getOrder(deps: OrderDeps, actor: SessionUser, id: string): Promise<Order> {
  const row = await findOrder(deps.db, actor, id);
  const onAccount = await onAccountOf(deps.db, checkoutOfLine(row));
  const [order] = await withShipments(deps.db, [
    toOrder(row, deps.expiryMs, undefined, undefined, onAccount),
  ]);
  return order!;
}

/** What the payments feature needs to charge an order (its owner or an admin), never more. */
export interface PayableOrder {
  id: string;
  email: string;
  amountCents: number;
  paymentStatus: boolean;
  orderStatus: OrderRow['orderStatus'];
}

export async function getPayableOrder(
  deps: OrderDeps,
  actor: SessionUser,
  id: string,
): Promise<PayableOrder> {
  const row = await findOrder(deps.db, actor, id);
  const { email, paymentStatus } = row;
  // Past its checkout window it can no longer be paid, even before the sweep has marked it Expired.
  const orderStatus = isPastWindow(row, deps.expiryMs) ? 'Expired' : row.orderStatus;
  return { id: row.id, email, amountCents: totalCents(row), paymentStatus, orderStatus };
}

/** Remembers the provider's intent for an order (one intent per order and amount). */
export async function recordPaymentIntent(db: Db, orderId: string, intentId: string): Promise<void> {
  await db.update(orders).set({ paymentIntentId: intentId }).where(eq(orders.id, orderId));
}

/** The spec's single-order pay and cancel refuse an unpaid line of a checkout: the checkout is paid or cancelled whole. */
export async function assertNotCheckoutLine(db: Db, orderId: string): Promise<void> {
  const [row] = await db
    .select({ id: orders.id, checkoutId: orders.checkoutId, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (row && checkoutOfLine(row) && !row.paymentStatus)
    throw new AppError('conflict', checkoutMessages.lineOfCheckout);
}
