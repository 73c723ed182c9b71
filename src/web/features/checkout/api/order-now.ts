import { useQuery } from '@tanstack/react-query';
import type { Checkout, CheckoutStatus } from '@shared/checkout/checkout.schema';
import type { Order } from '@shared/orders/orders.schema';
import { ordersCalls } from '@shared/orders/orders.calls';
import { callApi } from '@/lib/call-api';
import { orderKeys } from '@/lib/query-keys/orders';

function orderNowStatus(line: Order): CheckoutStatus {
  if (line.paymentStatus) return 'paid';
  if (line.orderStatus === 'Cancelled') return 'cancelled';
  if (line.orderStatus === 'Expired') return 'expired';
  return 'unpaid';
}

/**
 * An Order Now line as the one-line checkout it is (docs/decisions/051-one-placement-pipeline.md), so the one pay
 * page shows it as it shows a cart's. Its line's shares of shipping and tax are the whole checkout's.
 */
export function orderNowCheckout(line: Order): Checkout {
  return {
    ...line,
    company: null,
    poNumber: line.poNumber ?? null,
    status: orderNowStatus(line),
    refundedCents: line.refundedCents,
    lines: [line],
    approval: null,
    approvalExpiresAt: null,
  };
}

/**
 * The Order Now line behind `/dashboard/payment/{id}` as a checkout. It is read through the spec's
 * `GET /api/singleorderitem/{id}` (the checkout calls do not know an Order Now checkout, so it is paid only once, by
 * `PUT /api/order/{id}`), under the order's own cache key: paying it refreshes both.
 */
export const useOrderNowCheckout = (id: string) =>
  useQuery({
    queryKey: orderKeys.item(id),
    queryFn: () => callApi(ordersCalls.order, { params: { id } }),
    enabled: !!id,
    select: orderNowCheckout,
  });
