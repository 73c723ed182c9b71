import { and, asc, eq, ne } from 'drizzle-orm';
import type { Checkout, CheckoutStatus } from '@shared/checkout/checkout.schema';
import { approvalMessages, type CheckoutApproval } from '@shared/checkout/approvals.schema';
import { checkouts, orders } from '../../db/schema';
import { AppError, notFound } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import type { Db, Tx } from '../../infra/db';
import {
  deliveryOf,
  deliveryView,
  goodsCents,
  holdEndsAt,
  isPastWindow,
  type OrderRow,
  refundedCentsOf,
  toOrder,
  totalCents,
} from '../orders/index';
import { centsToDollars } from '@shared/common/money';

/** Rows stay inside the orders feature; what leaves it is a `Checkout`. */
export type CheckoutRow = typeof checkouts.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const checkoutTotalCents = (lines: OrderRow[]) => lines.reduce((sum, l) => sum + totalCents(l), 0);

/**
 * All lines of a checkout share its state (they are created, paid, cancelled and expired together), so the first
 * line speaks for all. Paid is the checkout's own mark: a late payment given back never paid it.
 */
export function checkoutStatus(co: CheckoutRow, lines: OrderRow[], expiryMs: number): CheckoutStatus {
  if (co.paidAt) return 'paid';
  const first = lines[0];
  if (co.approvalStatus === 'rejected') return 'rejected';
  if (!first || first.orderStatus === 'Cancelled') return 'cancelled';
  if (first.orderStatus === 'Expired' || isPastWindow(first, expiryMs)) return 'expired';
  if (co.approvalStatus === 'awaiting') return 'awaiting_approval';
  return 'unpaid';
}

/** The approval part of a checkout's view (null when it was within the buyer's limits). */
export const approvalOf = (co: CheckoutRow): CheckoutApproval | null =>
  co.approvalStatus && co.approvalReason && co.approvalLimitCents !== null
    ? {
        status: co.approvalStatus,
        reason: co.approvalReason,
        limit: centsToDollars(co.approvalLimitCents),
        limitCents: co.approvalLimitCents,
        decidedAt: iso(co.approvalDecidedAt),
        comment: co.approvalComment,
      }
    : null;

/**
 * Whether a checkout can be paid as far as its approval goes: one awaiting approval or rejected cannot, by any
 * means (card, or any other way of paying a checkout). Every path that takes a checkout's payment calls this with
 * the row it read (under the checkout's lock when it writes).
 */
export function assertCheckoutPayable(co: Pick<CheckoutRow, 'approvalStatus'>) {
  if (co.approvalStatus === 'awaiting') throw new AppError('conflict', approvalMessages.awaiting);
  if (co.approvalStatus === 'rejected') throw new AppError('conflict', approvalMessages.rejected);
}

export function toCheckout(co: CheckoutRow, lines: OrderRow[], expiryMs: number): Checkout {
  const status = checkoutStatus(co, lines, expiryMs);
  const first = lines[0];
  return {
    _id: co.id,
    name: co.name,
    email: co.email,
    number: co.number,
    address: co.address,
    company: co.company,
    poNumber: co.poNumber,
    status,
    total: centsToDollars(checkoutTotalCents(lines)),
    subtotal: centsToDollars(lines.reduce((sum, l) => sum + goodsCents(l), 0)),
    shipping: centsToDollars(lines.reduce((sum, l) => sum + l.shippingCents, 0)),
    tax: centsToDollars(lines.reduce((sum, l) => sum + l.taxCents, 0)),
    totalCents: checkoutTotalCents(lines),
    refundedCents: lines.reduce((sum, l) => sum + refundedCentsOf(l), 0),
    subtotalCents: lines.reduce((sum, l) => sum + goodsCents(l), 0),
    shippingCents: lines.reduce((sum, l) => sum + l.shippingCents, 0),
    taxCents: lines.reduce((sum, l) => sum + l.taxCents, 0),
    ...deliveryView(co),
    transactionId: co.transactionId,
    createdAt: co.createdAt.toISOString(),
    paidAt: iso(co.paidAt),
    expiresAt:
      (status === 'unpaid' || status === 'awaiting_approval') && first
        ? iso(holdEndsAt(first, expiryMs))
        : null,
    lines: lines.map((l) => toOrder({ ...l, delivery: deliveryOf(co) }, expiryMs, co.poNumber)),
    approval: approvalOf(co),
    approvalExpiresAt: iso(co.approvalExpiresAt),
  };
}

/** A checkout's lines in the fixed order every writer locks and moves stock in: by product id. */
export const checkoutLines = (db: Db | Tx, checkoutId: string) =>
  db.select().from(orders).where(eq(orders.checkoutId, checkoutId)).orderBy(asc(orders.productId));

/**
 * An Order Now sale's one-line checkout is read, paid and cancelled through the spec's order calls only (its payment
 * lives on its line): the checkout calls do not know it, so it can never be paid twice, once by each.
 */
const isCheckout = ne(checkouts.source, 'order_now');

export function assertCheckoutOwner(actor: SessionUser, co: CheckoutRow) {
  if (actor.role !== 'admin' && co.userId !== actor.id)
    throw new AppError('forbidden', 'This checkout belongs to another customer.');
}

export async function findCheckout(db: Db, actor: SessionUser, id: string) {
  const [co] = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.id, id), isCheckout));
  if (!co) throw notFound('Checkout');
  assertCheckoutOwner(actor, co);
  return { co, lines: await checkoutLines(db, id) };
}

/**
 * Locks the checkout's row and then its lines (by product id) until the transaction ends: every change of a
 * checkout's state takes the checkout first, so two of them are decided one after the other.
 */
export async function lockCheckout(tx: Tx, id: string) {
  const [co] = await tx
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.id, id), isCheckout))
    .for('update');
  if (!co) throw notFound('Checkout');
  // The sale's delivery is the checkout's (decision 067): each line carries it for the invoice, views and events.
  const delivery = deliveryOf(co);
  const lines = (await checkoutLines(tx, id).for('update')).map((l) => ({ ...l, delivery }));
  return { co, lines };
}
