import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PlannedRefundLine } from '@shared/orders/refund-plan';
import { formatCents } from '@shared/common/money';
import { formatOrderNumber } from '@shared/orders/order-number';
import { orders, saleRefunds } from '../../db/schema';
import type { Tx } from '../../infra/db';
import { composeMail } from '../../infra/mail';
import { issueRefundCreditNote, type IssuedDocument } from '../invoices/invoices.service';
import { checkoutOfLine, type OrderDeps, type OrderRow } from './orders.model';
import { attached, queueMail, sendOrderMail } from './orders.mail';
import { invoiceLines } from './orders.invoicing';
import { notifyRefundGaveUp } from './orders.staff';

/** The job that makes (and retries) one refund of a sale at the payment provider. */
export const SALE_REFUND_JOB = 'sale-refund';

export type SaleRefundRow = typeof saleRefunds.$inferSelect;

/** One key per refund: every attempt of one refund is the same refund at the provider, and two refunds are two. */
export const saleRefundKey = (refundId: string) => `refund-sale-${refundId}`;

/** The sale refunds that gave back money of an order, pending or not. */
export async function saleRefundsOf(deps: Pick<OrderDeps, 'db'>, orderId: string) {
  return deps.db
    .select()
    .from(saleRefunds)
    .where(sql`${saleRefunds.lines} @> ${JSON.stringify([{ orderId }])}::jsonb`);
}

/**
 * Asks the provider for a pending refund of a sale. Only when the provider says it succeeded is the refund marked
 * refunded, in one transaction with its credit note, the lines it completed marked refunded, and the customer's mail;
 * otherwise it stays pending for the job. Safe to run several times at once: the provider sees one key, and only one
 * transaction turns the refund from pending to refunded.
 */
export async function settleSaleRefund(
  deps: OrderDeps,
  refundId: string,
): Promise<SaleRefundRow | undefined> {
  const [refund] = await deps.db.select().from(saleRefunds).where(eq(saleRefunds.id, refundId));
  if (refund?.status !== 'pending') return refund;
  const made = await deps.payments.refund(refund.intentId, refund.amountCents, refund.providerKey);
  if (made.status !== 'succeeded') return refund;
  return deps.db.transaction(async (tx) => {
    const [done] = await tx
      .update(saleRefunds)
      .set({ status: 'refunded', providerRefundId: made.id, refundedAt: new Date() })
      .where(and(eq(saleRefunds.id, refundId), eq(saleRefunds.status, 'pending')))
      .returning();
    // Another attempt got there first (the same provider refund, by the key): it issued the note and mailed.
    if (!done) return (await tx.select().from(saleRefunds).where(eq(saleRefunds.id, refundId)))[0];
    const planned = done.lines as PlannedRefundLine[];
    const ids = planned.map((l) => l.orderId);
    const rows = await tx.select().from(orders).where(inArray(orders.id, ids));
    const completed: OrderRow[] = [];
    for (const row of rows) {
      if (row.refundStatus !== 'pending' || (await stillPending(tx, row.id))) continue;
      const [r] = await tx
        .update(orders)
        .set({ refundStatus: 'refunded', refundId: made.id, refundedAt: new Date() })
        .where(and(eq(orders.id, row.id), eq(orders.refundStatus, 'pending')))
        .returning();
      if (r) completed.push(r);
    }
    const note = await creditNote(tx, deps, done, rows);
    await mailRefunded(deps, tx, done, rows, completed, note);
    return done;
  });
}

/** Whether another refund touching this line is still waiting for the provider. */
async function stillPending(tx: Tx, orderId: string) {
  const [other] = await tx
    .select({ id: saleRefunds.id })
    .from(saleRefunds)
    .where(
      and(
        eq(saleRefunds.status, 'pending'),
        sql`${saleRefunds.lines} @> ${JSON.stringify([{ orderId }])}::jsonb`,
      ),
    );
  return Boolean(other);
}

/** The refund's credit note: exactly the units, shares or amount it gave back, on the sale's invoice. */
async function creditNote(tx: Tx, deps: Pick<OrderDeps, 'shop'>, refund: SaleRefundRow, rows: OrderRow[]) {
  const described = new Map((await invoiceLines(tx, rows)).map((l) => [l.orderId, l]));
  const planned = refund.lines as PlannedRefundLine[];
  return issueRefundCreditNote(tx, {
    orderId: refund.orderId ?? (planned.length === 1 ? planned[0]!.orderId : null),
    checkoutId: refund.checkoutId ?? (rows[0] ? checkoutOfLine(rows[0]) : null),
    refundId: refund.providerRefundId!,
    amountCents: refund.amountCents,
    kind: refund.kind,
    lines: planned.map((l) => {
      const d = described.get(l.orderId);
      return { ...l, orderNumber: d?.orderNumber, sku: d?.sku, description: d?.description ?? '' };
    }),
    shop: deps.shop,
  });
}

/**
 * Tells the customer the money went back: a single order refunded in full gets its order's "Refunded" mail as ever;
 * any other refund one mail saying how much, for what, with the credit note.
 */
async function mailRefunded(
  deps: OrderDeps,
  tx: Tx,
  refund: SaleRefundRow,
  rows: OrderRow[],
  completed: OrderRow[],
  note: IssuedDocument | null,
) {
  const doc = note ?? undefined;
  if (refund.orderId && completed.length === 1 && completed[0]!.refundedCents === refund.amountCents)
    return sendOrderMail(deps.mail, 'refunded', completed[0]!, tx, doc);
  const first = rows[0]!;
  const what = rows
    .map((r) => `${r.productName} (${formatOrderNumber(r.orderNumber)})`)
    .sort()
    .join(', ');
  const planned = refund.lines as PlannedRefundLine[];
  const detail = planned.map((l) => {
    const r = rows.find((x) => x.id === l.orderId)!;
    return l.quantity > 0
      ? `${l.quantity} of ${r.quantity} × ${r.productName}: ${formatCents(l.amountCents)}`
      : `${r.productName}: ${formatCents(l.amountCents)}`;
  });
  await queueMail(
    deps.mail,
    composeMail(deps.mail.shopName, {
      to: first.email,
      greeting: `Hello ${first.name},`,
      subject: `Refunded ${formatCents(refund.amountCents)}: ${what}`,
      paragraphs: [
        `We have refunded ${formatCents(refund.amountCents)} of your payment for ${what}.`,
        ...detail,
        `Refund: ${refund.providerRefundId}.`,
        'The money usually reaches your card within 5 to 10 business days.',
        ...attached('credit note', doc),
      ],
      action: { label: 'See my orders', url: `${deps.mail.baseUrl}/dashboard/my-orders` },
    }),
    tx,
    doc,
  );
}

/** Tries a refund right away; a failure only leaves it pending for the job. */
export async function trySettleSaleRefund(deps: OrderDeps, refundId: string) {
  try {
    return await settleSaleRefund(deps, refundId);
  } catch (err) {
    deps.mail.log.warn({ err, refund: refundId }, 'refund not made yet; the refund job will retry');
    return undefined;
  }
}

/** Tells staff once the job stops retrying a refund that is still pending, naming its first line. */
export async function saleRefundGaveUp(deps: OrderDeps, refundId: string, attempts: number, err: unknown) {
  try {
    const [refund] = await deps.db.select().from(saleRefunds).where(eq(saleRefunds.id, refundId));
    if (refund?.status !== 'pending') return;
    const first = (refund.lines as PlannedRefundLine[])[0]!;
    const [row] = await deps.db.select().from(orders).where(eq(orders.id, first.orderId));
    await notifyRefundGaveUp(
      deps.db,
      deps.mail,
      { ...row!, refundAmountCents: refund.amountCents, paymentIntentId: refund.intentId },
      attempts,
      err instanceof Error ? err.message : String(err),
    );
    deps.mail.log.error(
      { refund: refundId, attempts },
      'refund given up after its last retry; staff were mailed',
    );
  } catch (e) {
    deps.mail.log.error({ err: e, refund: refundId }, 'could not tell staff of a refund given up');
  }
}
