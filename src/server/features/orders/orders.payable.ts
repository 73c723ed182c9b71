import { inArray } from 'drizzle-orm';
import { orders } from '../../db/schema';
import { AppError, fieldError } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import type { Tx } from '../../infra/db';
import { countOrderPaid } from './orders.metrics';
import { totalCents, type IntentView, type OrderDeps, type OrderRow } from './orders.model';
import { refundMessage, requestRefund, trySettleRefund } from './orders.refunds';
import { releaseStock, reserveStock } from './orders.stock';
import { announceOrders } from './orders.webhooks';
import { keepDelivery, type OrderLine } from './orders.line-delivery';

/**
 * What one payment intent pays for: order lines that are paid, closed and refunded together, grouped by a head `H`
 * (a single order is its own head and only line; a checkout's head is its row). The rules that keep a payment
 * exactly-once — locks, idempotency, late payments, refunds — are the same for both, so they live here once; a
 * payable says only how it is locked, named and owned, and what paying it writes besides its lines.
 */
export interface Payable<H> {
  /** How messages name it: "This order…", "This checkout…". */
  noun: 'order' | 'checkout';
  /**
   * Locks the head, then its lines in product-id order, until the transaction ends (404 when unknown); the lines
   * carry their sale's delivery (orders.line-delivery.ts).
   */
  lock(tx: Tx): Promise<{ head: H; lines: OrderLine[] }>;
  /** Refuses a caller who may not pay it (403), or a payment it cannot take as this payable at all (409). */
  check(head: H, actor?: SessionUser): void;
  /** The head's payment as it stands; `number` is the phone a payment without one keeps. */
  payment(head: H): { paid: boolean; transactionId: string | null; intentId: string | null; number: string };
  /** Whether a succeeded intent the provider returned was made for this payable. */
  owns(intent: IntentView): boolean;
  /** Marks the head paid (if it is not one of the lines) and issues the one invoice and the one mail, in `tx`. */
  settle(
    tx: Tx,
    head: H,
    paid: OrderLine[],
    payment: { transactionId: string; phone: string; paidAt: Date },
  ): Promise<H>;
  /** What a close refuses when it finds the payable paid. */
  paidCannotClose: string;
  /** Runs in a close's transaction after its lines closed (an admin's audit entry). */
  closed?(tx: Tx, before: OrderRow[], to: 'Cancelled' | 'Expired', actor?: SessionUser): Promise<void>;
}

/** A payment the provider confirmed for the payable (the caller checked the intent). */
export interface PayablePayment {
  transactionId: string;
  amountCents: number;
  phone?: string | undefined;
}

/** paid: newly paid; unchanged: this payment was applied before; refund: it cannot buy the payable and is given back. */
export type PaymentOutcome = 'paid' | 'unchanged' | 'refund';

const byProduct = (a: OrderRow, b: OrderRow) => (a.productId < b.productId ? -1 : 1);

class StockGone extends Error {}

/** Takes every line's stock again for a late payment, all or none (a savepoint undoes a partial take). */
async function reserveAgain(tx: Tx, deps: OrderDeps, lines: OrderRow[]): Promise<boolean> {
  if (lines.length === 1) return reserveStock(tx, lines[0]!, deps.mail, 'order_paid_late');
  try {
    await tx.transaction(async (sp) => {
      for (const line of lines)
        if (!(await reserveStock(sp, line, deps.mail, 'order_paid_late'))) throw new StockGone();
    });
    return true;
  } catch (err) {
    if (err instanceof StockGone) return false;
    throw err;
  }
}

/**
 * Applies a confirmed payment in one transaction with the payable and its lines locked. Idempotent: the same
 * transaction again changes nothing. A payment that arrives after the lines were cancelled or expired takes all their
 * stock back if it is still there; otherwise every line's share is refunded — the pending refunds and their retry
 * jobs commit right here, so a succeeded charge always ends as a paid payable or a refund.
 */
export async function markPaid<H>(
  deps: OrderDeps,
  payable: Payable<H>,
  p: PayablePayment,
  actor?: SessionUser,
): Promise<{ head: H; lines: OrderLine[]; outcome: PaymentOutcome }> {
  return deps.db.transaction((tx) => markPaidIn(tx, deps, payable, p, actor));
}

/** markPaid in the caller's transaction: a sale settled as it is placed (a no-charge replacement) commits with it. */
export async function markPaidIn<H>(
  tx: Tx,
  deps: OrderDeps,
  payable: Payable<H>,
  p: PayablePayment,
  actor?: SessionUser,
): Promise<{ head: H; lines: OrderLine[]; outcome: PaymentOutcome }> {
  const { noun } = payable;
  const { head, lines } = await payable.lock(tx);
  payable.check(head, actor);
  const now = payable.payment(head);
  if (now.paid) {
    if (now.transactionId === p.transactionId) return { head, lines, outcome: 'unchanged' as const };
    throw new AppError('conflict', `This ${noun} is already paid by another payment.`);
  }
  if (lines.some((l) => l.refundStatus)) {
    if (lines[0]!.paymentIntentId === p.transactionId) return { head, lines, outcome: 'refund' as const };
    throw new AppError('conflict', `A payment of this ${noun} has already been refunded.`);
  }
  if (p.amountCents !== lines.reduce((sum, l) => sum + totalCents(l), 0))
    throw fieldError('bad_request', 'transactionId', `the payment amount does not match the ${noun}`);
  const status = lines[0]!.orderStatus;
  if (status === 'Cancelled' || status === 'Expired') {
    if (!(await reserveAgain(tx, deps, lines))) {
      const refunded = [];
      for (const l of lines) refunded.push(await requestRefund(tx, deps, l, p.transactionId));
      return { head, lines: keepDelivery(refunded, lines), outcome: 'refund' as const };
    }
  } else if (status !== 'Pending') {
    throw new AppError('conflict', `This ${noun} is already ${status.toLowerCase()}.`);
  }
  const paidAt = new Date();
  const phone = p.phone ?? now.number;
  const paidRows = await tx
    .update(orders)
    .set({
      paymentStatus: true,
      orderStatus: 'Pending',
      transactionId: p.transactionId,
      paymentIntentId: p.transactionId,
      phone,
      paidAt,
      cancelledAt: null,
    })
    .where(
      inArray(
        orders.id,
        lines.map((l) => l.id),
      ),
    )
    .returning();
  const paid = keepDelivery(paidRows.sort(byProduct), lines);
  // The invoice is numbered here, so a payment that rolls back never uses up an invoice number.
  const settled = await payable.settle(tx, head, paid, { transactionId: p.transactionId, phone, paidAt });
  await announceOrders(tx, 'order.paid', paid, deps.expiryMs);
  return { head: settled, lines: paid, outcome: 'paid' as const };
}

/**
 * Marks a payable paid for a confirmed payment. A payment that has to be given back is refunded at once when the
 * provider allows (else the refund job retries it) and answers 409 saying so.
 */
export async function pay<H>(
  deps: OrderDeps,
  payable: Payable<H>,
  p: PayablePayment,
  actor?: SessionUser,
): Promise<{ head: H; lines: OrderLine[] }> {
  const { head, lines, outcome } = await markPaid(deps, payable, p, actor);
  if (outcome === 'paid') for (let i = 0; i < lines.length; i++) countOrderPaid();
  if (outcome === 'refund') {
    const settled = [];
    for (const l of lines) settled.push(await trySettleRefund(deps, l));
    throw new AppError('conflict', refundMessage(settled[0]!).replace('This order', `This ${payable.noun}`));
  }
  return { head, lines };
}

/**
 * Stops the payable's intent at the provider before its lines stop holding stock, so no payment can succeed for
 * lines that are gone. When the payment got there first, the payment wins (it becomes paid, 409 for the caller). A
 * payment still processing cannot be stopped: nothing changes and the caller may try again.
 */
async function stopIntent<H>(deps: OrderDeps, payable: Payable<H>, head: H) {
  const { intentId } = payable.payment(head);
  if (!intentId) return;
  const intent = await deps.payments.cancelIntent(intentId);
  if (intent.status === 'canceled') return;
  if (intent.status === 'succeeded' && payable.owns(intent)) {
    await pay(deps, payable, { transactionId: intent.id, amountCents: intent.amountCents });
    throw new AppError('conflict', `This ${payable.noun} was paid before it could be cancelled.`);
  }
  throw new AppError(
    'conflict',
    `A payment for this ${payable.noun} is in progress. Please try again in a minute.`,
  );
}

/**
 * Cancels or expires an unpaid payable as `seen` by the caller: its intent is cancelled at the provider first, then
 * in one transaction every line is closed and gives its stock back in product-id order.
 */
export async function closeUnpaid<H>(
  deps: OrderDeps,
  payable: Payable<H>,
  seen: H,
  to: 'Cancelled' | 'Expired',
  actor?: SessionUser,
): Promise<{ head: H; lines: OrderLine[] }> {
  await stopIntent(deps, payable, seen);
  return deps.db.transaction(async (tx) => {
    const { head, lines } = await payable.lock(tx);
    if (payable.payment(head).paid) throw new AppError('conflict', payable.paidCannotClose);
    const status = lines[0]?.orderStatus ?? 'Cancelled';
    if (status !== 'Pending')
      throw new AppError('conflict', `This ${payable.noun} is already ${status.toLowerCase()}.`);
    // A payment started after we looked: its intent was not stopped, so closing now could strand it.
    if (payable.payment(head).intentId !== payable.payment(seen).intentId)
      throw new AppError(
        'conflict',
        `A payment for this ${payable.noun} has just started. Please try again.`,
      );
    const closedRows = await tx
      .update(orders)
      .set({ orderStatus: to, cancelledAt: new Date() })
      .where(
        inArray(
          orders.id,
          lines.map((l) => l.id),
        ),
      )
      .returning();
    const closed = keepDelivery(closedRows.sort(byProduct), lines);
    const reason = to === 'Expired' ? 'order_expired' : 'order_cancelled';
    for (const line of closed) await releaseStock(tx, line, reason, deps.mail);
    await payable.closed?.(tx, lines, to, actor);
    if (to === 'Cancelled') await announceOrders(tx, 'order.cancelled', closed, deps.expiryMs);
    return { head, lines: closed };
  });
}
