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

/** "Paid · Awaiting shipment", "Awaiting payment", …: the one label every page shows for an order's status. */
export const orderStatusLabel = (order: Parameters<typeof orderStage>[0]) =>
  orderStageLabels[orderStage(order)];
