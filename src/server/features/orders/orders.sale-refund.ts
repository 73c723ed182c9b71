import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import {
  planRefund,
  refundMessages,
  type PlannedRefundLine,
  type RefundSelection,
} from '@shared/orders/refund-plan';
import { formatCents } from '@shared/common/money';
import { formatOrderNumber } from '@shared/orders/order-number';
import { orders, saleRefunds } from '../../db/schema';
import { AppError, fieldError } from '../../infra/errors';
import type { Tx } from '../../infra/db';
import type { SessionUser } from '../../http/auth-guard';
import { recordAudit } from '../audit/audit.service';
import type { OrderDeps, OrderRow } from './orders.model';
import { refundKey, trySettleRefund } from './orders.refunds';
import { lockOrder } from './orders.payment';
import { releaseStock, reservedUnits } from './orders.stock';
import {
  SALE_REFUND_JOB,
  saleRefundKey,
  trySettleSaleRefund,
  type SaleRefundRow,
} from './orders.sale-refund-settle';

/** What an admin asks for (POST …/refund): everything still refundable, some units of some lines, or an amount. */
export interface SaleRefundRequest {
  restock?: boolean | undefined;
  lines?: { orderId: string; quantity: number }[] | undefined;
  amountCents?: number | undefined;
  /**
   * A return's refund of `lines` (docs/decisions/065-returns.md): the goods came back, so delivered lines may give
   * money back too, less the restocking fee (whole percent of the units' goods) printed on the credit note.
   */
  returned?: { feePercent: number } | undefined;
}

/** A sale: a single order (its one line), or a checkout whose lines were paid together. */
export type Sale = { orderId: string } | { checkoutId: string };

export interface SaleRefundOptions {
  /**
   * Tells the customer, in the refund's transaction, that the last of the sale is being refunded (the order's or the
   * checkout's own "being refunded" mail); a partial refund is mailed when the provider confirms it.
   */
  startedMail?: (tx: Tx, refunded: OrderRow[]) => Promise<void>;
  /** Runs in the refund's transaction once it is stored (a return records its refund there, all or nothing). */
  inTransaction?: (tx: Tx, saleRefundId: string) => Promise<void>;
}

const selectionOf = (req: SaleRefundRequest): RefundSelection =>
  req.lines
    ? { kind: 'lines', lines: req.lines, ...(req.returned && { feePercent: req.returned.feePercent }) }
    : req.amountCents !== undefined
      ? { kind: 'amount', amountCents: req.amountCents }
      : { kind: 'all' };

/** Whether a line can give money back now: paid by card, not delivered (unless returned), not refunded in full. */
const refundable = (r: OrderRow, returned = false) =>
  r.paymentStatus &&
  r.transactionId !== null &&
  !r.transactionId.startsWith('account_') &&
  (r.orderStatus === 'Pending' || (returned && r.orderStatus === 'Delivered')) &&
  r.refundStatus === null;

/** Why a single order cannot be refunded, in the words POST /api/order/{id}/refund has always used. */
function orderProblem(row: OrderRow, returned = false): string | null {
  if (!row.paymentStatus || !row.transactionId)
    return 'Only a paid order can be refunded; cancel an unpaid order instead.';
  // Bought on account (docs/decisions/041-paying-on-account.md): no card took money, so no card can give it back.
  if (row.transactionId.startsWith('account_'))
    return 'This order was bought on account: there is no card payment to refund. Credit the account instead.';
  if (row.orderStatus !== 'Pending' && !(returned && row.orderStatus === 'Delivered'))
    return `This order is already ${row.orderStatus.toLowerCase()} and cannot be refunded.`;
  return null;
}

/** The sale's lines, locked in id order (every refund of a sale locks them so), so two refunds queue up. */
async function lockSale(tx: Tx, sale: Sale): Promise<OrderRow[]> {
  if ('orderId' in sale) return [await lockOrder(tx, sale.orderId)];
  return tx
    .select()
    .from(orders)
    .where(eq(orders.checkoutId, sale.checkoutId))
    .orderBy(asc(orders.id))
    .for('update');
}

/** Units of a line that are on the shelf for it: reserved, not shipped, not given up by an earlier refund. */
const heldUnits = (row: OrderRow) =>
  Math.max(0, reservedUnits(row) - row.shippedQuantity - row.refundedQuantity);

/**
 * The one refund path (docs/decisions/053-partial-refunds.md), for a single order and for a checkout: refunds all
 * that is still refundable, some units of some lines, or an amount, with each line's shipping and tax shares to the
 * cent (planRefund). In one transaction, the sale's lines locked: the lines record what they gave back, a line
 * refunded in full becomes Cancelled with its refund pending, the refunded units not shipped yet go back into stock
 * when `restock` is not false, the refund and its retrying job are stored, and the action is audited; then the
 * provider is asked at once (the job retries). Answers the sale's lines as they are afterwards.
 */
export async function refundSale(
  deps: OrderDeps,
  actor: SessionUser,
  sale: Sale,
  req: SaleRefundRequest,
  opts: SaleRefundOptions = {},
): Promise<OrderRow[]> {
  const selection = selectionOf(req);
  const returned = Boolean(req.returned);
  const result = await deps.db.transaction(async (tx) => {
    const rows = await lockSale(tx, sale);
    if ('orderId' in sale) {
      const row = rows[0]!;
      // Asked again for the whole order once it is refunded (or being refunded): answered as it is, as always.
      if (row.refundStatus && selection.kind === 'all') return { rows, refund: null };
      if (row.refundStatus) throw new AppError('conflict', refundMessages.nothingLeft);
      const problem = orderProblem(row, returned);
      if (problem) throw new AppError('conflict', problem);
    }
    const open = rows.filter((r) => refundable(r, returned));
    const plan = planRefund(
      open.map((r) => ({ ...r, orderId: r.id })),
      selection,
    );
    if (!plan.ok) throw refusal(sale, rows, plan);
    const refund = await storeRefund(tx, actor, sale, req, rows, open[0]!.transactionId!, plan);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const after: OrderRow[] = [];
    const restockedOf = new Map<string, number>();
    for (const line of plan.lines) {
      const row = byId.get(line.orderId)!;
      const back = req.restock === false ? 0 : Math.min(unitsGivenUp(row, line), heldUnits(row));
      if (back > 0) await releaseStock(tx, row, 'order_cancelled', deps.mail, back);
      restockedOf.set(line.orderId, back);
      after.push(await recordLine(tx, row, line, refund.intentId));
    }
    await deps.jobs.send(
      SALE_REFUND_JOB,
      { refundId: refund.id },
      { tx, startAfterSeconds: deps.refundRetry.delaySeconds },
    );
    const updated = rows.map((r) => after.find((a) => a.id === r.id) ?? r);
    const complete = updated.every((r) => !refundable(r, returned));
    if (opts.inTransaction) await opts.inTransaction(tx, refund.id);
    if (complete && opts.startedMail) await opts.startedMail(tx, after);
    // One entry per line, as each order's history (its timeline) reads the admin who refunded it.
    for (const line of plan.lines)
      await auditLine(
        tx,
        actor,
        byId.get(line.orderId)!,
        line,
        restockedOf.get(line.orderId) ?? 0,
        refund.id,
      );
    return { rows: updated, refund };
  });
  if (result.refund) await trySettleSaleRefund(deps, result.refund.id);
  else await settlePendingOf(deps, result.rows);
  return reread(
    deps,
    result.rows.map((r) => r.id),
  );
}

type Plan = ReturnType<typeof planRefund>;

/** Why nothing of the sale can be refunded as asked: a bad field, or the sale's own words. */
function refusal(sale: Sale, rows: OrderRow[], plan: Extract<Plan, { ok: false }>): AppError {
  if (plan.field) return fieldError('bad_request', plan.field, plan.message);
  if (!('checkoutId' in sale)) return new AppError('conflict', plan.message);
  // A checkout bought on account says so, as each of its lines would (no card payment to give back).
  const onAccount = rows.find(
    (r) => r.paymentStatus && r.orderStatus === 'Pending' && r.refundStatus === null,
  );
  return new AppError('conflict', (onAccount && orderProblem(onAccount)) ?? nothingToRefundOfCheckout);
}

/** The refund as asked of the provider, with the key its retries reuse. */
async function storeRefund(
  tx: Tx,
  actor: SessionUser,
  sale: Sale,
  req: SaleRefundRequest,
  rows: OrderRow[],
  intentId: string,
  plan: Extract<Plan, { ok: true }>,
): Promise<SaleRefundRow> {
  const id = randomUUID();
  // A single order refunded in full at once keeps its order's key (refunds made before partial refunds used it).
  const whole = 'orderId' in sale && rows[0]!.refundedCents === 0 && plan.lines[0]!.completesLine;
  const [refund] = await tx
    .insert(saleRefunds)
    .values({
      id,
      providerKey: whole ? refundKey(sale.orderId) : saleRefundKey(id),
      ...('orderId' in sale ? { orderId: sale.orderId } : { checkoutId: sale.checkoutId }),
      intentId,
      kind: plan.kind,
      amountCents: plan.amountCents,
      lines: plan.lines,
      restock: req.restock !== false,
      requestedBy: actor.id,
    })
    .returning();
  return refund! as SaleRefundRow;
}

function auditLine(
  tx: Tx,
  actor: SessionUser,
  row: OrderRow,
  line: PlannedRefundLine,
  back: number,
  saleRefundId: string,
) {
  return recordAudit(tx, actor, {
    kind: 'order.refunded',
    entityType: 'order',
    entityId: row.id,
    summary: auditSummary(row, line, back),
    before: {
      orderStatus: row.orderStatus,
      paymentStatus: true,
      shippedQuantity: row.shippedQuantity,
      refundedCents: row.refundedCents,
    },
    after: {
      ...(line.completesLine && { orderStatus: 'Cancelled', paymentStatus: false }),
      refundAmountCents: line.amountCents,
      refundedQuantity: line.quantity,
      restockedQuantity: back,
      saleRefundId,
    },
  });
}

/** The checkout's words when none of its lines can give money back (POST /api/checkout/{id}/refund, as before). */
const nothingToRefundOfCheckout =
  'Nothing to refund: every line of this checkout is unpaid, delivered, cancelled or refunded already.';

/** The units a refund takes off a line: those it names, or every unit left when it completes the line. */
const unitsGivenUp = (row: OrderRow, line: PlannedRefundLine) =>
  line.completesLine ? row.quantity - row.refundedQuantity : line.quantity;

/** Writes what a refund gives back of a line; a line refunded in full is cancelled with its refund pending. */
async function recordLine(tx: Tx, row: OrderRow, line: PlannedRefundLine, intentId: string) {
  const refundedCents = row.refundedCents + line.amountCents;
  const [updated] = await tx
    .update(orders)
    .set({
      refundedQuantity: row.refundedQuantity + unitsGivenUp(row, line),
      refundedCents,
      ...(line.completesLine && {
        orderStatus: 'Cancelled' as const,
        cancelledAt: new Date(),
        paymentStatus: false,
        paymentIntentId: intentId,
        refundStatus: 'pending' as const,
        refundAmountCents: refundedCents,
        refundRequestedAt: new Date(),
      }),
    })
    .where(eq(orders.id, row.id))
    .returning();
  return updated!;
}

function auditSummary(row: OrderRow, line: PlannedRefundLine, restocked: number) {
  const units = `${restocked} ${restocked === 1 ? 'unit' : 'units'} back in stock`;
  const money = formatCents(line.amountCents);
  if (line.completesLine && row.refundedCents === 0)
    return `Cancelled and refunded ${row.name}'s paid order of ${row.quantity} × ${row.productName} (${money}); ${units}`;
  const what = line.quantity > 0 ? `${line.quantity} of ${row.quantity} × ${row.productName}` : 'an amount';
  const verb = line.completesLine ? 'Refunded the rest of' : 'Partly refunded';
  return `${verb} ${row.name}'s paid order ${formatOrderNumber(row.orderNumber)}: ${what} (${money}); ${units}`;
}

/** Asked again for an order already refunded: a refund still pending at the provider is tried once more. */
async function settlePendingOf(deps: OrderDeps, rows: OrderRow[]) {
  for (const r of rows) if (r.refundStatus === 'pending') await trySettleRefund(deps, r);
}

async function reread(deps: OrderDeps, ids: string[]) {
  const rows = await deps.db.select().from(orders).where(inArray(orders.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)!);
}
