import { and, asc, isNotNull, isNull, sql } from 'drizzle-orm';
import { checkoutMessages, type Checkout } from '@shared/checkout/checkout.schema';
import { checkouts } from '../../db/schema';
import { AppError } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import { sendCheckoutMail } from './checkout.mail';
import { findCheckout, toCheckout, type CheckoutRow } from './checkout.model';
import { checkoutPayable } from './checkout.payment';
import { closeUnpaid, holdEndedSql, type OrderDeps, type Payable } from '../orders/index';

/**
 * Cancels an unpaid checkout (its owner or an admin): its intent is stopped first, then every line becomes Cancelled
 * and gives its stock back, in one transaction, in product-id order like every other writer of several products' stock.
 */
export async function cancelCheckout(deps: OrderDeps, actor: SessionUser, id: string): Promise<Checkout> {
  const found = await findCheckout(deps.db, actor, id);
  if (found.co.paidAt) throw new AppError('conflict', checkoutMessages.paidCannotCancel);
  const payable: Payable<CheckoutRow> = {
    ...checkoutPayable(deps, id),
    // An admin cancelling a customer's checkout tells them, in the same transaction; their own needs no mail.
    closed: async (tx, before, _to, by) => {
      if (by?.role === 'admin' && found.co.userId !== by.id)
        await sendCheckoutMail(deps.mail, 'cancelledByShop', found.co, before, tx);
    },
  };
  const { head, lines } = await closeUnpaid(deps, payable, found.co, 'Cancelled', actor);
  return toCheckout(head, lines, deps.expiryMs);
}

/** How many checkouts with a payment in flight one sweep settles (each needs a call to the provider). */
const SWEEP_BATCH = 50;

/**
 * The sweep's part for checkouts past their window that started a payment: each intent is settled at the provider
 * before anything expires. A payment that succeeded (its confirming call never came: the process died, the buyer
 * left) makes the checkout paid; otherwise the intent is cancelled and the lines expire and give their stock back.
 * Never expired with the money kept. A provider that cannot be reached leaves it to a later sweep.
 */
export async function settleCheckoutsWithIntents(deps: OrderDeps, now = new Date()): Promise<number> {
  const due = await deps.db
    .select()
    .from(checkouts)
    .where(
      and(
        isNull(checkouts.paidAt),
        isNotNull(checkouts.paymentIntentId),
        // Its lines' hold (orders.holds.ts) knows the approval: an approved checkout's window runs from the approval.
        sql`exists (select 1 from orders o where o.checkout_id = ${checkouts.id} and o.order_status = 'Pending' and ${holdEndedSql(now, deps.expiryMs, 'o')})`,
      ),
    )
    .orderBy(asc(checkouts.createdAt))
    .limit(SWEEP_BATCH);
  let settled = 0;
  for (const co of due) {
    try {
      await closeUnpaid(deps, checkoutPayable(deps, co.id), co, 'Expired');
      settled++;
    } catch (err) {
      // 409: paid meanwhile (by this call when the intent had succeeded), or closed by someone else.
      if (err instanceof AppError && err.status === 409) {
        settled++;
        continue;
      }
      deps.mail.log.warn(
        { err, checkout: co.id },
        'could not settle a checkout with a payment in flight yet',
      );
    }
  }
  return settled;
}
