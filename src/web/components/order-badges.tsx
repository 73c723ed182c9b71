import { formatPrice } from '@/lib/format';
import { paymentLabel, type Order } from '@shared/orders/orders.schema';
import {
  fulfilmentLabels,
  isPartlyRefunded,
  isUnderway,
  partlyRefundedLabel,
  orderStage,
  orderStageLabels,
  type OrderStage,
} from '@shared/orders/order-status';

const stageClass: Record<OrderStage, string> = {
  Pending: 'badge-warning',
  Paid: 'badge-info',
  Delivered: 'badge-success',
  Cancelled: 'badge-error',
  Refunded: 'badge-neutral',
  Expired: 'badge-neutral',
};

/**
 * The order's status in plain words ("Paid · Awaiting shipment", "Awaiting payment", …), the same on every page
 * (soft colours with dark text keep WCAG contrast).
 */
export function StatusBadge({
  order,
}: {
  order: Pick<Order, 'orderStatus' | 'paymentStatus'> &
    Partial<Pick<Order, 'refundStatus' | 'fulfilment' | 'onAccount' | 'refundedCents'>>;
}) {
  const stage = orderStage(order);
  // A paid line on its way reads as its fulfilment ("Partly shipped", "Shipped", "Ready for pickup").
  const underway = stage === 'Paid' && isUnderway(order.fulfilment);
  // Bought on account, it is not paid until its invoice is (issue 38): "On account, due …" instead of "Paid".
  const owed = stage === 'Paid' && !underway && order.onAccount && !order.onAccount.invoicePaid;
  const label = isPartlyRefunded(order)
    ? `${partlyRefundedLabel} · ${underway ? fulfilmentLabels[order.fulfilment!] : 'Awaiting shipment'}`
    : underway
      ? fulfilmentLabels[order.fulfilment!]
      : owed
        ? `${paymentLabel(order)} · Awaiting shipment`
        : orderStageLabels[stage];
  const tone = underway
    ? order.fulfilment === 'partly_shipped'
      ? 'badge-info'
      : 'badge-success'
    : stageClass[stage];
  return (
    // The longest label ("Paid · Awaiting shipment") may wrap, so Manage All Orders still fits 1,366 px.
    <span className={`badge badge-soft h-auto min-h-5 py-0.5 text-center ${tone}`}>{label}</span>
  );
}

/** The admin list's Paid/Unpaid badge. */
export function PaidBadge({ paid, onAccount }: { paid: boolean; onAccount?: Order['onAccount'] }) {
  const label = paymentLabel({ paymentStatus: paid, onAccount });
  const open = paid && onAccount && !onAccount.invoicePaid;
  return (
    <span
      className={`badge badge-soft whitespace-nowrap ${open ? 'badge-warning' : paid ? 'badge-success' : 'badge-error'}`}
    >
      {label}
    </span>
  );
}

/**
 * A payment given back: "Refunded" once the provider confirmed it, "Refund pending" while it is being retried. The
 * screen reader text says how much.
 */
export function RefundBadge({ order }: { order: Pick<Order, 'refundStatus' | 'refundAmount'> }) {
  if (!order.refundStatus) return null;
  const done = order.refundStatus === 'refunded';
  const amount = order.refundAmount === null ? '' : ` ${formatPrice(order.refundAmount)}`;
  return (
    <span className={`badge badge-soft whitespace-nowrap ${done ? 'badge-info' : 'badge-warning'}`}>
      {done ? 'Refunded' : 'Refund pending'}
      <span className="sr-only">{amount}</span>
    </span>
  );
}

/** An order that is over without being delivered: it offers no actions. */
export const isClosed = (order: Pick<Order, 'orderStatus'>) =>
  order.orderStatus === 'Cancelled' || order.orderStatus === 'Expired';

/** An unpaid, pending order can be paid or cancelled. */
export const isPayable = (order: Pick<Order, 'orderStatus' | 'paymentStatus'>) =>
  !order.paymentStatus && order.orderStatus === 'Pending';
