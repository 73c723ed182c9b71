import { and, asc, eq, inArray, max, ne, sql } from 'drizzle-orm';
import type { ReturnCreate } from '@shared/returns/returns.schema';
import { returnReasonLabels } from '@shared/returns/returns.constants';
import { formatOrderNumber } from '@shared/orders/order-number';
import { orders, returnLines, returns, shipmentLines, shipments } from '../../db/schema';
import type { Tx } from '../../infra/db';
import { AppError, fieldError } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import { recordAudit } from '../audit/audit.service';
import { checkoutOfLine, type OrderDeps, type OrderRow } from '../orders/index';
import { toReturn } from './returns.model';
import { mailReturnStep } from './returns.mail';
import { returnPolicy } from './returns.policy';

const DAY_MS = 86_400_000;

/**
 * A buyer's return request (docs/decisions/065-returns.md). The order lines are locked (`FOR UPDATE`, in id order,
 * as refunds lock them) before their returned units are counted, so two requests for the same line at once are
 * checked one after the other and never return more than was shipped.
 */
export async function createReturn(deps: OrderDeps, actor: SessionUser, body: ReturnCreate) {
  const ids = body.lines.map((l) => l.orderId);
  const twice = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (twice >= 0) throw fieldError('bad_request', `lines.${twice}.orderId`, 'names the same line twice');
  return deps.db.transaction(async (tx) => {
    const locked = await tx
      .select()
      .from(orders)
      .where(inArray(orders.id, ids))
      .orderBy(asc(orders.id))
      .for('update');
    const policy = (await returnPolicy(tx))[body.reason];
    const returned = await returnedUnits(tx, ids);
    const shippedAt = await lastShipped(tx, ids);
    let sale: string | undefined;
    for (const [i, want] of body.lines.entries()) {
      const row = locked.find((r) => r.id === want.orderId);
      if (!row || row.userId !== actor.id)
        throw fieldError('bad_request', `lines.${i}.orderId`, 'is not a line of your orders');
      // One return, one sale: its refund is one refund of that sale (one payment, one credit note).
      sale ??= saleOf(row);
      if (saleOf(row) !== sale)
        throw fieldError('bad_request', `lines.${i}.orderId`, 'must be of the same order as the first line');
      checkLine(row, i, want.quantity, returned.get(row.id) ?? 0);
      checkWindow(row, shippedAt.get(row.id), policy.windowDays, body.reason);
    }
    const [made] = await tx
      .insert(returns)
      .values({
        userId: actor.id,
        email: locked[0]!.email,
        reason: body.reason,
        comments: body.comments ?? '',
        photos: body.photos ?? [],
      })
      .returning();
    await tx.insert(returnLines).values(body.lines.map((l) => ({ returnId: made!.id, ...l })));
    const what = describeLines(locked, body.lines);
    await auditOrders(
      tx,
      actor,
      'return.requested',
      made!.id,
      body.lines,
      (l) => `Return requested (${returnReasonLabels[body.reason]}): ${what(l)}`,
    );
    const view = await toReturn(tx, made!);
    await mailReturnStep(deps, tx, view);
    return view;
  });
}

/** Units of each line in returns not rejected: all asked for until received, then what actually came back. */
async function returnedUnits(tx: Tx, ids: string[]) {
  const rows = await tx
    .select({
      orderId: returnLines.orderId,
      units: sql<number>`coalesce(sum(case when ${returns.status} in ('received', 'refunded', 'replaced') then coalesce(${returnLines.restockedQuantity}, 0) + coalesce(${returnLines.scrappedQuantity}, 0) else ${returnLines.quantity} end), 0)::int`,
    })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(and(inArray(returnLines.orderId, ids), ne(returns.status, 'rejected')))
    .groupBy(returnLines.orderId);
  return new Map(rows.map((r) => [r.orderId, Number(r.units)]));
}

/** When each line's last units left the shop: the window of a return runs from there. */
async function lastShipped(tx: Tx, ids: string[]) {
  const rows = await tx
    .select({ orderId: shipmentLines.orderId, at: max(shipments.createdAt) })
    .from(shipmentLines)
    .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
    .where(inArray(shipmentLines.orderId, ids))
    .groupBy(shipmentLines.orderId);
  return new Map(rows.map((r) => [r.orderId, r.at]));
}

const saleOf = (row: OrderRow) => checkoutOfLine(row) ?? row.id;

function checkLine(row: OrderRow, i: number, quantity: number, returned: number) {
  if (!row.paymentStatus && row.refundStatus === null)
    throw new AppError(
      'conflict',
      `Order ${formatOrderNumber(row.orderNumber)} is not paid: nothing to return.`,
    );
  if (row.shippedQuantity === 0)
    throw fieldError(
      'bad_request',
      `lines.${i}.orderId`,
      'has not been shipped yet: cancel or refund it instead',
    );
  const left = row.shippedQuantity - returned;
  if (quantity > left)
    throw fieldError(
      'bad_request',
      `lines.${i}.quantity`,
      left === 0
        ? 'every shipped unit of this line is returned or asked for already'
        : `must be at most ${left}: ${row.shippedQuantity} shipped, ${returned} returned or asked for already`,
    );
}

function checkWindow(
  row: OrderRow,
  shipped: Date | null | undefined,
  days: number,
  reason: ReturnCreate['reason'],
) {
  const from = row.deliveredAt ?? shipped ?? row.createdAt;
  if (Date.now() > from.getTime() + days * DAY_MS)
    throw new AppError(
      'conflict',
      `The return window for "${returnReasonLabels[reason]}" (${days} days) has passed for order ${formatOrderNumber(row.orderNumber)}.`,
    );
}

export const describeLines =
  (rows: OrderRow[], lines: { orderId: string; quantity: number }[]) => (orderId: string) => {
    const row = rows.find((r) => r.id === orderId)!;
    const line = lines.find((l) => l.orderId === orderId)!;
    return `${line.quantity} of ${row.quantity} × ${row.productName}`;
  };

/** One audit entry per order line, about the order: its history (timeline) reads the return's steps from them. */
export async function auditOrders(
  tx: Tx,
  actor: Pick<SessionUser, 'id' | 'email'>,
  kind:
    | 'return.requested'
    | 'return.approved'
    | 'return.rejected'
    | 'return.received'
    | 'return.refunded'
    | 'return.replaced',
  returnId: string,
  lines: { orderId: string }[],
  summary: (orderId: string) => string,
) {
  for (const l of lines)
    await recordAudit(tx, actor, {
      kind,
      entityType: 'order',
      entityId: l.orderId,
      summary: summary(l.orderId),
      after: { returnId },
    });
}
