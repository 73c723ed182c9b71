import { eq } from 'drizzle-orm';
import { checkoutMessages, type Checkout } from '@shared/checkout/checkout.schema';
import { cartLines, checkouts } from '../../db/schema';
import { AppError } from '../../infra/errors';
import { countOrderPlaced, type OrderDeps, type OrderRow } from '../orders/index';
import type { SessionUser } from '../../http/auth-guard';
import type { Db, Tx } from '../../infra/db';
import { cartRows, lockCart } from '../cart/index';
import { insertCheckout, type CheckoutInput, type PricedLine } from './checkout.lines';
import {
  assertCheckoutPayable,
  checkoutTotalCents,
  findCheckout,
  toCheckout,
  type CheckoutRow,
} from './checkout.model';

export { cancelCheckout } from './checkout.close';
export { type LineProblem, type PricedLine } from './checkout.lines';
export { payCheckout, type CheckoutPaymentConfirmation } from './checkout.payment';

/**
 * Turns the caller's cart into one checkout: each cart line becomes an ordinary order (priced at the break its
 * quantity reaches, read from the catalogue now) that carries the checkout's id. All or nothing, in one transaction:
 * any line at fault refuses the whole checkout (409 naming every such line) and nothing is reserved; otherwise the
 * lines are inserted, their stock reserved in product-id order (two carts sharing products never wait on each other
 * in a cycle), the cart emptied and one mail queued.
 */
export async function createCheckout(
  deps: OrderDeps,
  customer: SessionUser,
  input: CheckoutInput,
): Promise<Checkout> {
  const { co, lines } = await deps.db.transaction(async (tx) => {
    await lockCart(tx, customer.id);
    const rows = await cartRows(tx, customer.id);
    if (rows.length === 0) throw new AppError('conflict', checkoutMessages.emptyCart);
    const placed = await insertCheckout(tx, deps, customer, input, rows);
    await tx.delete(cartLines).where(eq(cartLines.userId, customer.id));
    return placed;
  });
  return placedCheckout(deps, co, lines);
}

/**
 * One checkout of lines at prices fixed elsewhere (an accepted quote), by the same rules as the cart's: stock,
 * limits, the lock order and one mail; the cart is left alone. `lines(tx)` runs first in the checkout's transaction
 * (the caller locks and checks its own record there) and `done(tx, checkout)` last, so both commit with the checkout
 * or not at all.
 */
export async function createPricedCheckout(
  deps: OrderDeps,
  customer: SessionUser,
  input: CheckoutInput,
  steps: { lines(tx: Tx): Promise<PricedLine[]>; done(tx: Tx, checkout: Checkout): Promise<void> },
): Promise<Checkout> {
  const { co, lines } = await deps.db.transaction(async (tx) => {
    const rows = await steps.lines(tx);
    const placed = await insertCheckout(tx, deps, customer, input, rows);
    await steps.done(tx, toCheckout(placed.co, placed.lines, deps.expiryMs));
    return placed;
  });
  return placedCheckout(deps, co, lines);
}

function placedCheckout(deps: OrderDeps, co: CheckoutRow, lines: OrderRow[]): Checkout {
  for (const line of lines) countOrderPlaced(line);
  return toCheckout(co, lines, deps.expiryMs);
}

export async function getCheckout(deps: OrderDeps, actor: SessionUser, id: string): Promise<Checkout> {
  const { co, lines } = await findCheckout(deps.db, actor, id);
  return toCheckout(co, lines, deps.expiryMs);
}

/** What the payments feature needs to charge a checkout (its owner or an admin), never more. */
export interface PayableCheckout {
  id: string;
  email: string;
  amountCents: number;
  status: Checkout['status'];
}

export async function getPayableCheckout(
  deps: OrderDeps,
  actor: SessionUser,
  id: string,
): Promise<PayableCheckout> {
  const { co, lines } = await findCheckout(deps.db, actor, id);
  const checkout = toCheckout(co, lines, deps.expiryMs);
  // Awaiting approval or rejected: refused here with its own message, before any payment starts.
  if (checkout.status === 'awaiting_approval' || checkout.status === 'rejected') assertCheckoutPayable(co);
  return { id, email: checkout.email, amountCents: checkoutTotalCents(lines), status: checkout.status };
}

/** Remembers the provider's intent for a checkout (one intent per checkout and amount). */
export async function recordCheckoutIntent(db: Db, checkoutId: string, intentId: string): Promise<void> {
  await db.update(checkouts).set({ paymentIntentId: intentId }).where(eq(checkouts.id, checkoutId));
}
