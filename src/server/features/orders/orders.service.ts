import { eq } from 'drizzle-orm';
import { savingCents, unitPriceCentsAt } from '@shared/catalogue/pricing';
import { messages } from '@shared/messages';
import { checkoutMessages } from '@shared/checkout/checkout.schema';
import { approvalMessages } from '@shared/checkout/approvals.schema';
import {
  backorderNote,
  quantityProblem,
  totalProblem,
  type Order,
  type OrderCreate,
  type OrderCreated,
} from '@shared/orders/orders.schema';
import { companyOfUser, orders } from '../../db/schema';
import { goodsCents, toOrder, totalCents, type OrderDeps, type OrderRow } from './orders.model';
import { AppError, fieldError, notFound } from '../../infra/errors';
import { countOrderPlaced } from './orders.metrics';
import type { SessionUser } from '../../http/auth-guard';
import type { Db } from '../../infra/db';
import { recordAudit } from '../audit/audit.service';
import { loadPricing, orderableStock } from '../catalogue/index';
import { limitBreach } from '../companies/index';
import { closeUnpaidOrder } from './orders.close';
import { assertOwnerOrAdmin, lockOrder } from './orders.payment';
import { assertWithinLimits, isPastWindow, lockCustomer, withinLimits } from './orders.holds';
import { sendOrderMail } from './orders.mail';
import { reserveOrBackorder, reserveStock } from './orders.stock';
import { withShipments } from './orders.shipments';
import { onAccountOf } from './orders.lists';
import { addressTextOf, priceDelivery, rememberAddress } from './orders.delivery';
import { formatCents } from '@shared/common/money';

export { expireUnpaidOrders } from './orders.stock';
export { closeUnpaidOrder, sweepExpiredOrders } from './orders.close';
export { markOrderPaid, payOrder, type PaymentConfirmation } from './orders.payment';
export { defineRefundJob, REFUND_JOB } from './orders.refunds';
export { refundPaidOrder } from './orders.admin-refund';
export { orderDeps, type OrderDeps } from './orders.model';
export { listAllOrders, listOrdersOf } from './orders.lists';
export { reviewOrder, type ReviewedOrder } from './orders.reviews';
export { orderStats } from './orders.stats';

/**
 * Places an order: name and unit price come from the catalogue, never from the caller — the price reached at this
 * quantity (price breaks); minOrder ≤ quantity ≤ stock in whole packs; the stock is reserved in the same
 * transaction by one conditional UPDATE.
 */
export async function placeOrder(
  deps: OrderDeps,
  customer: SessionUser,
  input: OrderCreate,
): Promise<OrderCreated> {
  const { row, savedCents } = await insertOrder(deps, customer, input);
  countOrderPlaced(row);
  const saved = savedCents > 0 ? ` (you save ${formatCents(savedCents)})` : '';
  const extras =
    row.shippingCents + row.taxCents > 0
      ? `: ${formatCents(goodsCents(row))} goods + ${formatCents(row.shippingCents)} shipping + ${formatCents(row.taxCents)} tax`
      : '';
  const note = backorderNote(row);
  const backordered = note ? ` ${note[0]!.toUpperCase()}${note.slice(1)}.` : '';
  return {
    acknowledged: true,
    insertedId: row.id,
    message: `Your order for ${row.quantity} × ${row.productName} is placed at ${formatCents(row.unitPriceCents)} each, ${formatCents(totalCents(row))} in total${extras}${saved}.${backordered} Please pay for it to confirm it.`,
  };
}

async function insertOrder(deps: OrderDeps, customer: SessionUser, input: OrderCreate) {
  return deps.db.transaction(async (tx) => {
    // Read in the reservation's transaction: the price, the rules and the stock taken commit together.
    const product = (await loadPricing(tx, [input.productId], customer.id)).get(input.productId);
    if (!product || product.archived) throw notFound('Product');
    // A backorderable product may be ordered above its stock (decision 037); others keep the spec's stock message.
    const problem = quantityProblem(input.quantity, { ...product, quantity: orderableStock(product) });
    // Too little stock is a conflict with the shop's current state (409), whether seen here or by the UPDATE below.
    const soldOut = fieldError('conflict', 'quantity', messages.quantityAboveStock);
    if (problem === messages.quantityAboveStock) throw soldOut;
    const unitPriceCents = unitPriceCentsAt(
      input.quantity,
      product.priceCents,
      product.breaks,
      product.contractCents,
    );
    const tooLarge = problem ?? totalProblem(input.quantity, unitPriceCents);
    if (tooLarge) throw fieldError('bad_request', 'quantity', tooLarge);
    const address = addressTextOf(input.address, input.shipTo);
    const delivery = await priceDelivery(
      tx,
      deps.delivery,
      customer.id,
      [{ productId: product.id, quantity: input.quantity, unitPriceCents }],
      { ...input, addressText: address },
    );
    const shippingCents = delivery.shippingCents[0]!;
    const taxCents = delivery.taxCents[0]!;
    const withExtras = totalProblem(input.quantity, unitPriceCents, shippingCents + taxCents);
    if (withExtras) throw fieldError('bad_request', 'quantity', withExtras);
    if (input.shipTo) await rememberAddress(tx, customer.id, input.shipTo);
    // The customer's row before the insert, which takes the next order number (its counter row stays locked to the
    // commit): a checkout locks the customer and then numbers its lines, so the same order here avoids a deadlock.
    await lockCustomer(tx, { id: '', userId: customer.id, quantity: input.quantity });
    const [row] = await tx
      .insert(orders)
      .values({
        userId: customer.id,
        name: customer.name,
        email: customer.email,
        productId: product.id,
        productName: product.name,
        unitPriceCents,
        quantity: input.quantity,
        number: input.number,
        address,
        ...delivery.columns,
        shippingCents,
        taxCents,
        companyId: companyOfUser(customer.id),
      })
      .returning();
    // The product's row is locked last: from there to the commit, other orders of this product wait, so one
    // statement runs while they do, the reservation with the customer's limits as its condition (after the insert,
    // so the ledger row names the order). A refusal rolls back the order, its number and its mail with it.
    const rules = { expiryMs: deps.expiryMs, limits: deps.limits };
    // A company buyer's spending limits, weighed as the checkout weighs them (same lock order: customer, membership,
    // product). Order Now has no approval step, so over a limit it is refused and the buyer sent to the cart.
    if (row!.companyId) {
      const breach = await limitBreach(tx, deps, customer.id, totalCents(row!), row!.id);
      if (breach)
        throw new AppError('conflict', approvalMessages.orderNowOverLimit(breach.reason, breach.limitCents));
    }
    const limits = withinLimits(row!, rules);
    const reserved =
      orderableStock(product) > product.quantity
        ? await reserveOrBackorder(tx, row!, product.leadTimeDays!, deps.mail, limits)
        : (await reserveStock(tx, row!, deps.mail, 'order_reserved', limits)) && row!;
    if (reserved) {
      await sendOrderMail(deps.mail, 'placed', reserved, tx);
      return { row: reserved, savedCents: savingCents(input.quantity, product.priceCents, product.breaks) };
    }
    await assertWithinLimits(tx, row!, rules);
    throw soldOut;
  });
}

/** Cancels an unpaid, pending order (its owner or an admin): kept on record as Cancelled, its stock released. */
export async function cancelOrder(deps: OrderDeps, actor: SessionUser, id: string): Promise<Order> {
  const row = await findOrder(deps.db, actor, id);
  if (row.paymentStatus) throw new AppError('conflict', 'A paid order can no longer be cancelled.');
  if (row.checkoutId) throw new AppError('conflict', checkoutMessages.lineOfCheckout);
  if (row.orderStatus !== 'Pending')
    throw new AppError('conflict', `This order is already ${row.orderStatus.toLowerCase()}.`);
  return toOrder(await closeUnpaidOrder(deps, row, 'Cancelled', actor), deps.expiryMs);
}

/** Marks a paid order Delivered, which is what lets the customer review it. Admins only (checked by the route). */
export async function deliverOrder(deps: OrderDeps, actor: SessionUser, id: string): Promise<Order> {
  const row = await deps.db.transaction(async (tx) => {
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
    await sendOrderMail(deps.mail, 'delivered', updated!, tx);
    return updated!;
  });
  return toOrder(row, deps.expiryMs);
}

async function findOrder(db: Db, actor: SessionUser, id: string): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw notFound('Order');
  assertOwnerOrAdmin(actor, row);
  return row;
}

export async function getOrder(deps: OrderDeps, actor: SessionUser, id: string): Promise<Order> {
  const row = await findOrder(deps.db, actor, id);
  const onAccount = await onAccountOf(deps.db, row.checkoutId);
  const [order] = await withShipments(deps.db, [
    toOrder(row, deps.expiryMs, undefined, undefined, onAccount),
  ]);
  return order!;
}

/** What the payments feature needs to charge an order (its owner or an admin), never more. */
export interface PayableOrder {
  id: string;
  email: string;
  amountCents: number;
  paymentStatus: boolean;
  orderStatus: OrderRow['orderStatus'];
}

export async function getPayableOrder(
  deps: OrderDeps,
  actor: SessionUser,
  id: string,
): Promise<PayableOrder> {
  const row = await findOrder(deps.db, actor, id);
  const { email, paymentStatus } = row;
  // Past its checkout window it can no longer be paid, even before the sweep has marked it Expired.
  const orderStatus = isPastWindow(row, deps.expiryMs) ? 'Expired' : row.orderStatus;
  return { id: row.id, email, amountCents: totalCents(row), paymentStatus, orderStatus };
}

/** Remembers the provider's intent for an order (one intent per order and amount). */
export async function recordPaymentIntent(db: Db, orderId: string, intentId: string): Promise<void> {
  await db.update(orders).set({ paymentIntentId: intentId }).where(eq(orders.id, orderId));
}

/** The spec's single-order pay and cancel refuse an unpaid line of a checkout: the checkout is paid or cancelled whole. */
export async function assertNotCheckoutLine(db: Db, orderId: string): Promise<void> {
  const [row] = await db
    .select({ checkoutId: orders.checkoutId, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (row?.checkoutId && !row.paymentStatus) throw new AppError('conflict', checkoutMessages.lineOfCheckout);
}
