import { and, asc, eq, inArray, isNotNull, lt, or } from 'drizzle-orm';
import { formatCents } from '@shared/common/money';
import { accountPayments, companies } from '../../db/schema';
import { AppError } from '../../infra/errors';
import type { JobQueue } from '../../infra/jobs';
import { notifyStaff } from '../notifications/index';
import { defineProviderRefundJob } from '../orders/index';
import type { CreditDeps } from './credit.model';
import { applyCardPayment } from './credit.payments';
import { ACCOUNT_REFUND_JOB, settleAccountRefund } from './credit.refunds';

/** How many card payments one sweep looks at (each needs a call to the provider). */
const SWEEP_BATCH = 50;

/** Who the sweep's changes are audited as. */
const sweeper = { id: 'settlement-sweep', email: 'Settlement sweep' };

/**
 * The settlement sweep of card payments of account invoices, run at start-up and on every sweep interval, the same
 * guarantee the orders' and checkouts' sweeps give: a payment the provider took whose confirming call never came (the
 * process died, the buyer closed the tab) is applied (or, when its invoices were paid meanwhile, refunded); a payment
 * abandoned past the payment window has its intent cancelled at the provider; a refund left refunding is asked again.
 * Never a charge kept without an applied payment. Answers how many payments it settled.
 */
export async function settleAccountPayments(deps: CreditDeps, now = new Date()): Promise<number> {
  const { db, expiryMs } = deps.orders;
  const due = await db
    .select()
    .from(accountPayments)
    .where(
      or(
        and(eq(accountPayments.status, 'pending'), isNotNull(accountPayments.intentId)),
        // A refund the job has not finished (or, before migration 0027, never queued): older than a retry's wait.
        and(
          eq(accountPayments.status, 'refunding'),
          lt(accountPayments.settledAt, new Date(now.getTime() - expiryMs)),
        ),
      ),
    )
    .orderBy(asc(accountPayments.createdAt))
    .limit(SWEEP_BATCH);
  let settled = 0;
  for (const p of due) {
    try {
      if (await settleOne(deps, p, now)) settled++;
    } catch (err) {
      // 409: applied, refunded or cancelled by someone else meanwhile, or refunded here (and said so).
      if (err instanceof AppError && err.status === 409) {
        settled++;
        continue;
      }
      deps.orders.mail.log.warn({ err, paymentId: p.id }, 'could not settle an account card payment yet');
    }
  }
  return settled;
}

async function settleOne(deps: CreditDeps, p: typeof accountPayments.$inferSelect, now: Date) {
  if (p.status === 'refunding') return settleAccountRefund(deps, p.id);
  const intent = await deps.provider.retrieveIntent(p.intentId!);
  if (intent?.status === 'succeeded' && intent.accountPaymentId === p.id) {
    await applyCardPayment(deps, p.id, intent, sweeper);
    return true;
  }
  if (p.createdAt.getTime() > now.getTime() - deps.orders.expiryMs) return false;
  const ended = await deps.provider.cancelIntent(p.intentId!);
  if (ended.status === 'succeeded') {
    await applyCardPayment(deps, p.id, ended, sweeper);
    return true;
  }
  if (ended.status !== 'canceled') return false;
  const cancelled = await deps.orders.db
    .update(accountPayments)
    .set({ status: 'cancelled', settledAt: now })
    .where(and(eq(accountPayments.id, p.id), inArray(accountPayments.status, ['pending'])))
    .returning({ id: accountPayments.id });
  return cancelled.length > 0;
}

/** Registers the refund job of account card payments: the orders' refund path, with this payable's settle step. */
export function defineAccountRefundJob(queue: JobQueue, deps: CreditDeps) {
  defineProviderRefundJob<{ paymentId: string }>(queue, deps.orders, ACCOUNT_REFUND_JOB, {
    settle: ({ paymentId }) => settleAccountRefund(deps, paymentId),
    async gaveUp({ paymentId }, attempts, err) {
      const { db, mail } = deps.orders;
      const [p] = await db
        .select({
          status: accountPayments.status,
          amountCents: accountPayments.amountCents,
          company: companies.name,
          intentId: accountPayments.intentId,
        })
        .from(accountPayments)
        .innerJoin(companies, eq(companies.id, accountPayments.companyId))
        .where(eq(accountPayments.id, paymentId));
      if (p?.status !== 'refunding') return;
      await notifyStaff(db, mail, {
        subject: `Refund failed: card payment of ${formatCents(p.amountCents)} by ${p.company}`,
        paragraphs: [
          `The refund of ${formatCents(p.amountCents)} to ${p.company} (a card payment of account invoices that could not be applied) did not go through after ${attempts} attempts, and will not be retried.`,
          `Payment: ${paymentId}. Transaction: ${p.intentId}.`,
          `Last error: ${err instanceof Error ? err.message : String(err)}`,
          'Please refund it in the payment provider’s dashboard, or find out why the provider refuses it.',
        ],
        action: { label: 'See the companies', url: `${mail.baseUrl}/dashboard/companies` },
      });
      mail.log.error({ paymentId, attempts }, 'account payment refund given up; staff were mailed');
    },
  });
}
