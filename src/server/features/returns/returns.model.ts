import { asc, eq, inArray } from 'drizzle-orm';
import type { Return } from '@shared/returns/returns.schema';
import { formatRma, type ReturnStatus } from '@shared/returns/returns.constants';
import { orders, returnLines, returns } from '../../db/schema';
import type { Db, Tx } from '../../infra/db';
import { AppError, notFound } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';

export type ReturnRow = typeof returns.$inferSelect;
export type ReturnLineRow = typeof returnLines.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The answer for some returns, with their lines named by order number and product. */
export async function toReturns(db: Db | Tx, rows: ReturnRow[]): Promise<Return[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      line: returnLines,
      orderNumber: orders.orderNumber,
      productName: orders.productName,
    })
    .from(returnLines)
    .innerJoin(orders, eq(orders.id, returnLines.orderId))
    .where(
      inArray(
        returnLines.returnId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orders.orderNumber));
  const replacementIds = rows.flatMap((r) => (r.replacementCheckoutId ? [r.replacementCheckoutId] : []));
  const replacements = replacementIds.length
    ? await db
        .select({ checkoutId: orders.checkoutId, orderNumber: orders.orderNumber })
        .from(orders)
        .where(inArray(orders.checkoutId, replacementIds))
        .orderBy(asc(orders.orderNumber))
    : [];
  return rows.map((r) => ({
    _id: r.id,
    rma: r.rmaNumber === null ? null : formatRma(r.rmaNumber),
    email: r.email,
    reason: r.reason,
    comments: r.comments,
    photos: r.photos,
    status: r.status,
    instructions: r.instructions,
    rejectReason: r.rejectReason,
    feePercent: r.feePercent,
    lines: lines
      .filter((l) => l.line.returnId === r.id)
      .map((l) => ({
        _id: l.line.id,
        orderId: l.line.orderId,
        orderNumber: l.orderNumber ?? 0,
        productName: l.productName,
        quantity: l.line.quantity,
        restockedQuantity: l.line.restockedQuantity,
        scrappedQuantity: l.line.scrappedQuantity,
      })),
    createdAt: r.createdAt.toISOString(),
    decidedAt: iso(r.decidedAt),
    receivedAt: iso(r.receivedAt),
    closedAt: iso(r.closedAt),
    replacement: r.replacementCheckoutId
      ? {
          checkoutId: r.replacementCheckoutId,
          orderNumbers: replacements
            .filter((o) => o.checkoutId === r.replacementCheckoutId)
            .map((o) => o.orderNumber ?? 0),
        }
      : null,
  }));
}

export const toReturn = async (db: Db | Tx, row: ReturnRow) => (await toReturns(db, [row]))[0]!;

/** A return its buyer (or an admin) may see; someone else's is a 403, as orders answer. */
export async function readableReturn(db: Db, actor: SessionUser, id: string): Promise<ReturnRow> {
  const [row] = await db.select().from(returns).where(eq(returns.id, id));
  if (!row) throw notFound('Return');
  if (actor.role !== 'admin' && row.userId !== actor.id)
    throw new AppError('forbidden', 'This return belongs to another customer.');
  return row;
}

/**
 * The return, locked for a step of its state machine: a step from any other state is a 409 naming both, so two
 * admins acting at once (or a repeated click) act once.
 */
export async function lockReturnIn(tx: Tx, id: string, from: ReturnStatus[], step: string) {
  const [row] = await tx.select().from(returns).where(eq(returns.id, id)).for('update');
  if (!row) throw notFound('Return');
  if (!from.includes(row.status))
    throw new AppError('conflict', `This return is ${row.status}: it cannot be ${step} now.`);
  const lines = await tx.select().from(returnLines).where(eq(returnLines.returnId, id));
  return { row, lines };
}

/** The order lines a return names, in id order. */
export const orderLinesOf = (db: Db | Tx, ids: string[]) =>
  db.select().from(orders).where(inArray(orders.id, ids)).orderBy(asc(orders.id));
