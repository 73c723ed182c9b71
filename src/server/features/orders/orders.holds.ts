import { and, count, eq, gte, sql } from 'drizzle-orm';
import { orders, user } from '../../db/schema';
import { AppError, fieldError } from '../../lib/errors';
import type { OrderLimits } from '../../plugins/config-orders';
import type { Tx } from '../../plugins/db';

/** What an order may hold: how long it stays unpaid, and how much one customer may hold unpaid at once. */
export interface HoldRules {
  expiryMs: number;
  limits: OrderLimits;
}

export const verifyFirstMessage =
  'Please verify your email address before ordering: follow the link in the verification mail we sent you.';

/** An unpaid order whose checkout window has passed is expired, even before the sweep has marked it so. */
export const isPastWindow = (
  row: { paymentStatus: boolean; orderStatus: string; createdAt: Date },
  expiryMs: number,
  now = Date.now(),
) => !row.paymentStatus && row.orderStatus === 'Pending' && row.createdAt.getTime() + expiryMs <= now;

/**
 * Refuses an order that an unverified customer places, or that takes a customer past the limits on unpaid orders
 * and reserved units. The customer's row is locked first, so concurrent orders of one customer are counted one
 * after the other and can never exceed the limits together.
 */
export async function assertMayHold(tx: Tx, customerId: string, quantity: number, rules: HoldRules) {
  const [owner] = await tx
    .select({ emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, customerId))
    .for('update');
  if (!owner?.emailVerified) throw new AppError('forbidden', verifyFirstMessage);
  const [held] = await tx
    .select({ orders: count(), units: sql<number>`coalesce(sum(${orders.quantity}), 0)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, customerId),
        eq(orders.paymentStatus, false),
        eq(orders.orderStatus, 'Pending'),
        gte(orders.createdAt, new Date(Date.now() - rules.expiryMs)),
      ),
    );
  const { maxUnpaidOrders, maxReservedUnits } = rules.limits;
  if (held!.orders >= maxUnpaidOrders)
    throw new AppError(
      'conflict',
      `You already have ${held!.orders} unpaid orders, the most allowed at once. Please pay for or cancel one before placing another.`,
    );
  if (Number(held!.units) + quantity > maxReservedUnits)
    throw fieldError(
      'conflict',
      'quantity',
      `your unpaid orders may reserve at most ${maxReservedUnits} units together (${held!.units} reserved now). Please pay for or cancel an order first.`,
    );
}
