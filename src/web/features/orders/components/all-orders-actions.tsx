import type { Order } from '@shared/orders/orders.schema';
import { formatOrderNumber } from '@shared/orders/order-number';
import { isClosed, isPayable } from '@/components/order-badges';

/** The admin may deliver a paid order that is not delivered yet. */
export const canDeliver = (order: Pick<Order, 'paymentStatus' | 'orderStatus'>) =>
  order.paymentStatus && order.orderStatus !== 'Delivered' && !isClosed(order);

/** An unpaid single order; a checkout's lines are cancelled with their checkout (the order call refuses them). */
const cancellable = (order: Pick<Order, 'paymentStatus' | 'orderStatus' | 'checkoutId'>) =>
  isPayable(order) && !order.checkoutId;

/** What the Action column's buttons open: the table keeps the dialogs. */
export interface OrderActionHandlers {
  ship(): void;
  deliver(): void;
  refund(): void;
  refundCheckout(): void;
  cancel(): void;
}

/**
 * The Action column of Manage All Orders: Ship (when `shippable`), Delivery, Refund and Refund checkout (paid), Cancel
 * (an unpaid single order), or a dash when none applies.
 */
export function OrderActions({
  order: o,
  shippable,
  on,
}: {
  order: Order;
  shippable: boolean;
  on: OrderActionHandlers;
}) {
  // One above the other, so the column stays as narrow as its widest button.
  return (
    <div className="flex flex-col items-start gap-1">
      {shippable && (
        <button
          type="button"
          className="btn btn-sm btn-outline whitespace-nowrap"
          aria-label={`Ship ${o.productName} for ${o.name}`}
          onClick={on.ship}
        >
          Ship
        </button>
      )}
      {canDeliver(o) && (
        <button
          type="button"
          className="btn btn-sm btn-primary whitespace-nowrap"
          aria-label={`Delivery ${o.productName} for ${o.name}`}
          onClick={on.deliver}
        >
          Delivery
        </button>
      )}
      {canDeliver(o) && (
        <button
          type="button"
          className="btn btn-sm btn-outline btn-error whitespace-nowrap"
          aria-label={`Refund ${o.productName} for ${o.name}`}
          onClick={on.refund}
        >
          Refund
        </button>
      )}
      {canDeliver(o) && o.checkoutId && (
        <button
          type="button"
          className="btn btn-sm btn-outline btn-error whitespace-nowrap"
          aria-label={`Refund checkout of order ${formatOrderNumber(o.orderNumber)} (${o.productName}) for ${o.name}`}
          onClick={on.refundCheckout}
        >
          Refund checkout
        </button>
      )}
      {cancellable(o) && (
        <button
          type="button"
          className="btn btn-sm btn-outline btn-error whitespace-nowrap"
          aria-label={`Cancel ${o.productName} for ${o.name}`}
          onClick={on.cancel}
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
  );
}
