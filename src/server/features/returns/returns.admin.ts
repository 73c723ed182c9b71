import { and, eq, sql } from 'drizzle-orm';
import type { ReturnReceive } from '@shared/returns/returns.schema';
import { formatRma } from '@shared/returns/returns.constants';
import { returnLines, returns } from '../../db/schema';
import type { Tx } from '../../infra/db';
import { AppError, fieldError } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import { moveStock } from '../inventory/inventory.service';
import type { OrderDeps } from '../orders/index';
import { lockReturnIn, orderLinesOf, toReturn, type ReturnLineRow, type ReturnRow } from './returns.model';
import { mailReturnStep } from './returns.mail';
import { auditOrders } from './returns.request';

/** The next RMA number, taken in the approving transaction: the counter row stays locked until it commits, so no gaps. */
async function nextRmaNumber(tx: Tx): Promise<number> {
  const { rows } = await tx.execute<{ last: number }>(sql`
    insert into return_counter (id, last) values (true, 1)
    on conflict (id) do update set last = return_counter.last + 1
    returning last`);
  return Number(rows[0]!.last);
}

/** One step of the state machine: the locked return changes, its lines' orders are audited, the buyer is mailed. */
async function step(
  deps: OrderDeps,
  actor: SessionUser,
  id: string,
  from: ReturnRow['status'][],
  verb: string,
  apply: (
    tx: Tx,
    row: ReturnRow,
    lines: ReturnLineRow[],
  ) => Promise<{ set: Partial<ReturnRow>; summary: string }>,
  kind: 'return.approved' | 'return.rejected' | 'return.received',
) {
  return deps.db.transaction(async (tx) => {
    const { row, lines } = await lockReturnIn(tx, id, from, verb);
    const { set, summary } = await apply(tx, row, lines);
    const [next] = await tx.update(returns).set(set).where(eq(returns.id, id)).returning();
    const label = next!.rmaNumber === null ? 'Return' : `Return ${formatRma(next!.rmaNumber)}`;
    await auditOrders(tx, actor, kind, id, lines, () => `${label} ${summary}`);
    const view = await toReturn(tx, next!);
    await mailReturnStep(deps, tx, view);
    return view;
  });
}

export const approveReturn = (deps: OrderDeps, actor: SessionUser, id: string, instructions: string) =>
  step(
    deps,
    actor,
    id,
    ['requested'],
    'approved',
    async (tx) => ({
      set: { status: 'approved', rmaNumber: await nextRmaNumber(tx), instructions, decidedAt: new Date() },
      summary: `approved: ${instructions}`,
    }),
    'return.approved',
  );

export const rejectReturn = (deps: OrderDeps, actor: SessionUser, id: string, reason: string) =>
  step(
    deps,
    actor,
    id,
    ['requested'],
    'rejected',
    async () => ({
      set: { status: 'rejected', rejectReason: reason, decidedAt: new Date(), closedAt: new Date() },
      summary: `rejected: ${reason}`,
    }),
    'return.rejected',
  );

/**
 * Records what came back of each line: resaleable units go back into stock ("return restocked"), damaged ones are
 * received and written off at once ("return received", then "return scrapped"), each a row of the stock ledger.
 */
export const receiveReturn = (deps: OrderDeps, actor: SessionUser, id: string, body: ReturnReceive) =>
  step(
    deps,
    actor,
    id,
    ['approved'],
    'received',
    async (tx, row, lines) => {
      const got = checkReceived(body, lines);
      const orders = await orderLinesOf(
        tx,
        lines.map((l) => l.orderId),
      );
      for (const line of lines) {
        const { restock, scrap } = got.get(line.id) ?? { restock: 0, scrap: 0 };
        await tx
          .update(returnLines)
          .set({ restockedQuantity: restock, scrappedQuantity: scrap })
          .where(eq(returnLines.id, line.id));
        const order = orders.find((o) => o.id === line.orderId)!;
        if (!order.productId) continue;
        const base = {
          productId: order.productId,
          orderId: order.id,
          orderNumber: order.orderNumber ?? undefined,
          actorEmail: actor.email,
          staff: deps.mail,
        };
        if (restock > 0)
          await moveStock(tx, { ...base, delta: restock, reason: 'return_restocked', notify: deps.mail });
        if (scrap > 0) {
          await moveStock(tx, {
            ...base,
            delta: scrap,
            reason: 'return_received',
            notify: null,
            quiet: true,
          });
          await moveStock(tx, {
            ...base,
            delta: -scrap,
            reason: 'return_scrapped',
            notify: null,
            quiet: true,
          });
        }
      }
      const total = [...got.values()].reduce((n, g) => n + g.restock + g.scrap, 0);
      const restocked = [...got.values()].reduce((n, g) => n + g.restock, 0);
      return {
        set: { status: 'received', receivedAt: new Date() },
        summary: `received: ${total} ${total === 1 ? 'unit' : 'units'} back, ${restocked} restocked, ${total - restocked} scrapped`,
      };
    },
    'return.received',
  );

/** What the admin says came back, checked against the return's lines: 400s name the field at fault. */
function checkReceived(body: ReturnReceive, lines: ReturnLineRow[]) {
  const got = new Map<string, { restock: number; scrap: number }>();
  for (const [i, l] of body.lines.entries()) {
    const line = lines.find((x) => x.id === l.lineId);
    if (!line) throw fieldError('bad_request', `lines.${i}.lineId`, 'is not a line of this return');
    if (got.has(l.lineId)) throw fieldError('bad_request', `lines.${i}.lineId`, 'names the same line twice');
    if (l.restock + l.scrap > line.quantity)
      throw fieldError(
        'bad_request',
        `lines.${i}.restock`,
        `restocked and scrapped units must add up to at most ${line.quantity}, the units asked to return`,
      );
    got.set(l.lineId, { restock: l.restock, scrap: l.scrap });
  }
  return got;
}

/** Marks a received return refunded by the sale refund just stored, in that refund's transaction (or fails it). */
export async function markRefunded(tx: Tx, id: string, saleRefundId: string, feePercent: number) {
  const [done] = await tx
    .update(returns)
    .set({ status: 'refunded', saleRefundId, feePercent, closedAt: new Date() })
    .where(and(eq(returns.id, id), eq(returns.status, 'received')))
    .returning();
  if (!done) throw new AppError('conflict', 'This return is refunded already.');
  return done;
}
