import { and, eq, ne, sql } from 'drizzle-orm';
import { holdEndedSql, holdLastsSql, orders, user } from '../../db/schema';
import { AppError, fieldError } from '../../infra/errors';
import type { OrderLimits } from '../../infra/config-orders';
import type { Tx } from '../../infra/db';

/** What an order may hold: how long it stays unpaid, and how much one customer may hold unpaid at once. */
export interface HoldRules {
  expiryMs: number;
  limits: OrderLimits;
}

export const verifyFirstMessage =
  'Please verify your email address before ordering: follow the link in the verification mail we sent you.';

/** What decides when an unpaid line stops holding its stock. */
export interface HeldRow {
  createdAt: Date;
  holdUntil?: Date | null;
}

/**
 * The one rule for when an unpaid line's hold ends (docs/decisions/054-approval-window.md): `hold_until` when set (a
 * checkout awaiting approval: the approval's deadline; an approved one: one checkout window from the approval),
 * otherwise one checkout window from its creation. Every reader goes through this; queries through its SQL twins
 * `holdEndedSql` / `holdLastsSql` (orders.schema.ts).
 */
export const holdEndsAt = (row: HeldRow, expiryMs: number): Date =>
  row.holdUntil ?? new Date(row.createdAt.getTime() + expiryMs);

/** An unpaid order whose hold has ended is expired, even before the sweep has marked it so. */
export const isPastWindow = (
  row: HeldRow & { paymentStatus: boolean; orderStatus: string },
  expiryMs: number,
  now = Date.now(),
) => !row.paymentStatus && row.orderStatus === 'Pending' && holdEndsAt(row, expiryMs).getTime() <= now;

export { holdEndedSql, holdLastsSql };

/** The order a customer is placing, already inserted in this transaction. */
export interface NewOrder {
  id: string;
  userId: string;
  quantity: number;
}

/**
 * Locks the customer's row for the rest of the order's transaction, refusing an unverified customer. Concurrent
 * orders of one customer pass here one after the other, so the limits below are checked by a statement that sees
 * the orders of whoever held the lock before (a new statement, a new snapshot) and they can never be exceeded
 * together. The lock is `for no key update`: the order's own insert already holds `for key share` on that row (its
 * foreign key), which `for update` would conflict with between two orders of one customer (a deadlock).
 */
export async function lockCustomer(tx: Tx, order: NewOrder) {
  const [owner] = await tx
    .select({ emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, order.userId))
    .for('no key update');
  if (!owner?.emailVerified) throw new AppError('forbidden', verifyFirstMessage);
}

/**
 * How many unpaid orders the limit sees: a checkout's lines count as one (it is one purchase, paid or cancelled at
 * once; counting lines would make a large cart impossible to check out). Each of their units still counts as reserved.
 */
const holds = sql`count(distinct coalesce(${orders.checkoutId}, ${orders.id}))`;

/** The customer's other unpaid orders that still hold stock: what the limits count. */
const heldBy = (order: NewOrder, expiryMs: number) =>
  and(
    eq(orders.userId, order.userId),
    ne(orders.id, order.id),
    eq(orders.paymentStatus, false),
    eq(orders.orderStatus, 'Pending'),
    holdLastsSql(new Date(), expiryMs),
  );

/** Refuses an order that takes the customer past the limits on unpaid orders and reserved units. */
export async function assertWithinLimits(tx: Tx, order: NewOrder, rules: HoldRules) {
  const [held] = await tx
    .select({
      orders: sql<number>`${holds}::int`,
      units: sql<number>`coalesce(sum(${orders.quantity}), 0)::int`,
    })
    .from(orders)
    .where(heldBy(order, rules.expiryMs));
  const { quantity } = order;
  const { maxUnpaidOrders, maxReservedUnits } = rules.limits;
  if (held!.orders >= maxUnpaidOrders)
    throw new AppError(
      'conflict',
      `You already have ${held!.orders} unpaid ${held!.orders === 1 ? 'order' : 'orders'}, the most allowed at once. Please pay for or cancel one before placing another.`,
    );
  if (Number(held!.units) + quantity > maxReservedUnits)
    throw fieldError(
      'conflict',
      'quantity',
      `your unpaid orders may reserve at most ${maxReservedUnits} ${maxReservedUnits === 1 ? 'unit' : 'units'} together (${held!.units} reserved now). Please pay for or cancel an order first.`,
    );
}

/**
 * Moves when a checkout's unpaid, pending lines stop holding their stock (docs/decisions/054-approval-window.md): the
 * checkout's approval sets it to the approvers' deadline when requested, and to one window from the approval when
 * approved. Returns the lines as they now stand.
 */
export async function holdCheckoutUntil(tx: Tx, checkoutId: string, until: Date) {
  return tx
    .update(orders)
    .set({ holdUntil: until })
    .where(
      and(
        eq(orders.checkoutId, checkoutId),
        eq(orders.paymentStatus, false),
        eq(orders.orderStatus, 'Pending'),
      ),
    )
    .returning();
}
