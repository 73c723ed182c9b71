import type { OrderStatus, RefundStatus } from './orders.schema';

/**
 * Where an order stands, as the pages and the store overview count it: the API's `orderStatus` (the spec's values,
 * which stay as they are) split by payment — a paid order is still `Pending` until delivered — and by refund.
 */
export type OrderStage = OrderStatus | 'Paid' | 'Refunded';

/** What each stage reads as on the pages: plain words, not the stored `Pending`. */
export const orderStageLabels: Record<OrderStage, string> = {
  Pending: 'Awaiting payment',
  Paid: 'Paid · Awaiting shipment',
  Delivered: 'Delivered',
  Cancelled: 'Cancelled',
  Refunded: 'Refunded',
  Expired: 'Expired',
};

/**
 * An order's stage. Refunded once the provider confirmed the refund (a refund still being retried leaves it
 * Cancelled, with its "Refund pending" badge); the store overview's SQL buckets orders the same way.
 */
export function orderStage(order: {
  orderStatus: OrderStatus;
  paymentStatus: boolean;
  refundStatus?: RefundStatus | null;
}): OrderStage {
  if (order.refundStatus === 'refunded') return 'Refunded';
  if (order.orderStatus === 'Pending' && order.paymentStatus) return 'Paid';
  return order.orderStatus;
}

/**
 * A paid line some of whose money went back by a partial refund (docs/decisions/053-partial-refunds.md), not yet
 * refunded in full: it reads "Partly refunded" until the rest is refunded ("Refunded") or it is delivered.
 */
export const isPartlyRefunded = (order: Parameters<typeof orderStage>[0] & { refundedCents?: number }) =>
  orderStage(order) === 'Paid' && (order.refundedCents ?? 0) > 0;

export const partlyRefundedLabel = 'Partly refunded';

/** "Paid · Awaiting shipment", "Awaiting payment", …: the one label every page shows for an order's status. */
export const orderStatusLabel = (order: Parameters<typeof orderStage>[0] & { refundedCents?: number }) =>
  isPartlyRefunded(order) ? partlyRefundedLabel : orderStageLabels[orderStage(order)];

/**
 * Where a line stands in fulfilment (docs/decisions/038-fulfilment.md), derived from its payment, status, refund and
 * the units shipped so far. The admin list filters by it (`fulfilment=`); its SQL twin is `fulfilmentStateSql` in
 * src/server/features/orders/orders.schema.ts.
 */
export const fulfilmentStates = [
  'awaiting_payment',
  'awaiting_shipment',
  'partly_shipped',
  'shipped',
  'ready_for_pickup',
  'delivered',
  'cancelled',
  'refunded',
] as const;
export type FulfilmentState = (typeof fulfilmentStates)[number];

/** What each state reads as for a person. */
export const fulfilmentLabels: Record<FulfilmentState, string> = {
  awaiting_payment: 'Awaiting payment',
  awaiting_shipment: 'Paid · Awaiting shipment',
  partly_shipped: 'Partly shipped',
  shipped: 'Shipped',
  ready_for_pickup: 'Ready for pickup',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** A line's fulfilment state; `lapsed`: unpaid and past its checkout window (it reads as expired, so cancelled). */
export function fulfilmentOf(line: {
  refundStatus: RefundStatus | null;
  orderStatus: OrderStatus;
  paymentStatus: boolean;
  shippedQuantity: number;
  quantity: number;
  shippingKind: string | null;
  lapsed?: boolean;
}): FulfilmentState {
  if (line.refundStatus === 'refunded') return 'refunded';
  if (line.orderStatus === 'Delivered') return 'delivered';
  if (line.orderStatus === 'Cancelled' || line.orderStatus === 'Expired') return 'cancelled';
  if (!line.paymentStatus) return line.lapsed ? 'cancelled' : 'awaiting_payment';
  if (line.shippedQuantity === 0) return 'awaiting_shipment';
  if (line.shippedQuantity < line.quantity) return 'partly_shipped';
  return line.shippingKind === 'pickup' ? 'ready_for_pickup' : 'shipped';
}

/** The states a paid, undelivered line moves through once something of it has left (or is ready to). */
export const isUnderway = (state: FulfilmentState | undefined) =>
  state === 'partly_shipped' || state === 'shipped' || state === 'ready_for_pickup';

/** Units of a line not shipped yet. */
export const remainingToShip = (o: { quantity: number; shippedQuantity?: number | undefined }) =>
  o.quantity - (o.shippedQuantity ?? 0);

/** A line an admin may ship now: paid, not delivered, cancelled or refunded, with units left (the API's rule). */
export const canShip = (o: {
  paymentStatus: boolean;
  orderStatus: OrderStatus;
  refundStatus?: RefundStatus | null | undefined;
  quantity: number;
  shippedQuantity?: number | undefined;
}) => o.paymentStatus && o.orderStatus === 'Pending' && !o.refundStatus && remainingToShip(o) > 0;
