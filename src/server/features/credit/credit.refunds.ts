import { and, eq } from 'drizzle-orm';
import { accountPayments } from '../../db/schema';
import type { Tx } from '../../infra/db';
import { notFound } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import { recordAudit } from '../audit/audit.service';
import type { CreditDeps } from './credit.model';
import { formatCents } from '@shared/common/money';

/** Card payments of account invoices given back (decision 041): each refunded once, retried until confirmed. */

type PaymentRow = typeof accountPayments.$inferSelect;

/** The refund of a card payment given back: one per payment, so every attempt uses the same key at the provider. */
export const accountRefundKey = (paymentId: string) => `account-payment-${paymentId}`;

/** The job that makes (and retries) the refund of a card payment of account invoices. */
export const ACCOUNT_REFUND_JOB = 'account-payment-refund';

/**
 * Gives a confirmed card payment back when an invoice no longer owes its amount: marked refunding and its refund job
 * queued in the caller's transaction, so a succeeded charge always ends applied or refunded.
 */
export async function giveBack(
  deps: CreditDeps,
  tx: Tx,
  p: PaymentRow,
  transactionId: string,
  actor: Pick<SessionUser, 'id' | 'email'>,
): Promise<PaymentRow> {
  const [refunding] = await tx
    .update(accountPayments)
    .set({ status: 'refunding', intentId: transactionId, settledAt: new Date() })
    .where(eq(accountPayments.id, p.id))
    .returning();
  await deps.orders.jobs.send(
    ACCOUNT_REFUND_JOB,
    { paymentId: p.id },
    { tx, startAfterSeconds: deps.orders.refundRetry.delaySeconds },
  );
  await recordAudit(tx, actor, {
    kind: 'account.card_payment_refunded',
    entityType: 'company',
    entityId: p.companyId,
    summary: `Card payment of ${formatCents(p.amountCents)} given back: an invoice it paid was paid meanwhile (transaction ${transactionId})`,
    after: { paymentId: p.id, transactionId },
  });
  return refunding!;
}

/**
 * Asks the provider for a refunding payment's refund; only when it confirms is the payment marked refunded. Returns
 * whether the payment is refunded now. Provider errors reach the caller (the job retries them).
 */
export async function settleAccountRefund(deps: CreditDeps, paymentId: string): Promise<boolean> {
  const { db } = deps.orders;
  const [p] = await db.select().from(accountPayments).where(eq(accountPayments.id, paymentId));
  if (!p) throw notFound('Payment');
  if (p.status === 'refunded') return true;
  if (p.status !== 'refunding' || !p.intentId) return false;
  const refund = await deps.provider.refund(p.intentId, p.amountCents, accountRefundKey(p.id));
  if (refund.status !== 'succeeded') return false;
  await db
    .update(accountPayments)
    .set({ status: 'refunded', refundId: refund.id, refundedAt: new Date() })
    .where(and(eq(accountPayments.id, paymentId), eq(accountPayments.status, 'refunding')));
  return true;
}

/** Tries a payment's refund right away; a failure leaves it refunding for the job. */
export async function trySettleAccountRefund(deps: CreditDeps, paymentId: string): Promise<boolean> {
  try {
    return await settleAccountRefund(deps, paymentId);
  } catch (err) {
    deps.orders.mail.log.warn({ err, paymentId }, 'account payment refund not made yet; the job will retry');
    return false;
  }
}
