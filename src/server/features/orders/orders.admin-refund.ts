import type { Order } from '@shared/orders/orders.schema';
import { AppError } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import { recordAudit } from '../audit/audit.service';
import type { Tx } from '../../infra/db';
import { sendOrderMail } from './orders.mail';
import { toOrder, totalCents, type OrderDeps, type OrderRow } from './orders.model';
import { lockOrder } from './orders.payment';
import { requestRefund, trySettleRefund } from './orders.refunds';
import { releaseStock, reservedUnits } from './orders.stock';
import { formatCents } from '@shared/common/money';

/** The units an order still holds on the shelf: its reserved units less those already shipped. */
const unshippedUnits = (row: OrderRow) => Math.max(0, reservedUnits(row) - row.shippedQuantity);

/**
 * An admin cancels a paid order that is not delivered: in one transaction the order becomes Cancelled with a pending
 * full refund (and its retry job), the stock goes back and the action is audited; then the refund is tried at once.
 * Idempotent: an order already being refunded (or refunded) is answered as it is, and a pending refund is tried again.
 */
export async function refundPaidOrder(
  deps: OrderDeps,
  actor: SessionUser,
  id: string,
  opts: {
    /**
     * What tells the customer, in the refund's transaction: by default the order's own mail; a checkout refunding
     * line by line passes null for all but its last line, which mails about them all.
     */
    customerMail?: ((tx: Tx, refunding: OrderRow) => Promise<void>) | null;
    /** Whether the units not shipped yet go back into stock (default); shipped units never do. */
    restock?: boolean | undefined;
  } = {},
): Promise<Order> {
  const row = await deps.db.transaction(async (tx) => {
    const row = await lockOrder(tx, id);
    if (row.refundStatus) return row;
    if (!row.paymentStatus || !row.transactionId)
      throw new AppError('conflict', 'Only a paid order can be refunded; cancel an unpaid order instead.');
    // Bought on account (docs/decisions/041-paying-on-account.md): no card took money, so no card can give it back.
    if (row.transactionId.startsWith('account_'))
      throw new AppError(
        'conflict',
        'This order was bought on account: there is no card payment to refund. Credit the account instead.',
      );
    if (row.orderStatus !== 'Pending')
      throw new AppError(
        'conflict',
        `This order is already ${row.orderStatus.toLowerCase()} and cannot be refunded.`,
      );
    const refunding = await requestRefund(tx, deps, row, row.transactionId, {
      orderStatus: 'Cancelled',
      cancelledAt: new Date(),
    });
    // Units already with the carrier or the customer are not on the shelf: only the rest can go back (a return
    // brings shipped units back), and only when the admin says they can be sold again.
    const restocked = opts.restock === false ? 0 : unshippedUnits(row);
    await releaseStock(tx, row, 'order_cancelled', deps.mail, restocked);
    if (opts.customerMail !== null)
      await (opts.customerMail ?? ((t, r) => sendOrderMail(deps.mail, 'refundStarted', r, t)))(tx, refunding);
    await recordAudit(tx, actor, {
      kind: 'order.refunded',
      entityType: 'order',
      entityId: id,
      summary: `Cancelled and refunded ${row.name}'s paid order of ${row.quantity} × ${row.productName} (${formatCents(totalCents(row))}); ${restocked} ${restocked === 1 ? 'unit' : 'units'} back in stock`,
      before: { orderStatus: row.orderStatus, paymentStatus: true, shippedQuantity: row.shippedQuantity },
      after: {
        orderStatus: 'Cancelled',
        paymentStatus: false,
        refundAmountCents: totalCents(row),
        restockedQuantity: restocked,
      },
    });
    return refunding;
  });
  return toOrder(await trySettleRefund(deps, row), deps.expiryMs);
}
