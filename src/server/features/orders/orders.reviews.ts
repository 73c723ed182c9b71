import { and, asc, eq } from 'drizzle-orm';
import { orders } from '../../db/schema';
import { AppError, fieldError, notFound } from '../../infra/errors';
import type { Db, Tx } from '../../infra/db';

/** What the reviews feature learns of the order a review is for. */
export interface ReviewedOrder {
  id: string;
  productId: string;
  productName: string;
}

export interface ReviewTarget {
  /** The order being reviewed; without it, the customer's oldest delivered, unreviewed order of the product. */
  orderId?: string | undefined;
  productName: string;
}

const notDeliveredYet = () =>
  new AppError('conflict', 'You can review a product once your order of it has been delivered.');

async function lockTarget(tx: Tx, customerId: string, target: ReviewTarget) {
  const mine = eq(orders.userId, customerId);
  const [order] = target.orderId
    ? await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, target.orderId), mine))
        .for('update')
    : await tx
        .select()
        .from(orders)
        .where(
          and(
            mine,
            eq(orders.productName, target.productName),
            eq(orders.orderStatus, 'Delivered'),
            eq(orders.reviewed, false),
          ),
        )
        .orderBy(asc(orders.deliveredAt))
        .limit(1)
        .for('update');
  if (!order) throw target.orderId ? notFound('Order') : notDeliveredYet();
  return order;
}

/**
 * An order is reviewed once, by its customer, after delivery. Runs `write` (which stores the review) in the same
 * transaction as marking the order reviewed, with the order locked, so two reviews of one order cannot both pass.
 */
export async function reviewOrder<T>(
  db: Db,
  customerId: string,
  target: ReviewTarget,
  write: (tx: Tx, order: ReviewedOrder) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const order = await lockTarget(tx, customerId, target);
    if (order.productName !== target.productName)
      throw fieldError('bad_request', 'productName', 'does not match the order');
    if (order.orderStatus !== 'Delivered' || !order.review) throw notDeliveredYet();
    if (order.reviewed) throw new AppError('conflict', 'You have already reviewed this order.');
    const result = await write(tx, {
      id: order.id,
      productId: order.productId,
      productName: order.productName,
    });
    await tx.update(orders).set({ reviewed: true }).where(eq(orders.id, order.id));
    return result;
  });
}
