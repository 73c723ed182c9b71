import { asc, desc, eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import { quantityProblem, totalProblem, type Order, type OrderCreate } from '@shared/orders/orders.schema';
import { orders, products, user } from '../../db/schema';
import { AppError, fieldError, notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/auth-guard';
import type { Db, Tx } from '../../plugins/db';
import { recordAudit } from '../audit/audit.service';
import { assertMayHold, isPastWindow, type HoldRules } from './orders.holds';
import { releaseStock, reserveStock } from './orders.stock';

export { expireUnpaidOrders } from './orders.stock';

export type OrderRow = typeof orders.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toOrder(row: OrderRow, expiryMs: number): Order {
  const unpaid = !row.paymentStatus && row.orderStatus === 'Pending';
  // Past its window it is expired for the customer at once; the sweep gives the stock back within seconds.
  const orderStatus = isPastWindow(row, expiryMs) ? 'Expired' : row.orderStatus;
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    productId: row.productId,
    productName: row.productName,
    price: row.unitPriceCents / 100,
    quantity: row.quantity,
    total: (row.unitPriceCents * row.quantity) / 100,
    number: row.number,
    address: row.address,
    paymentStatus: row.paymentStatus,
    orderStatus,
    review: row.review,
    reviewed: row.reviewed,
    phone: row.phone,
    transactionId: row.transactionId,
    createdAt: row.createdAt.toISOString(),
    paidAt: iso(row.paidAt),
    deliveredAt: iso(row.deliveredAt),
    expiresAt:
      unpaid && orderStatus === 'Pending' ? new Date(row.createdAt.getTime() + expiryMs).toISOString() : null,
  };
}

export const totalCents = (row: Pick<OrderRow, 'quantity' | 'unitPriceCents'>) =>
  row.quantity * row.unitPriceCents;

/**
 * Places an order: name and unit price come from the catalogue, never from the caller; minOrder ≤ quantity ≤ stock;
 * the stock is reserved in the same transaction by one conditional UPDATE.
 */
export async function placeOrder(
  db: Db,
  customer: SessionUser,
  input: OrderCreate,
  rules: HoldRules,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const [product] = await tx.select().from(products).where(eq(products.id, input.productId));
    if (!product || product.archivedAt) throw notFound('Product');
    const problem = quantityProblem(input.quantity, product);
    // Too little stock is a conflict with the shop's current state (409), whether seen here or by the UPDATE below.
    const soldOut = fieldError('conflict', 'quantity', messages.quantityAboveStock);
    if (problem === messages.quantityAboveStock) throw soldOut;
    const tooLarge = problem ?? totalProblem(input.quantity, product.priceCents);
    if (tooLarge) throw fieldError('bad_request', 'quantity', tooLarge);
    await assertMayHold(tx, customer.id, input.quantity, rules);
    if (!(await reserveStock(tx, product.id, input.quantity))) throw soldOut;
    const [row] = await tx
      .insert(orders)
      .values({
        userId: customer.id,
        name: customer.name,
        email: customer.email,
        productId: product.id,
        productName: product.name,
        unitPriceCents: product.priceCents,
        quantity: input.quantity,
        number: input.number,
        address: input.address,
      })
      .returning();
    return row!;
  });
}

async function lockOrder(tx: Tx, id: string): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!row) throw notFound('Order');
  return row;
}

function assertOwnerOrAdmin(actor: SessionUser, row: OrderRow) {
  if (actor.role !== 'admin' && row.userId !== actor.id)
    throw new AppError('forbidden', 'This order belongs to another customer.');
}

/** Cancels an unpaid, pending order (its owner or an admin): kept on record as Cancelled, its stock released. */
export async function cancelOrder(db: Db, actor: SessionUser, id: string): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, id);
    assertOwnerOrAdmin(actor, row);
    if (row.paymentStatus) throw new AppError('conflict', 'A paid order can no longer be cancelled.');
    if (row.orderStatus !== 'Pending')
      throw new AppError('conflict', `This order is already ${row.orderStatus.toLowerCase()}.`);
    const [updated] = await tx
      .update(orders)
      .set({ orderStatus: 'Cancelled', cancelledAt: new Date() })
      .where(eq(orders.id, id))
      .returning();
    await releaseStock(tx, row.productId, row.quantity);
    if (actor.role === 'admin') {
      await recordAudit(tx, actor, {
        kind: 'order.cancelled',
        entityType: 'order',
        entityId: id,
        summary: `Cancelled ${row.name}'s order of ${row.quantity} × ${row.productName}`,
        before: { orderStatus: row.orderStatus },
        after: { orderStatus: 'Cancelled' },
      });
    }
    return updated!;
  });
}

/** Marks a paid order Delivered, which is what lets the customer review it. Admins only (checked by the route). */
export async function deliverOrder(db: Db, actor: SessionUser, id: string): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, id);
    if (!row.paymentStatus) throw new AppError('conflict', 'Only a paid order can be delivered.');
    if (row.orderStatus !== 'Pending')
      throw new AppError('conflict', `This order is already ${row.orderStatus.toLowerCase()}.`);
    const [updated] = await tx
      .update(orders)
      .set({ orderStatus: 'Delivered', review: true, deliveredAt: new Date() })
      .where(eq(orders.id, id))
      .returning();
    await recordAudit(tx, actor, {
      kind: 'order.delivered',
      entityType: 'order',
      entityId: id,
      summary: `Delivered ${row.name}'s order of ${row.quantity} × ${row.productName}`,
      before: { orderStatus: row.orderStatus, review: row.review },
      after: { orderStatus: 'Delivered', review: true },
    });
    return updated!;
  });
}

export interface PaymentConfirmation {
  orderId: string;
  transactionId: string;
  amountCents: number;
  phone?: string | undefined;
}

/**
 * Marks an order paid for a payment the provider confirmed (the caller checked the intent). Idempotent: the same
 * transaction again changes nothing. A payment that arrives after the order was cancelled or expired takes the stock
 * back if it is still there; otherwise it is refused (and must be refunded).
 */
export async function markOrderPaid(
  db: Db,
  p: PaymentConfirmation,
  actor?: SessionUser,
): Promise<{ row: OrderRow; changed: boolean }> {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, p.orderId);
    if (actor) assertOwnerOrAdmin(actor, row);
    if (row.paymentStatus) {
      if (row.transactionId === p.transactionId) return { row, changed: false };
      throw new AppError('conflict', 'This order is already paid by another payment.');
    }
    if (p.amountCents !== totalCents(row))
      throw fieldError('bad_request', 'transactionId', 'the payment amount does not match the order');
    if (row.orderStatus === 'Cancelled' || row.orderStatus === 'Expired') {
      if (!(await reserveStock(tx, row.productId, row.quantity))) {
        throw new AppError(
          'conflict',
          'This order was cancelled before the payment arrived and the stock is gone; the payment will be refunded.',
        );
      }
    } else if (row.orderStatus !== 'Pending') {
      throw new AppError('conflict', `This order is already ${row.orderStatus.toLowerCase()}.`);
    }
    const [updated] = await tx
      .update(orders)
      .set({
        paymentStatus: true,
        orderStatus: 'Pending',
        transactionId: p.transactionId,
        phone: p.phone ?? row.number,
        paidAt: new Date(),
        cancelledAt: null,
      })
      .where(eq(orders.id, row.id))
      .returning();
    return { row: updated!, changed: true };
  });
}

export async function getOrder(db: Db, actor: SessionUser, id: string): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw notFound('Order');
  assertOwnerOrAdmin(actor, row);
  return row;
}

export async function listOrdersOf(db: Db, email: string): Promise<OrderRow[]> {
  const [owner] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, email.trim().toLowerCase()));
  if (!owner) return [];
  return db
    .select()
    .from(orders)
    .where(eq(orders.userId, owner.id))
    .orderBy(desc(orders.createdAt), asc(orders.id));
}

export async function listAllOrders(db: Db): Promise<OrderRow[]> {
  return db.select().from(orders).orderBy(desc(orders.createdAt), asc(orders.id));
}
