import { formatOrderNumber } from '@shared/orders/order-number';
import type { UseQueryResult } from '@tanstack/react-query';
import { backorderNote } from '@shared/orders/orders.schema';
import type { Order } from '@shared/orders/orders.schema';
import { ErrorState } from '@/components/ui/error-state';
import { RefundBadge, StatusBadge } from '@/components/order-badges';
import { formatCount, formatDate, formatPrice } from '@/lib/format';
import { formatCents } from '@shared/common/money';

/** One order at a glance: what, how many, the total, its state, who ordered it and where it goes. */
export function OrderSummary({ order }: { order: UseQueryResult<Order> }) {
  if (order.isPending)
    return (
      <div role="status" className="mt-6">
        <span className="sr-only">Loading the order…</span>
        <div aria-hidden="true" className="skeleton h-28 w-full" />
      </div>
    );
  if (order.isError)
    return (
      <ErrorState
        message={`We could not load this order. ${order.error.message}`}
        onRetry={() => void order.refetch()}
      />
    );
  const o = order.data;
  return (
    <dl className="mt-6 grid gap-x-6 gap-y-3 rounded-box border border-base-300 bg-base-100 p-5 sm:grid-cols-2">
      <div>
        <dt className="text-sm text-base-content/75">Order</dt>
        <dd className="font-semibold">{formatOrderNumber(o.orderNumber)}</dd>
      </div>
      <div>
        <dt className="text-sm text-base-content/75">Product</dt>
        <dd className="font-medium">
          {o.productName} × {formatCount(o.quantity)} at {formatPrice(o.price)}
          {backorderNote(o) && (
            <div className="text-sm font-normal text-base-content/75">{backorderNote(o)}</div>
          )}
        </dd>
      </div>
      <div>
        <dt className="text-sm text-base-content/75">Total</dt>
        <dd className="font-semibold">{formatCents(o.totalCents)}</dd>
        {(o.shipping > 0 || o.tax > 0) && (
          <dd className="text-sm text-base-content/75">
            {formatCents(o.subtotalCents)} goods + {formatCents(o.shippingCents)} shipping
            {o.shippingMethod ? ` (${o.shippingMethod})` : ''} + {formatCents(o.taxCents)} tax
          </dd>
        )}
        {o.taxExemptionNumber && (
          <dd className="text-sm text-base-content/75">Tax exempt (certificate {o.taxExemptionNumber})</dd>
        )}
      </div>
      <div>
        <dt className="text-sm text-base-content/75">Status</dt>
        <dd className="flex flex-wrap gap-2">
          <StatusBadge order={o} />
          {/* The status already says paid, unpaid or refunded; a refund still under way is worth its own badge. */}
          {o.refundStatus === 'pending' && <RefundBadge order={o} />}
        </dd>
      </div>
      <div>
        <dt className="text-sm text-base-content/75">Placed</dt>
        <dd>
          <time dateTime={o.createdAt}>{formatDate(o.createdAt)}</time> by {o.name} ({o.email})
        </dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="text-sm text-base-content/75">Delivery address</dt>
        <dd>{o.address}</dd>
      </div>
    </dl>
  );
}
