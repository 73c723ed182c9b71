import type { Order } from '@shared/orders/orders.schema';
import type { SessionUser } from '../../http/auth-guard';
import { sendOrderMail } from './orders.mail';
import { toOrder, type OrderDeps } from './orders.model';
import { linesWithDelivery } from './orders.line-delivery';
import { refundSale, type SaleRefundRequest } from './orders.sale-refund';

/**
 * An admin refunds a paid order that is not delivered (POST /api/order/{id}/refund) through the one refund path
 * (refundSale): all that is still refundable by default, or some of its units, or an amount. Refunded in full, it
 * becomes Cancelled and the customer is told at once; the provider refund is tried at once and retried by its job.
 * Asked again once refunded in full, it answers the order as it is (and tries a pending refund again).
 */
export async function refundPaidOrder(
  deps: OrderDeps,
  actor: SessionUser,
  id: string,
  req: SaleRefundRequest = {},
): Promise<Order> {
  const [row] = await refundSale(deps, actor, { orderId: id }, req, {
    startedMail: async (tx, refunded) => {
      await sendOrderMail(deps.mail, 'refundStarted', refunded[0]!, tx);
    },
  });
  const [line] = await linesWithDelivery(deps.db, [row!]);
  return toOrder(line!, deps.expiryMs);
}
