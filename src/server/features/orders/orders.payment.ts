import { eq } from 'drizzle-orm';
import { checkoutMessages } from '@shared/checkout/checkout.schema';
import type { Order } from '@shared/orders/orders.schema';
import { orders } from '../../db/schema';
import { AppError, fieldError, notFound } from '../../infra/errors';
import { countOrderPaid } from './orders.metrics';
import type { SessionUser } from '../../http/auth-guard';
import type { Tx } from '../../infra/db';
import { invoiceOrder } from './orders.invoicing';
import { sendOrderMail } from './orders.mail';
import { toOrder, totalCents, type OrderDeps, type OrderRow } from './orders.model';
import { refundMessage, requestRefund, trySettleRefund } from './orders.refunds';
import { reserveStock } from './orders.stock';

export interface PaymentConfirmation {
  orderId: string;
  transactionId: string;
  amountCents: number;
  phone?: string | undefined;
}

export async function lockOrder(tx: Tx, id: string): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!row) throw notFound('Order');
  return row;
}

export function assertOwnerOrAdmin(actor: SessionUser, row: OrderRow) {
  if (actor.role !== 'admin' && row.userId !== actor.id)
    throw new AppError('forbidden', 'This order belongs to another customer.');
}

/** paid: newly paid; unchanged: this payment was applied before; refund: it cannot buy the order and is given back. */
export type PaymentOutcome = 'paid' | 'unchanged' | 'refund';

/**
 * Applies a payment the provider confirmed (the caller checked the intent) to its order, in one transaction with the
 * order's row locked. Idempotent: the same transaction again changes nothing. A payment that arrives after the order
 * was cancelled or expired takes the stock back if it is still there; otherwise it is refunded — the pending refund
 * and its retry job are committed right here, so a succeeded charge always ends as a paid order or a refund.
 */
export async function markOrderPaid(
  deps: OrderDeps,
  p: PaymentConfirmation,
  actor?: SessionUser,
): Promise<{ row: OrderRow; outcome: PaymentOutcome }> {
  return deps.db.transaction(async (tx) => {
    const row = await lockOrder(tx, p.orderId);
    if (actor) assertOwnerOrAdmin(actor, row);
    // A checkout's lines are paid together, by markCheckoutPaid.
    if (row.checkoutId && !row.paymentStatus) throw new AppError('conflict', checkoutMessages.lineOfCheckout);
    if (row.paymentStatus) {
      if (row.transactionId === p.transactionId) return { row, outcome: 'unchanged' };
      throw new AppError('conflict', 'This order is already paid by another payment.');
    }
    if (row.refundStatus) {
      if (row.paymentIntentId === p.transactionId) return { row, outcome: 'refund' };
      throw new AppError('conflict', 'A payment of this order has already been refunded.');
    }
    if (p.amountCents !== totalCents(row))
      throw fieldError('bad_request', 'transactionId', 'the payment amount does not match the order');
    if (row.orderStatus === 'Cancelled' || row.orderStatus === 'Expired') {
      if (!(await reserveStock(tx, row, 'order_paid_late')))
        return { row: await requestRefund(tx, deps, row, p.transactionId), outcome: 'refund' };
    } else if (row.orderStatus !== 'Pending') {
      throw new AppError('conflict', `This order is already ${row.orderStatus.toLowerCase()}.`);
    }
    const [updated] = await tx
      .update(orders)
      .set({
        paymentStatus: true,
        orderStatus: 'Pending',
        transactionId: p.transactionId,
        paymentIntentId: p.transactionId,
        phone: p.phone ?? row.number,
        paidAt: new Date(),
        cancelledAt: null,
      })
      .where(eq(orders.id, row.id))
      .returning();
    // Numbered here, so a payment that rolls back never uses up an invoice number.
    const invoice = await invoiceOrder(tx, deps, updated!);
    await sendOrderMail(deps.mail, 'paid', updated!, tx, invoice);
    return { row: updated!, outcome: 'paid' };
  });
}

/**
 * Marks an order paid for a payment the provider confirmed (the payments feature checks the intent first). A payment
 * that has to be refunded is refunded at once when the provider allows (else the job retries it) and answers 409
 * saying so.
 */
export async function payOrder(deps: OrderDeps, p: PaymentConfirmation, actor?: SessionUser): Promise<Order> {
  const { row, outcome } = await markOrderPaid(deps, p, actor);
  if (outcome === 'paid') countOrderPaid();
  if (outcome === 'refund') throw new AppError('conflict', refundMessage(await trySettleRefund(deps, row)));
  return toOrder(row, deps.expiryMs);
}
