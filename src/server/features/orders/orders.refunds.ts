import { and, eq } from 'drizzle-orm';
import { orders } from '../../db/schema';
import { notFound } from '../../infra/errors';
import type { Tx } from '../../infra/db';
import type { JobQueue } from '../../infra/jobs';
import { totalCents, type OrderDeps, type OrderRow } from './orders.model';
import { creditRefundedOrder } from './orders.invoicing';
import { sendOrderMail } from './orders.mail';
import { notifyRefundGaveUp } from './orders.staff';
import {
  SALE_REFUND_JOB,
  saleRefundGaveUp,
  saleRefundsOf,
  settleSaleRefund,
} from './orders.sale-refund-settle';

/** The job that makes (and retries) an order's refund at the payment provider. */
export const REFUND_JOB = 'refund';

/** One full refund per order: the provider sees the same key on every attempt, so a retry never refunds twice. */
export const refundKey = (orderId: string) => `refund-order-${orderId}`;

/**
 * Marks the payment `intentId` of an order to be given back in full, in the caller's transaction, and queues the job
 * that retries it: the pending refund and its job commit together, so no refund is ever forgotten. The job waits one
 * retry delay, because the caller first tries the refund itself right after committing (settleRefund).
 */
export async function requestRefund(
  tx: Tx,
  deps: OrderDeps,
  row: OrderRow,
  intentId: string,
  change: Partial<OrderRow> = {},
): Promise<OrderRow> {
  const [updated] = await tx
    .update(orders)
    .set({
      ...change,
      paymentStatus: false,
      paymentIntentId: intentId,
      refundStatus: 'pending',
      refundAmountCents: totalCents(row),
      refundRequestedAt: new Date(),
    })
    .where(eq(orders.id, row.id))
    .returning();
  await deps.jobs.send(
    REFUND_JOB,
    { orderId: row.id },
    { tx, startAfterSeconds: deps.refundRetry.delaySeconds },
  );
  return updated!;
}

/**
 * Asks the provider for the order's pending refund. Only when the provider says it succeeded is the order marked
 * refunded (and the customer mailed, in the same transaction); otherwise it stays pending and the error (or a
 * still-pending refund) is left to the caller. Returns the order as it is afterwards.
 */
export async function settleRefund(deps: OrderDeps, orderId: string): Promise<OrderRow> {
  // Refunded by an admin through the one refund path (docs/decisions/053-partial-refunds.md): its refunds are the
  // sale's, each with its own key; the order's own full-refund key must never be used beside them.
  const sale = await saleRefundsOf(deps, orderId);
  if (sale.length > 0) {
    for (const r of sale) if (r.status === 'pending') await settleSaleRefund(deps, r.id);
    const [now] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
    return now!;
  }
  const [row] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw notFound('Order');
  if (row.refundStatus !== 'pending' || !row.paymentIntentId || row.refundAmountCents === null) return row;
  const refund = await deps.payments.refund(row.paymentIntentId, row.refundAmountCents, refundKey(row.id));
  const succeeded = refund.status === 'succeeded';
  return deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(orders)
      .set(
        succeeded
          ? { refundStatus: 'refunded', refundId: refund.id, refundedAt: new Date() }
          : { refundId: refund.id },
      )
      .where(and(eq(orders.id, orderId), eq(orders.refundStatus, 'pending')))
      .returning();
    // Another attempt finished first (same provider refund, thanks to the key): it has mailed already, and issued
    // the credit note.
    if (!updated) return (await tx.select().from(orders).where(eq(orders.id, orderId)))[0]!;
    if (succeeded)
      await sendOrderMail(deps.mail, 'refunded', updated, tx, await creditRefundedOrder(tx, deps, updated));
    return updated;
  });
}

/** Tries a refund right away; a failure only leaves it pending for the job. */
export async function trySettleRefund(deps: OrderDeps, row: OrderRow): Promise<OrderRow> {
  try {
    return await settleRefund(deps, row.id);
  } catch (err) {
    deps.mail.log.warn({ err, order: row.id }, 'refund not made yet; the refund job will retry');
    return row;
  }
}

/**
 * What a refund job needs to know about what it gives back: how to ask the provider once (true when the provider
 * confirmed the refund), and what to do when the last retry failed.
 */
export interface RefundTarget<T> {
  settle(data: T): Promise<boolean>;
  gaveUp(data: T, attempts: number, err: unknown): Promise<void>;
}

/**
 * The one way a refund reaches the provider in the background, for every payable (orders and checkouts here, card
 * payments of account invoices in credit): a durable job per refund that asks the provider again, with exponential
 * backoff, until it confirms, and tells staff when it stops trying. The provider sees one idempotency key per
 * refund, so retries never refund twice.
 */
export function defineProviderRefundJob<T extends object>(
  queue: JobQueue,
  deps: Pick<OrderDeps, 'refundRetry' | 'mail'>,
  name: string,
  target: RefundTarget<T>,
) {
  queue.define<T>(
    name,
    {
      retryLimit: deps.refundRetry.limit,
      retryDelaySeconds: deps.refundRetry.delaySeconds,
      expireInSeconds: 120,
    },
    async (data, job) => {
      try {
        if (!(await target.settle(data)))
          throw new Error(`the refund ${JSON.stringify(data)} is not complete yet`);
      } catch (err) {
        // The last attempt: pg-boss will not run it again, so a person has to (decision 034).
        if (job.retryCount >= deps.refundRetry.limit) await target.gaveUp(data, job.retryCount + 1, err);
        throw err;
      }
    },
  );
}

/** Registers the orders' refund job. */
export function defineRefundJob(queue: JobQueue, deps: OrderDeps) {
  defineProviderRefundJob<{ orderId: string }>(queue, deps, REFUND_JOB, {
    async settle({ orderId }) {
      const row = await settleRefund(deps, orderId);
      if (row.refundStatus === 'pending') return false;
      deps.mail.log.info({ order: orderId, refund: row.refundId }, 'order refunded');
      return true;
    },
    gaveUp: ({ orderId }, attempts, err) => refundGaveUp(deps, orderId, attempts, err),
  });
}

/** Registers the job that makes each refund of a sale (an admin's whole, partial or amount refund). */
export function defineSaleRefundJob(queue: JobQueue, deps: OrderDeps) {
  defineProviderRefundJob<{ refundId: string }>(queue, deps, SALE_REFUND_JOB, {
    async settle({ refundId }) {
      const refund = await settleSaleRefund(deps, refundId);
      if (refund?.status === 'pending') return false;
      deps.mail.log.info({ refund: refundId, provider: refund?.providerRefundId }, 'sale refund made');
      return true;
    },
    gaveUp: ({ refundId }, attempts, err) => saleRefundGaveUp(deps, refundId, attempts, err),
  });
}

/** Tells staff once the job stops retrying an order's refund that is still pending; a failure to do so is logged. */
async function refundGaveUp(deps: OrderDeps, orderId: string, attempts: number, err: unknown) {
  try {
    const [row] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
    if (row?.refundStatus !== 'pending') return;
    await notifyRefundGaveUp(
      deps.db,
      deps.mail,
      row,
      attempts,
      err instanceof Error ? err.message : String(err),
    );
    deps.mail.log.error(
      { order: orderId, attempts },
      'refund given up after its last retry; staff were mailed',
    );
  } catch (e) {
    deps.mail.log.error({ err: e, order: orderId }, 'could not tell staff of a refund given up');
  }
}

/** What the customer is told when a payment they made cannot buy the order any more. */
export function refundMessage(row: OrderRow): string {
  const what = row.orderStatus === 'Expired' ? 'This order expired' : 'This order was cancelled';
  const money = row.refundStatus === 'refunded' ? 'has been refunded' : 'is being refunded';
  return `${what} and can no longer be supplied, so your payment ${money}.`;
}
