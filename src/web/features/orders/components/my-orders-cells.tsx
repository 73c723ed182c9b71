import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, Clock } from 'lucide-react';
import { paymentLabel, type Order } from '@shared/orders/orders.schema';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { isClosed, isPayable, RefundBadge } from '@/components/order-badges';
import { formatCents } from '@shared/common/money';

/** An empty cell: a dash to the eye, "None" to a screen reader. */
export const noAction = (
  <span className="text-base-content/60">
    <span aria-hidden="true">—</span>
    <span className="sr-only">None</span>
  </span>
);

/**
 * Payment column: Pay and Cancel while unpaid, "Payment done" once paid, the refund once given back, and the invoice
 * of a paid order. A checkout's line is paid and cancelled with its checkout (the order calls refuse it), so it says
 * so instead.
 */
export function PaymentCell({
  order,
  onCancel,
  invoice,
}: {
  order: Order;
  onCancel: () => void;
  invoice: ReactNode;
}) {
  if (order.checkoutId && isPayable(order))
    return <span className="text-sm text-base-content/75">Paid with its checkout</span>;
  if (order.refundStatus)
    return (
      <div className="flex flex-col items-start gap-0.5">
        <RefundBadge order={order} />
        {order.refundAmountCents !== null && (
          <span className="text-xs text-base-content/75">
            {formatCents(order.refundAmountCents)}{' '}
            {order.refundStatus === 'refunded' ? 'returned to your card' : 'to be returned'}
          </span>
        )}
        {invoice}
      </div>
    );
  if (isPayable(order))
    return (
      <div className="flex flex-col items-start gap-1">
        <div className="flex gap-2">
          <Link
            to={paths.payment(order._id)}
            className="btn btn-sm btn-error"
            aria-label={`Pay for ${order.productName}`}
          >
            Pay
          </Link>
          <button
            type="button"
            className="btn btn-sm btn-outline"
            aria-label={`Cancel order for ${order.productName}`}
            onClick={onCancel}
          >
            Cancel
          </button>
        </div>
        {order.expiresAt && (
          <span className="text-xs text-base-content/75">
            Pay by <time dateTime={order.expiresAt}>{formatDateTime(order.expiresAt)}</time>
          </span>
        )}
      </div>
    );
  if (order.paymentStatus && order.onAccount && !order.onAccount.invoicePaid)
    return (
      <div className="flex flex-col gap-0.5">
        <span className="inline-flex items-center gap-1 font-semibold whitespace-nowrap">
          <Clock aria-hidden="true" className="size-4" />
          {paymentLabel(order)}
        </span>
        {invoice}
      </div>
    );
  if (order.paymentStatus)
    return (
      <div className="flex flex-col gap-0.5">
        <span className="inline-flex items-center gap-1 font-semibold whitespace-nowrap text-success">
          <CheckCircle2 aria-hidden="true" className="size-4" />
          Payment done
        </span>
        {order.transactionId && (
          <span className="text-xs text-base-content/75">
            <span className="sr-only">Transaction id </span>
            <span className="font-mono break-all">{order.transactionId}</span>
          </span>
        )}
        {invoice}
      </div>
    );
  return noAction;
}

/** Review column: Write a review once delivered, otherwise a disabled Wait for delivery. */
export function ReviewCell({ order, onReview }: { order: Order; onReview: () => void }) {
  if (isClosed(order)) return noAction;
  if (order.reviewed) return <span className="badge badge-soft badge-success">Reviewed</span>;
  if (order.review)
    return (
      <button
        type="button"
        className="btn btn-sm btn-primary whitespace-nowrap"
        aria-label={`Write a review of ${order.productName}`}
        onClick={onReview}
      >
        Write a review
      </button>
    );
  return (
    <button type="button" className="btn btn-sm whitespace-nowrap" disabled>
      Wait for delivery
    </button>
  );
}
