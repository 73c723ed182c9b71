import { eq } from 'drizzle-orm';
import { checkoutMessages, type Checkout } from '@shared/checkout/checkout.schema';
import { orders } from '../../db/schema';
import { AppError } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import { findCheckout, lockCheckout, toCheckout, type CheckoutRow } from './checkout.model';
import { payCheckout } from './checkout.payment';
import { type OrderDeps, releaseStock } from '../orders/index';

const paidFirstMessage = 'This checkout was paid before it could be cancelled.';

/**
 * Stops the checkout's intent at the provider before its lines stop holding stock, so no payment can succeed for a
 * checkout that is gone; when the payment got there first, the payment wins (the checkout becomes paid, 409).
 */
async function stopIntent(deps: OrderDeps, co: CheckoutRow) {
  if (!co.paymentIntentId) return;
  const intent = await deps.payments.cancelIntent(co.paymentIntentId);
  if (intent.status === 'canceled') return;
  if (intent.status === 'succeeded' && intent.checkoutId === co.id) {
    await payCheckout(deps, { checkoutId: co.id, transactionId: intent.id, amountCents: intent.amountCents });
    throw new AppError('conflict', paidFirstMessage);
  }
  throw new AppError('conflict', 'A payment for this checkout is in progress. Please try again in a minute.');
}

/**
 * Cancels an unpaid checkout (its owner or an admin): every line becomes Cancelled and gives its stock back, in one
 * transaction, in product-id order like every other writer of several products' stock.
 */
export async function cancelCheckout(deps: OrderDeps, actor: SessionUser, id: string): Promise<Checkout> {
  const found = await findCheckout(deps.db, actor, id);
  if (found.co.paidAt) throw new AppError('conflict', checkoutMessages.paidCannotCancel);
  await stopIntent(deps, found.co);
  const { co, lines } = await deps.db.transaction(async (tx) => {
    const { co, lines } = await lockCheckout(tx, id);
    if (co.paidAt) throw new AppError('conflict', checkoutMessages.paidCannotCancel);
    const status = lines[0]?.orderStatus ?? 'Cancelled';
    if (status !== 'Pending')
      throw new AppError('conflict', `This checkout is already ${status.toLowerCase()}.`);
    // A payment started after we looked: its intent was not stopped, so closing now could strand it.
    if (co.paymentIntentId !== found.co.paymentIntentId)
      throw new AppError('conflict', 'A payment for this checkout has just started. Please try again.');
    const closed = await tx
      .update(orders)
      .set({ orderStatus: 'Cancelled', cancelledAt: new Date() })
      .where(eq(orders.checkoutId, id))
      .returning();
    closed.sort((a, b) => (a.productId < b.productId ? -1 : 1));
    for (const line of closed) await releaseStock(tx, line, 'order_cancelled', deps.mail);
    return { co, lines: closed };
  });
  return toCheckout(co, lines, deps.expiryMs);
}
