import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { PagedList, ScrollTable } from '@/components/ui/paged-list';
import type { Page } from '@/lib/api-page';
import type { ListState } from '@/lib/use-list-state';
import type { Order } from '@shared/orders/orders.schema';
import { formatCount, formatDate, formatPrice } from '@/lib/format';
import { isClosed, isPayable, PaidBadge, RefundBadge, StatusBadge } from '@/components/order-badges';
import {
  CancelOrderDialog,
  DeliverOrderDialog,
  RefundCheckoutDialog,
  RefundOrderDialog,
} from './order-dialogs';
import { DetailsLink } from './details-link';

/** The admin may deliver a paid order that is not delivered yet. */
export const canDeliver = (order: Pick<Order, 'paymentStatus' | 'orderStatus'>) =>
  order.paymentStatus && order.orderStatus !== 'Delivered' && !isClosed(order);

/** An email that, when it must wrap, wraps at its @ first. */
function BreakableEmail({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/** An unpaid single order; a checkout's lines are cancelled with their checkout (the order call refuses them). */
const cancellable = (order: Pick<Order, 'paymentStatus' | 'orderStatus' | 'checkoutId'>) =>
  isPayable(order) && !order.checkoutId;

/**
 * Manage All Products: one page of the shop's orders, with Delivery, Refund (paid; and the whole checkout for a
 * checkout's line) and Cancel (unpaid), and the pager.
 */
export function AllOrdersTable({
  orders,
  list,
  limit,
  filtered,
}: {
  orders: UseQueryResult<Page<Order>>;
  list: Pick<ListState<string>, 'pageIndex' | 'hasPrevious' | 'cursor' | 'next' | 'previous' | 'first'>;
  limit: number;
  /** Search or filters are applied: an empty page says no order matches, not that there are none. */
  filtered: boolean;
}) {
  const [delivering, setDelivering] = useState<Order | null>(null);
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [refunding, setRefunding] = useState<Order | null>(null);
  const [refundingCheckout, setRefundingCheckout] = useState<Order | null>(null);

  return (
    <PagedList
      query={orders}
      noun="orders"
      limit={limit}
      list={list}
      empty={
        <p className="mt-6 text-base-content/75">
          {filtered ? 'No order matches this search and these filters.' : 'There are no orders yet.'}
        </p>
      }
    >
      {(items, offset) => (
        <>
          <ScrollTable label="Orders table" caption="Orders of the shop">
            <thead>
              <tr>
                <th scope="col">SL</th>
                <th scope="col">Customer</th>
                <th scope="col">Product</th>
                <th scope="col">PO</th>
                <th scope="col">Quantity</th>
                <th scope="col">Total</th>
                <th scope="col">Payment</th>
                <th scope="col">Status</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {items.map((o, i) => (
                <tr key={o._id}>
                  <td data-label="SL">{offset + i + 1}</td>
                  {/* Long names, emails and ids wrap: the table fits beside the dashboard menu on a laptop. */}
                  <td data-label="Customer" className="wrap-anywhere">
                    <div className="font-medium">{o.name}</div>
                    <div className="text-sm text-base-content/75">
                      <BreakableEmail email={o.email} />
                    </div>
                  </td>
                  <td data-label="Product">
                    <div className="min-w-32 font-medium">{o.productName}</div>
                    <div className="whitespace-nowrap text-sm text-base-content/75">
                      <time dateTime={o.createdAt}>{formatDate(o.createdAt)}</time>
                    </div>
                    {o.checkoutId && (
                      <div className="text-xs whitespace-nowrap text-base-content/75">
                        Checkout …{o.checkoutId.slice(-6)}
                      </div>
                    )}
                    <DetailsLink order={o} withCustomer />
                  </td>
                  <td data-label="PO" className="wrap-anywhere">
                    {o.poNumber ?? (
                      <>
                        <span aria-hidden="true">—</span>
                        <span className="sr-only">None</span>
                      </>
                    )}
                  </td>
                  <td data-label="Quantity">{formatCount(o.quantity)}</td>
                  <td data-label="Total" className="whitespace-nowrap">
                    {formatPrice(o.total)}
                  </td>
                  <td data-label="Payment">
                    {o.refundStatus ? <RefundBadge order={o} /> : <PaidBadge paid={o.paymentStatus} />}
                  </td>
                  <td data-label="Status">
                    <StatusBadge order={o} />
                  </td>
                  <td data-label="Action">
                    {/* One above the other, so the column stays as narrow as its widest button. */}
                    <div className="flex flex-col items-start gap-1">
                      {canDeliver(o) && (
                        <button
                          type="button"
                          className="btn btn-sm btn-primary whitespace-nowrap"
                          aria-label={`Delivery ${o.productName} for ${o.name}`}
                          onClick={() => setDelivering(o)}
                        >
                          Delivery
                        </button>
                      )}
                      {canDeliver(o) && (
                        <button
                          type="button"
                          className="btn btn-sm btn-outline btn-error whitespace-nowrap"
                          aria-label={`Refund ${o.productName} for ${o.name}`}
                          onClick={() => setRefunding(o)}
                        >
                          Refund
                        </button>
                      )}
                      {canDeliver(o) && o.checkoutId && (
                        <button
                          type="button"
                          className="btn btn-sm btn-outline btn-error whitespace-nowrap"
                          aria-label={`Refund checkout …${o.checkoutId.slice(-6)} (${o.productName}) for ${o.name}`}
                          onClick={() => setRefundingCheckout(o)}
                        >
                          Refund checkout
                        </button>
                      )}
                      {cancellable(o) && (
                        <button
                          type="button"
                          className="btn btn-sm btn-outline btn-error whitespace-nowrap"
                          aria-label={`Cancel ${o.productName} for ${o.name}`}
                          onClick={() => setCancelling(o)}
                        >
                          Cancel
                        </button>
                      )}
                      {!canDeliver(o) && !cancellable(o) && (
                        <span className="text-base-content/60">
                          <span aria-hidden="true">—</span>
                          <span className="sr-only">No action</span>
                        </span>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
          {delivering && <DeliverOrderDialog order={delivering} onClose={() => setDelivering(null)} />}
          {cancelling && <CancelOrderDialog order={cancelling} onClose={() => setCancelling(null)} />}
          {refunding && <RefundOrderDialog order={refunding} onClose={() => setRefunding(null)} />}
          {refundingCheckout && (
            <RefundCheckoutDialog order={refundingCheckout} onClose={() => setRefundingCheckout(null)} />
          )}
        </>
      )}
    </PagedList>
  );
}
