import { eq } from 'drizzle-orm';
import type { Checkout } from '@shared/checkout/checkout.schema';
import { checkouts, orders } from '../../db/schema';
import { AppError, fieldError } from '../../infra/errors';
import {
  countOrderPaid,
  type OrderDeps,
  type OrderRow,
  type PaymentOutcome,
  refundMessage,
  requestRefund,
  reserveStock,
  trySettleRefund,
} from '../orders/index';
import type { SessionUser } from '../../http/auth-guard';
import type { Tx } from '../../infra/db';
import { issueInvoice } from '../invoices/invoices.service';
import { sendCheckoutMail } from './checkout.mail';
import {
  assertCheckoutOwner,
  checkoutTotalCents,
  lockCheckout,
  toCheckout,
  type CheckoutRow,
} from './checkout.model';

export interface CheckoutPaymentConfirmation {
  checkoutId: string;
  transactionId: string;
  amountCents: number;
  phone?: string | undefined;
}

class StockGone extends Error {}

/** Takes every line's stock again for a late payment, all or none (a savepoint undoes a partial take). */
async function reserveAgain(tx: Tx, lines: OrderRow[]): Promise<boolean> {
  try {
    await tx.transaction(async (sp) => {
      for (const line of lines) if (!(await reserveStock(sp, line, 'order_paid_late'))) throw new StockGone();
    });
    return true;
  } catch (err) {
    if (err instanceof StockGone) return false;
    throw err;
  }
}

/** The checkout's one invoice: every line, the buyer's company and PO number (idempotent, numbered in this tx). */
const invoiceCheckout = (tx: Tx, deps: OrderDeps, co: CheckoutRow, lines: OrderRow[]) =>
  issueInvoice(tx, {
    userId: co.userId,
    orderId: null,
    checkoutId: co.id,
    buyer: {
      name: co.name,
      email: co.email,
      company: co.company,
      poNumber: co.poNumber,
      address: co.address,
      phone: co.phone ?? co.number,
    },
    lines: lines.map((l) => ({
      orderId: l.id,
      description: l.productName,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
    })),
    transactionId: co.transactionId!,
    shop: deps.shop,
  });

/**
 * Applies a payment the provider confirmed to a whole checkout, in one transaction with the checkout and its lines
 * locked: every line paid, one invoice, one mail. Idempotent for the same transaction. A payment that arrives after
 * the checkout was cancelled or expired takes every line's stock back if all of it is still there; otherwise every
 * line's share of it is refunded (pending refunds and their jobs committed here, as for a single order).
 */
export async function markCheckoutPaid(
  deps: OrderDeps,
  p: CheckoutPaymentConfirmation,
  actor?: SessionUser,
): Promise<{ co: CheckoutRow; lines: OrderRow[]; outcome: PaymentOutcome }> {
  return deps.db.transaction(async (tx) => {
    const { co, lines } = await lockCheckout(tx, p.checkoutId);
    if (actor) assertCheckoutOwner(actor, co);
    if (co.paidAt) {
      if (co.transactionId === p.transactionId) return { co, lines, outcome: 'unchanged' };
      throw new AppError('conflict', 'This checkout is already paid by another payment.');
    }
    if (lines.some((l) => l.refundStatus)) {
      if (lines[0]!.paymentIntentId === p.transactionId) return { co, lines, outcome: 'refund' };
      throw new AppError('conflict', 'A payment of this checkout has already been refunded.');
    }
    if (p.amountCents !== checkoutTotalCents(lines))
      throw fieldError('bad_request', 'transactionId', 'the payment amount does not match the checkout');
    const status = lines[0]!.orderStatus;
    if (status === 'Cancelled' || status === 'Expired') {
      if (!(await reserveAgain(tx, lines))) {
        const refunded = [];
        for (const l of lines) refunded.push(await requestRefund(tx, deps, l, p.transactionId));
        return { co, lines: refunded, outcome: 'refund' };
      }
    } else if (status !== 'Pending') {
      throw new AppError('conflict', `This checkout is already ${status.toLowerCase()}.`);
    }
    const paidAt = new Date();
    const phone = p.phone ?? co.number;
    const paid = await tx
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
      .where(eq(orders.checkoutId, co.id))
      .returning();
    paid.sort((a, b) => (a.productId < b.productId ? -1 : 1));
    const [updated] = await tx
      .update(checkouts)
      .set({ transactionId: p.transactionId, paymentIntentId: p.transactionId, phone, paidAt })
      .where(eq(checkouts.id, co.id))
      .returning();
    const invoice = await invoiceCheckout(tx, deps, updated!, paid);
    await sendCheckoutMail(deps.mail, 'paid', updated!, paid, tx, invoice);
    return { co: updated!, lines: paid, outcome: 'paid' };
  });
}

/**
 * Marks a checkout paid for a payment the provider confirmed (the caller checked the intent). A payment that has to
 * be given back is refunded at once when the provider allows (else the refund jobs retry) and answers 409.
 */
export async function payCheckout(
  deps: OrderDeps,
  p: CheckoutPaymentConfirmation,
  actor?: SessionUser,
): Promise<Checkout> {
  const { co, lines, outcome } = await markCheckoutPaid(deps, p, actor);
  if (outcome === 'paid') for (let i = 0; i < lines.length; i++) countOrderPaid();
  if (outcome === 'refund') {
    const settled = [];
    for (const l of lines) settled.push(await trySettleRefund(deps, l));
    throw new AppError('conflict', refundMessage(settled[0]!).replace('This order', 'This checkout'));
  }
  return toCheckout(co, lines, deps.expiryMs);
}
