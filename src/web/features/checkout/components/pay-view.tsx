import { formatOrderNumber, formatOrderNumbers } from '@shared/orders/order-number';
import type { ReactNode } from 'react';
import { backorderNote } from '@shared/orders/orders.schema';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import type { Checkout } from '@shared/checkout/checkout.schema';
import { approvalMessages, approvalReasonText } from '@shared/checkout/approvals.schema';
import { ItemWaiting } from '@/components/ui/item-waiting';
import { paths } from '@/config/paths';
import { formatCount, formatDateTime, formatPrice } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CheckoutStatusBadge } from '@/components/checkout-status-badge';
import { chargesDelivery, PriceSummary } from '@/components/ui/price-summary';
import { businessDays } from '@/lib/shipping-rates';
import { formatCents } from '@shared/common/money';
import { formatDeadline } from '@shared/common/working-days';

/** The approvers' deadline (docs/decisions/054-approval-window.md), in the words and time the mails use. */
function AwaitingUntil({ at }: { at: string }) {
  return (
    <p className="mt-2 text-sm text-base-content/75">
      <span className="font-medium text-base-content">
        Awaiting approval until <time dateTime={at}>{formatDeadline(at)}</time>
      </span>
      . The stock is held for you until then; after that the checkout expires.
    </p>
  );
}

/** What is being paid: the PO number, company, delivery details, every line and the total. */
function CheckoutSummary({ checkout }: { checkout: Checkout }) {
  return (
    <section
      aria-labelledby="checkout-summary"
      className="rounded-box border border-base-300 bg-base-100 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="checkout-summary" className="text-lg font-semibold">
          Checkout summary
        </h2>
        <CheckoutStatusBadge status={checkout.status} />
      </div>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <dt className="text-sm text-base-content/75">{checkout.lines.length === 1 ? 'Order' : 'Orders'}</dt>
          <dd className="font-semibold">{formatOrderNumbers(checkout.lines.map((l) => l.orderNumber))}</dd>
        </div>
        <div>
          <dt className="text-sm text-base-content/75">PO number</dt>
          <dd className="font-semibold">{checkout.poNumber ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-sm text-base-content/75">Company</dt>
          <dd className="font-semibold">{checkout.company ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-sm text-base-content/75">Deliver to</dt>
          <dd>{checkout.address}</dd>
        </div>
        <div>
          <dt className="text-sm text-base-content/75">Mobile number</dt>
          <dd>{checkout.number}</dd>
        </div>
      </dl>
      <div className="mt-4 overflow-x-auto">
        <table className="table">
          <caption className="sr-only">The lines of this checkout</caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Product</th>
              <th scope="col">Quantity</th>
              <th scope="col">Unit price</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {checkout.lines.map((line) => (
              <tr key={line._id}>
                <td className="whitespace-nowrap">{formatOrderNumber(line.orderNumber)}</td>
                <td className="font-medium">{line.productName}</td>
                <td>
                  {formatCount(line.quantity)}
                  {backorderNote(line) && (
                    <div className="text-sm text-base-content/75">{backorderNote(line)}</div>
                  )}
                </td>
                <td className="whitespace-nowrap">{formatPrice(line.price)}</td>
                <td className="font-semibold whitespace-nowrap">
                  {formatCents(line.subtotalCents ?? line.totalCents)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {chargesDelivery(checkout) ? (
        <PriceSummary
          label="Checkout total"
          className="mt-3 border-t border-base-300 pt-3"
          subtotal={checkout.subtotal}
          shipping={checkout.shipping}
          shippingMethod={checkout.shippingMethod}
          tax={checkout.tax}
          exemptionNumber={checkout.taxExemptionNumber}
          total={checkout.total}
        />
      ) : (
        <p className="mt-3 flex flex-wrap items-baseline justify-between gap-3 border-t border-base-300 pt-3">
          <span className="font-medium">Total</span>
          <span className="text-xl font-bold text-primary">{formatCents(checkout.totalCents)}</span>
        </p>
      )}
      {checkout.shippingMethod && checkout.deliveryMinDays !== null && checkout.deliveryMaxDays !== null && (
        <p className="mt-2 text-sm text-base-content/75">
          {checkout.shippingMethod}: {businessDays(checkout.deliveryMinDays, checkout.deliveryMaxDays)}
          {checkout.liftgate && ', liftgate delivery'}
          {checkout.residential && ', residential delivery'}.
        </p>
      )}
      {checkout.status === 'awaiting_approval' && (checkout.approvalExpiresAt ?? checkout.expiresAt) && (
        <AwaitingUntil at={(checkout.approvalExpiresAt ?? checkout.expiresAt)!} />
      )}
      {checkout.approval?.status === 'approved' && (
        <p className="mt-2 text-sm text-base-content/75">
          Approved{checkout.approval.comment ? `: “${checkout.approval.comment}”` : '.'}
        </p>
      )}
      {checkout.status === 'unpaid' && checkout.expiresAt && (
        <p className="mt-2 text-sm text-base-content/75">
          Pay by <time dateTime={checkout.expiresAt}>{formatDateTime(checkout.expiresAt)}</time>: the stock is
          held for you until then.
        </p>
      )}
    </section>
  );
}

const backToOrders = (
  <Link to={paths.myOrders} className="btn btn-primary">
    Back to My Orders
  </Link>
);

/** Why a checkout that is not unpaid has no card form. */
function CheckoutClosed({ checkout, orderNow }: { checkout: Checkout; orderNow: boolean }) {
  if (checkout.status === 'paid')
    return (
      <div className="flex flex-col items-start gap-4">
        <div role="status" className="alert alert-success alert-soft flex flex-col items-start gap-1">
          <p className="flex items-center gap-2 font-semibold">
            <CheckCircle2 aria-hidden="true" className="size-5" />
            Payment done
          </p>
          {checkout.transactionId && (
            <p className="break-all">
              Transaction id: <span className="font-mono">{checkout.transactionId}</span>
            </p>
          )}
        </div>
        {backToOrders}
      </div>
    );
  return (
    <div className="flex flex-col items-start gap-4">
      <p
        role="status"
        className="alert alert-warning alert-soft flex flex-col items-start gap-1 text-base-content"
      >
        {closedMessage(checkout, orderNow)}
        {checkout.approval?.comment && (
          <span>
            The approver wrote: <q>{checkout.approval.comment}</q>
          </span>
        )}
      </p>
      {backToOrders}
    </div>
  );
}

/** Why this checkout cannot be paid now, in the buyer's words (an Order Now sale is ordered again from its product). */
function closedMessage(checkout: Checkout, orderNow: boolean): string {
  const approval = checkout.approval;
  if (orderNow && checkout.status === 'cancelled')
    return 'This order was cancelled, so it can’t be paid. Place a new order from the product page.';
  if (orderNow)
    return 'This order has expired because it was not paid in time, so it can’t be paid. Place a new order from the product page.';
  if (checkout.status === 'awaiting_approval')
    return `This checkout is ${approval ? approvalReasonText(approval) : 'over your spending limit'}, so an approver of your company must approve it before you can pay. We mailed them; you will get a mail when it is decided.`;
  if (checkout.status === 'rejected')
    return 'An approver of your company rejected this checkout: it was cancelled, its stock released and nothing was charged.';
  if (checkout.status === 'cancelled')
    return 'This checkout was cancelled, so it can’t be paid. Fill your cart again to order.';
  if (approval?.status === 'awaiting') return approvalMessages.tooLate;
  return 'This checkout has expired because it was not paid in time, so it can’t be paid. Fill your cart again to order.';
}

/**
 * The one pay page's body (issue 38): any checkout, a cart's, a quote's or an Order Now sale's one line, with the
 * same summary and, while unpaid, the card payment the page passes in; paid, closed and unknown ones say so.
 */
export function PayView({
  checkout,
  orderNow = false,
  payment,
}: {
  checkout: UseQueryResult<Checkout>;
  /** An Order Now sale: named as the order it is when it is missing or closed. */
  orderNow?: boolean;
  /** The card payment of an unpaid checkout (from the payments feature, passed in by the page). */
  payment: (checkout: Checkout) => ReactNode;
}) {
  const data = checkout.data;
  useDocumentTitle(
    !data
      ? 'Payment'
      : data.poNumber
        ? `Pay for PO ${data.poNumber}`
        : data.lines.length === 1
          ? `Pay for ${data.lines[0]!.productName}`
          : 'Pay for your checkout',
  );
  const what = orderNow ? 'this order' : 'this checkout';

  return (
    <section className="flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Payment</h1>
      <ItemWaiting
        query={checkout}
        what={what}
        loadingLabel={orderNow ? 'Loading the order…' : 'Loading the checkout…'}
        skeletons={['h-40', 'h-48']}
        notFound={
          <>
            <p>We could not find {what}. It may belong to another account.</p>
            {backToOrders}
          </>
        }
      />
      {data && (
        <>
          <CheckoutSummary checkout={data} />
          {data.status === 'unpaid' ? payment(data) : <CheckoutClosed checkout={data} orderNow={orderNow} />}
        </>
      )}
    </section>
  );
}
