import { formatOrderNumbers } from '@shared/orders/order-number';
import { Link } from 'react-router';
import type { CheckoutStatus } from '@shared/checkout/checkout.schema';
import { paymentLabel, type Order } from '@shared/orders/orders.schema';
import { isPayable } from '@/components/order-badges';
import { paths } from '@/config/paths';
import { formatDate, formatDateTime } from '@/lib/format';
import { CheckoutStatusBadge } from '@/components/checkout-status-badge';
import type { CheckoutGroup } from './order-dialogs';
import { formatCents } from '@shared/common/money';

/** Single orders in a row, or one checkout with its lines (those on this page: a checkout may straddle pages). */
export type Block = { orders: Order[]; checkout?: undefined } | { orders: Order[]; checkout: CheckoutGroup };

/** Groups the page's orders: each checkout's lines together where its first line is, single orders in between. */
export function groupByCheckout(items: Order[]): Block[] {
  const blocks: Block[] = [];
  const checkouts = new Map<string, Order[]>();
  for (const order of items) {
    if (!order.checkoutId) {
      const last = blocks.at(-1);
      if (last && !last.checkout) last.orders.push(order);
      else blocks.push({ orders: [order] });
      continue;
    }
    let lines = checkouts.get(order.checkoutId);
    if (!lines) {
      lines = [];
      checkouts.set(order.checkoutId, lines);
      blocks.push({ orders: lines, checkout: { id: order.checkoutId, label: '', lines } });
    }
    lines.push(order);
  }
  // Named by its PO number, or else by its orders' numbers (those on this page).
  for (const b of blocks)
    if (b.checkout)
      b.checkout.label = b.orders[0]!.poNumber
        ? `PO ${b.orders[0]!.poNumber}`
        : formatOrderNumbers(b.orders.map((o) => o.orderNumber));
  return blocks;
}

/**
 * The checkout's state, read from its lines: they are paid, cancelled or expire together, and carry the checkout's
 * approval (an unpaid checkout over the buyer's limit waits for an approver; a rejected one is closed).
 */
const checkoutStatus = (lines: Order[]): CheckoutStatus =>
  lines.some((l) => l.checkoutApproval === 'rejected')
    ? 'rejected'
    : lines.some(isPayable)
      ? lines.some((l) => l.checkoutApproval === 'awaiting')
        ? 'awaiting_approval'
        : 'unpaid'
      : lines.some((l) => l.paymentStatus)
        ? 'paid'
        : lines.every((l) => l.orderStatus === 'Expired')
          ? 'expired'
          : 'cancelled';

/** A checkout's heading row: its PO, date, total and status, and its one Pay and Cancel checkout while unpaid. */
export function CheckoutHeading({ checkout, onCancel }: { checkout: CheckoutGroup; onCancel: () => void }) {
  const { lines } = checkout;
  const first = lines[0]!;
  const status = checkoutStatus(lines);
  const totalCents = lines.reduce((sum, l) => sum + l.totalCents, 0);
  // Bought on account: not paid until the company pays its invoice (issue 38).
  const owed =
    status === 'paid'
      ? lines.find((l) => l.paymentStatus && l.onAccount && !l.onAccount.invoicePaid)
      : undefined;
  return (
    <tr className="bg-base-200">
      <th scope="rowgroup" colSpan={4} className="font-normal">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-semibold">Checkout · {checkout.label}</span>
          <time dateTime={first.createdAt} className="text-sm whitespace-nowrap text-base-content/75">
            {formatDate(first.createdAt)}
          </time>
          <span className="font-semibold whitespace-nowrap">
            <span className="sr-only">Total </span>
            {formatCents(totalCents)}
          </span>
          {owed ? (
            <span className="badge badge-soft badge-warning whitespace-nowrap">{paymentLabel(owed)}</span>
          ) : (
            <CheckoutStatusBadge status={status} />
          )}
        </div>
      </th>
      <td colSpan={2}>
        {status === 'awaiting_approval' && (
          <div className="flex flex-col items-start gap-1">
            <div className="flex flex-wrap gap-2">
              <Link
                to={paths.checkoutPayment(checkout.id)}
                className="btn btn-sm btn-outline"
                aria-label={`See checkout ${checkout.label}`}
              >
                See checkout
              </Link>
              <button
                type="button"
                className="btn btn-sm btn-outline whitespace-nowrap"
                aria-label={`Cancel checkout ${checkout.label}`}
                onClick={onCancel}
              >
                Cancel checkout
              </button>
            </div>
            <span className="text-xs text-base-content/75">Waiting for an approver of your company</span>
          </div>
        )}
        {status === 'rejected' && (
          <Link
            to={paths.checkoutPayment(checkout.id)}
            className="btn btn-sm btn-outline"
            aria-label={`Why checkout ${checkout.label} was rejected`}
          >
            Why rejected
          </Link>
        )}
        {status === 'unpaid' && (
          <div className="flex flex-col items-start gap-1">
            <div className="flex flex-wrap gap-2">
              <Link
                to={paths.checkoutPayment(checkout.id)}
                className="btn btn-sm btn-error"
                aria-label={`Pay for checkout ${checkout.label}`}
              >
                Pay
              </Link>
              <button
                type="button"
                className="btn btn-sm btn-outline whitespace-nowrap"
                aria-label={`Cancel checkout ${checkout.label}`}
                onClick={onCancel}
              >
                Cancel checkout
              </button>
            </div>
            {first.expiresAt && (
              <span className="text-xs text-base-content/75">
                Pay by <time dateTime={first.expiresAt}>{formatDateTime(first.expiresAt)}</time>
              </span>
            )}
          </div>
        )}
      </td>
    </tr>
  );
}
