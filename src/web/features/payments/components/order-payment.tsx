import { formatOrderNumber } from '@shared/orders/order-number';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import type { Order } from '@shared/orders/orders.schema';
import { ItemWaiting } from '@/components/ui/item-waiting';
import { paths } from '@/config/paths';
import { formatCount, formatPrice } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { StatusBadge } from '@/components/order-badges';
import { chargesDelivery, PriceSummary } from '@/components/ui/price-summary';
import { PaymentPanel } from './payment-panel';
import { formatCents } from '@shared/common/money';

function OrderSummary({ order }: { order: Order }) {
  return (
    <section aria-labelledby="order-summary" className="rounded-box border border-base-300 bg-base-100 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="order-summary" className="text-lg font-semibold">
          Order summary
        </h2>
        <StatusBadge order={order} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-5">
        <div>
          <dt className="text-sm text-base-content/75">Order</dt>
          <dd className="font-semibold">{formatOrderNumber(order.orderNumber)}</dd>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <dt className="text-sm text-base-content/75">Product</dt>
          <dd className="font-semibold">{order.productName}</dd>
        </div>
        <div>
          <dt className="text-sm text-base-content/75">Quantity</dt>
          <dd className="font-semibold">{formatCount(order.quantity)}</dd>
        </div>
        <div>
          <dt className="text-sm text-base-content/75">Unit price</dt>
          <dd className="font-semibold">{formatPrice(order.price)}</dd>
        </div>
        <div>
          <dt className="text-sm text-base-content/75">Total</dt>
          <dd className="text-xl font-bold text-primary">{formatCents(order.totalCents)}</dd>
        </div>
      </dl>
      {chargesDelivery(order) && (
        <>
          <p className="mt-3 text-sm text-base-content/75">
            The total is {formatCount(order.quantity)} × {formatPrice(order.price)} +{' '}
            {formatCents(order.shippingCents)} shipping
            {order.shippingMethod ? ` (${order.shippingMethod})` : ''} + {formatCents(order.taxCents)} tax.
          </p>
          <PriceSummary
            label="Order total"
            className="mt-3 max-w-sm border-t border-base-300 pt-3"
            subtotal={order.subtotal}
            shipping={order.shipping}
            shippingMethod={order.shippingMethod}
            tax={order.tax}
            exemptionNumber={order.taxExemptionNumber}
            total={order.total}
          />
        </>
      )}
    </section>
  );
}

const backToOrders = (
  <Link to={paths.myOrders} className="btn btn-primary">
    Back to My Orders
  </Link>
);

/** The payment page's body: the order's summary (the page loads the order) and its card payment. */
export function OrderPayment({
  order,
  customer,
}: {
  order: UseQueryResult<Order>;
  customer: { name: string; email: string };
}) {
  useDocumentTitle(order.data ? `Pay for ${order.data.productName}` : 'Payment');

  return (
    <section className="flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Payment</h1>
      <ItemWaiting
        query={order}
        what="this order"
        loadingLabel="Loading the order…"
        skeletons={['h-28', 'h-48']}
        notFound={
          <>
            <p>We could not find this order. It may belong to another account.</p>
            {backToOrders}
          </>
        }
      />
      {order.data && (
        <>
          <OrderSummary order={order.data} />
          {order.data.paymentStatus ? (
            <div className="flex flex-col items-start gap-4">
              <div role="status" className="alert alert-success alert-soft flex flex-col items-start gap-1">
                <p className="flex items-center gap-2 font-semibold">
                  <CheckCircle2 aria-hidden="true" className="size-5" />
                  Payment done
                </p>
                {order.data.transactionId && (
                  <p className="break-all">
                    Transaction id: <span className="font-mono">{order.data.transactionId}</span>
                  </p>
                )}
              </div>
              {backToOrders}
            </div>
          ) : order.data.orderStatus === 'Cancelled' || order.data.orderStatus === 'Expired' ? (
            <div className="flex flex-col items-start gap-4">
              <p role="status" className="alert alert-warning alert-soft text-base-content">
                {order.data.orderStatus === 'Cancelled'
                  ? 'This order was cancelled, so it can’t be paid. Place a new order from the product page.'
                  : 'This order has expired because it was not paid in time, so it can’t be paid. Place a new order from the product page.'}
              </p>
              {backToOrders}
            </div>
          ) : (
            <PaymentPanel order={order.data} customer={customer} />
          )}
        </>
      )}
    </section>
  );
}
