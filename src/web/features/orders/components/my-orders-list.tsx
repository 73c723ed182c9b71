import { formatOrderNumber } from '@shared/orders/order-number';
import { useState, type ReactNode } from 'react';
import { backorderNote } from '@shared/orders/orders.schema';
import { ListWaiting } from '@/components/ui/query-list';
import { SubmitButton } from '@/components/ui/submit-button';
import { Link } from 'react-router';
import { PackageOpen } from 'lucide-react';
import type { Order } from '@shared/orders/orders.schema';
import { paths } from '@/config/paths';
import { formatCount, formatDate, formatPrice } from '@/lib/format';
import { useMyOrders } from '../api/get-my-orders';
import { StatusBadge } from '@/components/order-badges';
import { ShipmentTracking } from '@/components/shipment-tracking';
import { CancelCheckoutDialog, CancelOrderDialog, type CheckoutGroup } from './order-dialogs';
import { CheckoutHeading, groupByCheckout } from './my-orders-checkout';
import { DetailsLink } from './details-link';
import { PaymentCell, ReviewCell } from './my-orders-cells';
import { formatCents } from '@shared/common/money';

type Customer = { name: string; email: string };

/** A row of My Orders and what its buttons open. */
function OrderRow({
  order,
  orderAgain,
  invoiceLink,
  onCancel,
  onReview,
}: {
  order: Order;
  orderAgain: (order: Order) => ReactNode;
  invoiceLink: (order: Order) => ReactNode;
  onCancel: () => void;
  onReview: () => void;
}) {
  return (
    <tr>
      <td className="min-w-44">
        <Link to={paths.product(order.productId)} className="link link-hover font-medium">
          {order.productName}
        </Link>
        <div className="text-sm whitespace-nowrap text-base-content/75">
          Order {formatOrderNumber(order.orderNumber)}
        </div>
        <div className="text-sm whitespace-nowrap text-base-content/75">
          <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
        </div>
        <DetailsLink order={order} />
      </td>
      <td data-label="Quantity">
        {formatCount(order.quantity)}
        <div className="text-sm whitespace-nowrap text-base-content/75">× {formatPrice(order.price)}</div>
        {backorderNote(order) && <div className="text-sm text-base-content/75">{backorderNote(order)}</div>}
      </td>
      <td data-label="Total" className="font-semibold whitespace-nowrap">
        {formatCents(order.totalCents)}
        {(order.shipping > 0 || order.tax > 0) && (
          <div className="text-sm font-normal text-base-content/75">
            incl. {formatCents(order.shippingCents)} shipping, {formatCents(order.taxCents)} tax
          </div>
        )}
      </td>
      <td data-label="Status">
        <StatusBadge order={order} />
        <ShipmentTracking order={order} />
        {(order.orderStatus === 'Delivered' || order.orderStatus === 'Cancelled') && (
          <div className="mt-2">{orderAgain(order)}</div>
        )}
      </td>
      <td data-label="Payment">
        <PaymentCell order={order} onCancel={onCancel} invoice={invoiceLink(order)} />
      </td>
      <td data-label="Review">
        <ReviewCell order={order} onReview={onReview} />
      </td>
    </tr>
  );
}

const emptyList = (
  <div className="mt-6 flex flex-col items-start gap-4 rounded-box border border-dashed border-base-300 bg-base-100 p-6">
    <PackageOpen aria-hidden="true" className="size-8 text-primary" />
    <p>You have not ordered anything yet.</p>
    <Link to={paths.products} className="btn btn-primary">
      Browse our products
    </Link>
  </div>
);

/**
 * My Orders: the customer's orders with Pay, Cancel and review actions, a page at a time ("Show more orders"). A
 * checkout's lines are shown together under its heading, with one Pay and one Cancel checkout for all of them.
 */
export function MyOrdersList({
  customer,
  reviewDialog,
  orderAgain,
  invoiceLink,
}: {
  customer: Customer;
  /** The review form for an order (from the reviews feature, passed in by the page). */
  reviewDialog: (order: Order, onClose: () => void) => ReactNode;
  /** The "Order again" button of a delivered or cancelled order (the cart feature's, passed in by the page). */
  orderAgain: (order: Order) => ReactNode;
  /** A paid order's link to its invoice PDF (the invoices feature's, passed in by the page). */
  invoiceLink: (order: Order) => ReactNode;
}) {
  const query = useMyOrders(customer.email);
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [reviewing, setReviewing] = useState<Order | null>(null);
  const [cancellingCheckout, setCancellingCheckout] = useState<CheckoutGroup | null>(null);

  // After a failed "Show more", the pages already loaded stay on screen with the error below them.
  if (!query.data)
    return (
      <ListWaiting
        query={query}
        loadingLabel="Loading your orders…"
        what="your orders"
        skeleton={{ count: 3, className: 'h-40' }}
      />
    );
  const { orders, total } = query.data;
  if (orders.length === 0) return emptyList;
  return (
    <>
      <div className="card-table mt-6 overflow-x-auto rounded-box border border-base-300 bg-base-100">
        <table className="table">
          <caption className="sr-only">Your orders, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Quantity</th>
              <th scope="col">Total</th>
              <th scope="col">Status</th>
              <th scope="col">Payment</th>
              <th scope="col">Review</th>
            </tr>
          </thead>
          {groupByCheckout(orders).map((block) => (
            <tbody
              key={block.checkout ? block.checkout.id : block.orders[0]!._id}
              className={block.checkout ? 'border-t-2 border-base-300' : undefined}
            >
              {block.checkout && (
                <CheckoutHeading
                  checkout={block.checkout}
                  onCancel={() => setCancellingCheckout(block.checkout)}
                />
              )}
              {block.orders.map((order) => (
                <OrderRow
                  key={order._id}
                  order={order}
                  orderAgain={orderAgain}
                  invoiceLink={invoiceLink}
                  onCancel={() => setCancelling(order)}
                  onReview={() => setReviewing(order)}
                />
              ))}
            </tbody>
          ))}
        </table>
      </div>
      {query.hasNextPage && (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <SubmitButton
            type="button"
            className="btn btn-outline"
            busy={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            Show more orders
          </SubmitButton>
          <span className="text-sm text-base-content/75" aria-live="polite">
            Showing {formatCount(orders.length)} of {formatCount(total)} orders
          </span>
        </div>
      )}
      {query.isFetchNextPageError && (
        <p role="alert" className="mt-2 text-error">
          We could not load more orders. {query.error?.message}
        </p>
      )}
      {cancelling && <CancelOrderDialog order={cancelling} onClose={() => setCancelling(null)} />}
      {cancellingCheckout && (
        <CancelCheckoutDialog checkout={cancellingCheckout} onClose={() => setCancellingCheckout(null)} />
      )}
      {reviewing && reviewDialog(reviewing, () => setReviewing(null))}
    </>
  );
}
