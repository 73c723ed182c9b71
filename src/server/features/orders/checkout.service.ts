import { eq } from 'drizzle-orm';
import { unitPriceCentsAt } from '@shared/catalogue/pricing';
import { messages } from '@shared/messages';
import { checkoutMessages, type Checkout, type CheckoutCreate } from '@shared/orders/checkout.schema';
import { cartLines, checkouts, orders } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { countOrderPlaced } from '../../lib/metrics';
import type { SessionUser } from '../../plugins/auth-guard';
import type { Db } from '../../plugins/db';
import { loadPricing } from '../catalogue/catalogue.service';
import { cartRows, lineProblem, lockCart } from './cart.service';
import { sendCheckoutMail } from './checkout.mail';
import { findCheckout, toCheckout } from './checkout.model';
import { assertWithinLimits, lockCustomer } from './orders.holds';
import type { OrderDeps } from './orders.model';
import { reserveStock } from './orders.stock';

export { cancelCheckout } from './checkout.close';
export { payCheckout, type CheckoutPaymentConfirmation } from './checkout.payment';

/** One line the checkout refuses, and why: what the 409's `lines` list. */
export interface LineProblem {
  productId: string;
  name: string;
  problem: string;
}

/** A 409 that names every line at fault (the route answers it as checkoutLinesProblemSchema). */
export class CheckoutLinesError extends AppError {
  constructor(readonly lines: LineProblem[]) {
    super('conflict', checkoutMessages.linesProblem);
  }
}

// No order has this id: the limits then count every order the customer holds (the checkout's are not inserted yet).
const NO_ORDER = '00000000-0000-0000-0000-000000000000';

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
  input: CheckoutCreate & { number: string; address: string },
): Promise<Checkout> {
  const { co, lines } = await deps.db.transaction(async (tx) => {
    await lockCart(tx, customer.id);
    const rows = await cartRows(tx, customer.id);
    if (rows.length === 0) throw new AppError('conflict', checkoutMessages.emptyCart);
    const pricing = await loadPricing(
      tx,
      rows.map((r) => r.productId),
    );
    const problems: LineProblem[] = [];
    for (const r of rows) {
      const p = pricing.get(r.productId);
      const problem = p ? lineProblem(r.quantity, p) : 'This product is no longer sold.';
      if (problem) problems.push({ productId: r.productId, name: p?.name ?? '', problem });
    }
    if (problems.length) throw new CheckoutLinesError(problems);

    // The customer's row first (their other orders wait), then the limits for the checkout as one unpaid order.
    const quantity = rows.reduce((sum, r) => sum + r.quantity, 0);
    await lockCustomer(tx, { id: NO_ORDER, userId: customer.id, quantity });
    await assertWithinLimits(tx, { id: NO_ORDER, userId: customer.id, quantity }, deps);

    const [co] = await tx
      .insert(checkouts)
      .values({
        userId: customer.id,
        name: customer.name,
        email: customer.email,
        number: input.number,
        address: input.address,
        company: input.company ?? null,
        poNumber: input.poNumber ?? null,
      })
      .returning();
    const sorted = [...rows].sort((a, b) => (a.productId < b.productId ? -1 : 1));
    const lines = await tx
      .insert(orders)
      .values(
        sorted.map((r) => {
          const p = pricing.get(r.productId)!;
          return {
            userId: customer.id,
            name: customer.name,
            email: customer.email,
            productId: p.id,
            productName: p.name,
            unitPriceCents: unitPriceCentsAt(r.quantity, p.priceCents, p.breaks),
            quantity: r.quantity,
            number: input.number,
            address: input.address,
            checkoutId: co!.id,
          };
        }),
      )
      .returning();
    lines.sort((a, b) => (a.productId < b.productId ? -1 : 1));
    for (const line of lines) {
      // A refusal here (the stock went since it was read) rolls back the checkout, its lines and what was reserved.
      if (!(await reserveStock(tx, line, 'order_reserved')))
        throw new CheckoutLinesError([
          { productId: line.productId, name: line.productName, problem: messages.quantityAboveStock },
        ]);
    }
    await tx.delete(cartLines).where(eq(cartLines.userId, customer.id));
    await sendCheckoutMail(deps.mail, 'placed', co!, lines, tx);
    return { co: co!, lines };
  });
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
  const checkout = await getCheckout(deps, actor, id);
  const amountCents = checkout.lines.reduce((sum, l) => sum + Math.round(l.price * 100) * l.quantity, 0);
  return { id, email: checkout.email, amountCents, status: checkout.status };
}

/** Remembers the provider's intent for a checkout (one intent per checkout and amount). */
export async function recordCheckoutIntent(db: Db, checkoutId: string, intentId: string): Promise<void> {
  await db.update(checkouts).set({ paymentIntentId: intentId }).where(eq(checkouts.id, checkoutId));
}

/** The spec's single-order pay and cancel refuse an unpaid line of a checkout: the checkout is paid or cancelled whole. */
export async function assertNotCheckoutLine(db: Db, orderId: string): Promise<void> {
  const [row] = await db
    .select({ checkoutId: orders.checkoutId, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (row?.checkoutId && !row.paymentStatus) throw new AppError('conflict', checkoutMessages.lineOfCheckout);
}
