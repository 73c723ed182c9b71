import type { Checkout } from '@shared/checkout/checkout.schema';
import { eq } from 'drizzle-orm';
import { checkouts } from '../../db/schema';
import { sendCheckoutMail } from './checkout.mail';
import type { SessionUser } from '../../http/auth-guard';
import { getCheckout } from './checkout.service';
import { type OrderDeps, refundSale, type SaleRefundRequest } from '../orders/index';

/**
 * Refunds a paid checkout (admin) through the one refund path (refundSale), as one sale: every paid, undelivered
 * line by default, or some units of some lines, or an amount spread over its lines — one provider refund against its
 * one payment and one credit note on its invoice per call. Delivered lines stay sold. When the last refundable line
 * is refunded in full the customer gets the checkout's "being refunded" mail at once; every refund is mailed with its
 * credit note when the provider confirms it.
 */
export async function refundCheckout(
  deps: OrderDeps,
  actor: SessionUser,
  id: string,
  req: SaleRefundRequest = {},
): Promise<Checkout> {
  await getCheckout(deps, actor, id);
  await refundSale(deps, actor, { checkoutId: id }, req, {
    startedMail: async (tx, refunded) => {
      const [co] = await tx.select().from(checkouts).where(eq(checkouts.id, id));
      await sendCheckoutMail(
        deps.mail,
        'refundStarted',
        co!,
        [...refunded].sort((a, b) => (a.productId < b.productId ? -1 : 1)),
        tx,
      );
    },
  });
  return getCheckout(deps, actor, id);
}
