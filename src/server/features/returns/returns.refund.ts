import { eq } from 'drizzle-orm';
import { formatRma } from '@shared/returns/returns.constants';
import { returnLines, returns } from '../../db/schema';
import { AppError, notFound } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import { checkoutOfLine, refundSale, type OrderDeps } from '../orders/index';
import { markRefunded } from './returns.admin';
import { replaceReturn } from './returns.replace';
import { orderLinesOf, toReturn } from './returns.model';
import { returnPolicy } from './returns.policy';
import { auditOrders } from './returns.request';

/**
 * Settles a received return: a replacement (warranty failures), or money back for the units that came back through
 * `refundSale`, the one refund path, less the shop's restocking fee for the reason. The units are in stock (or
 * scrapped) by the receiving step already, so the refund restocks nothing. The return is marked refunded in the
 * refund's own transaction: a second click, or two admins at once, refund once.
 */
export async function resolveReturn(
  deps: OrderDeps,
  actor: SessionUser,
  id: string,
  resolution: 'refund' | 'replace',
) {
  if (resolution === 'replace') return replaceReturn(deps, actor, id);
  const [row] = await deps.db.select().from(returns).where(eq(returns.id, id));
  if (!row) throw notFound('Return');
  if (row.status !== 'received')
    throw new AppError('conflict', `This return is ${row.status}: it cannot be refunded now.`);
  const lines = await deps.db.select().from(returnLines).where(eq(returnLines.returnId, id));
  const units = lines
    .map((l) => ({ orderId: l.orderId, quantity: (l.restockedQuantity ?? 0) + (l.scrappedQuantity ?? 0) }))
    .filter((l) => l.quantity > 0);
  if (units.length === 0) throw new AppError('conflict', 'Nothing came back: there is nothing to refund.');
  const [first] = await orderLinesOf(deps.db, [units[0]!.orderId]);
  const checkoutId = checkoutOfLine(first!);
  const feePercent = (await returnPolicy(deps.db))[row.reason].feePercent;
  await refundSale(
    deps,
    actor,
    checkoutId ? { checkoutId } : { orderId: first!.id },
    { lines: units, restock: false, returned: { feePercent } },
    {
      inTransaction: async (tx, saleRefundId) => {
        const done = await markRefunded(tx, id, saleRefundId, feePercent);
        const rma = done.rmaNumber === null ? '' : ` ${formatRma(done.rmaNumber)}`;
        await auditOrders(tx, actor, 'return.refunded', id, units, () =>
          feePercent > 0
            ? `Return${rma} refunded, less a ${feePercent}% restocking fee`
            : `Return${rma} refunded`,
        );
      },
    },
  );
  const [after] = await deps.db.select().from(returns).where(eq(returns.id, id));
  return toReturn(deps.db, after!);
}
