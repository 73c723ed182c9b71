import { checkoutMessages, type Checkout } from '@shared/checkout/checkout.schema';
import { asc, eq, inArray } from 'drizzle-orm';
import { checkouts, orders } from '../../db/schema';
import { AppError } from '../../infra/errors';
import { sendCheckoutMail } from './checkout.mail';
import type { SessionUser } from '../../http/auth-guard';
import { getCheckout } from './checkout.service';
import { type OrderDeps, refundPaidOrder } from '../orders/index';

/**
 * Cancels and refunds every paid, undelivered line of a checkout (admin), each exactly as POST /api/order/{id}/refund
 * does it: its share of the one payment back to the card, its stock back, its credit note on the checkout's invoice,
 * its audit entry. Lines are refunded one after the other, each in its own transaction; a line already refunded is
 * skipped, so a call that stopped half-way (the provider down) is finished by calling again.
 */
export async function refundCheckout(
  deps: OrderDeps,
  actor: SessionUser,
  id: string,
  /** Whether the lines' units not shipped yet go back into stock (default); shipped units never do. */
  restock?: boolean,
): Promise<Checkout> {
  const checkout = await getCheckout(deps, actor, id);
  const refundable = checkout.lines.filter(
    (l) => l.paymentStatus && l.orderStatus === 'Pending' && l.refundStatus === null,
  );
  if (refundable.length === 0) throw new AppError('conflict', checkoutMessages.nothingToRefund);
  const last = refundable[refundable.length - 1]!;
  for (const line of refundable)
    await refundPaidOrder(deps, actor, line._id, {
      restock,
      // One mail for the checkout, with its last line's refund: it lists every line this call refunds.
      customerMail:
        line === last
          ? async (tx) => {
              const [co] = await tx.select().from(checkouts).where(eq(checkouts.id, id));
              const rows = await tx
                .select()
                .from(orders)
                .where(
                  inArray(
                    orders.id,
                    refundable.map((l) => l._id),
                  ),
                )
                .orderBy(asc(orders.productId));
              await sendCheckoutMail(deps.mail, 'refundStarted', co!, rows, tx);
            }
          : null,
    });
  return getCheckout(deps, actor, id);
}
