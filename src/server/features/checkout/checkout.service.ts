import { eq } from 'drizzle-orm';
import { checkoutMessages, type Checkout } from '@shared/checkout/checkout.schema';
import { checkouts } from '../../db/schema';
import { AppError } from '../../infra/errors';
import type { OrderDeps } from '../orders/index';
import type { SessionUser } from '../../http/auth-guard';
import type { Db, Tx } from '../../infra/db';
import { cartRows, clearCartLines, lockCart } from '../cart/index';
import { placeSale, type SaleDelivery, type SaleLine, type SaleSource } from './place.sale';
import { assertCheckoutPayable, checkoutTotalCents, findCheckout, toCheckout } from './checkout.model';

export { cancelCheckout } from './checkout.close';
export { type LineProblem } from './place.price';
export { type SaleLine as PricedLine } from './place.sale';
export { payCheckout, type CheckoutPaymentConfirmation } from './checkout.payment';

type PricedSource = Extract<SaleSource, 'quote' | 'punchout'>;

/**
 * Turns the caller's cart into one checkout through the placement pipeline (place.sale.ts): each cart line becomes an
 * ordinary order line (priced at the break its quantity reaches, read from the catalogue now) that carries the
 * checkout's id. All or nothing: any line at fault refuses the whole checkout (409 naming every such line) and
 * nothing is reserved; otherwise the lines are placed and the cart emptied in the same transaction.
 */
export async function createCheckout(
  deps: OrderDeps,
  customer: SessionUser,
  input: SaleDelivery,
): Promise<Checkout> {
  const placed = await placeSale(
    deps,
    customer,
    { source: 'cart', delivery: input },
    {
      async lines(tx) {
        await lockCart(tx, customer.id);
        const rows = await cartRows(tx, customer.id);
        if (rows.length === 0) throw new AppError('conflict', checkoutMessages.emptyCart);
        return rows;
      },
      async done(tx) {
        await clearCartLines(tx, customer.id);
      },
    },
  );
  return toCheckout(placed.co, placed.lines, deps.expiryMs);
}

/**
 * One checkout of lines at prices fixed elsewhere (an accepted quote, a buyer system's purchase order), through the
 * same pipeline as the cart's; the cart is left alone. `lines(tx)` runs first in the sale's transaction (the caller
 * locks and checks its own record there) and `done(tx, checkout)` last, so both commit with the checkout or not at all.
 */
export async function createPricedCheckout(
  deps: OrderDeps,
  customer: SessionUser,
  input: SaleDelivery,
  steps: {
    /** Where the fixed prices come from: the checkout records it (admins and reports tell the two apart). */
    source: PricedSource;
    lines(tx: Tx): Promise<SaleLine[]>;
    done(tx: Tx, checkout: Checkout): Promise<void>;
  },
): Promise<Checkout> {
  const placed = await placeSale(
    deps,
    customer,
    { source: steps.source, delivery: input },
    {
      lines: steps.lines,
      done: (tx, { co, lines }) => steps.done(tx, toCheckout(co, lines, deps.expiryMs)),
    },
  );
  return toCheckout(placed.co, placed.lines, deps.expiryMs);
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
