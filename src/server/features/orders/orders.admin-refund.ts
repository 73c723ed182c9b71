import type { Order } from '@shared/orders/orders.schema';
import { AppError } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import { recordAudit } from '../audit/audit.service';
import type { Tx } from '../../infra/db';
import { sendOrderMail } from './orders.mail';
import { toOrder, totalCents, type OrderDeps, type OrderRow } from './orders.model';
import { lockOrder } from './orders.payment';
import { requestRefund, trySettleRefund } from './orders.refunds';
import { releaseStock } from './orders.stock';
import { formatCents } from '@shared/common/money';

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
    await releaseStock(tx, row, 'order_cancelled', deps.mail);
    if (opts.customerMail !== null)
      await (opts.customerMail ?? ((t, r) => sendOrderMail(deps.mail, 'refundStarted', r, t)))(tx, refunding);
    await recordAudit(tx, actor, {
      kind: 'order.refunded',
      entityType: 'order',
      entityId: id,
      summary: `Cancelled and refunded ${row.name}'s paid order of ${row.quantity} × ${row.productName} (${formatCents(totalCents(row))})`,
      before: { orderStatus: row.orderStatus, paymentStatus: true },
      after: { orderStatus: 'Cancelled', paymentStatus: false, refundAmountCents: totalCents(row) },
    });
    return refunding;
  });
  return toOrder(await trySettleRefund(deps, row), deps.expiryMs);
}
