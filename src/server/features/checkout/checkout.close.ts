import { checkoutMessages, type Checkout } from '@shared/checkout/checkout.schema';
import { AppError } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import { findCheckout, toCheckout } from './checkout.model';
import { checkoutPayable } from './checkout.payment';
import { closeUnpaid, type OrderDeps } from '../orders/index';

/**
 * Cancels an unpaid checkout (its owner or an admin): its intent is stopped first, then every line becomes Cancelled
 * and gives its stock back, in one transaction, in product-id order like every other writer of several products' stock.
 */
export async function cancelCheckout(deps: OrderDeps, actor: SessionUser, id: string): Promise<Checkout> {
  const found = await findCheckout(deps.db, actor, id);
  if (found.co.paidAt) throw new AppError('conflict', checkoutMessages.paidCannotCancel);
  const { head, lines } = await closeUnpaid(deps, checkoutPayable(deps, id), found.co, 'Cancelled');
  return toCheckout(head, lines, deps.expiryMs);
}
