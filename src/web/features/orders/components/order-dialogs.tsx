import type { Order } from '@shared/orders/orders.schema';
import { messages } from '@shared/messages';
import { formatCount } from '@/lib/format';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useConfirmedAction } from '@/components/ui/use-confirmed-action';
import { useCancelOrder } from '../api/cancel-order';
import { useCancelCheckout } from '../api/checkout-actions';
import { useDeliverOrder } from '../api/deliver-order';
import { formatCents } from '@shared/common/money';

export type DialogOrder = Pick<
  Order,
  '_id' | 'productId' | 'productName' | 'quantity' | 'totalCents' | 'name' | 'email'
> &
  Partial<Pick<Order, 'shippedQuantity' | 'backorderedQuantity'>>;

export const summary = (order: DialogOrder) =>
  `${order.productName} × ${formatCount(order.quantity)} (${formatCents(order.totalCents)})`;

/** Cancels an unpaid order after confirmation (DELETE /api/order/{id}), toasts "Successfully deleted". */
export function CancelOrderDialog({ order, onClose }: { order: DialogOrder; onClose: () => void }) {
  const cancel = useCancelOrder();
  const { busy, error, run } = useConfirmedAction();
  return (
    <ConfirmDialog
      title="Cancel this order?"
      confirmLabel="Cancel order"
      cancelLabel="Keep order"
      busy={busy}
      error={error}
      onConfirm={() => void run(() => cancel.mutateAsync(order), messages.orderCancelled, onClose)}
      onClose={onClose}
    >
      <p>
        <span className="font-semibold">{summary(order)}</span> will be cancelled and its stock released. This
        cannot be undone.
      </p>
    </ConfirmDialog>
  );
}

/** A checkout as My Orders shows it: its id, the words that name it, and the lines of it on the page. */
export interface CheckoutGroup {
  id: string;
  /** "PO 4711", or the end of its id when it has no PO number. */
  label: string;
  lines: Order[];
}

/** Cancels an unpaid checkout, every line of it, after confirmation (DELETE /api/checkout/{id}). */
export function CancelCheckoutDialog({
  checkout,
  onClose,
}: {
  checkout: CheckoutGroup;
  onClose: () => void;
}) {
  const cancel = useCancelCheckout();
  const { busy, error, run } = useConfirmedAction();
  return (
    <ConfirmDialog
      title="Cancel this checkout?"
      confirmLabel="Cancel checkout"
      cancelLabel="Keep checkout"
      busy={busy}
      error={error}
      onConfirm={() => void run(() => cancel.mutateAsync(checkout.id), 'Checkout cancelled', onClose)}
      onClose={onClose}
    >
      <p>
        Every line of checkout <span className="font-semibold">{checkout.label}</span> will be cancelled and
        its stock released. This cannot be undone.
      </p>
      <ul className="mt-2 list-disc pl-5">
        {checkout.lines.map((line) => (
          <li key={line._id}>{summary(line)}</li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}

/** The admin marks a paid order Delivered (PUT /api/delivery/{id}), toasts "Successfully delivered". */
export function DeliverOrderDialog({ order, onClose }: { order: DialogOrder; onClose: () => void }) {
  const deliver = useDeliverOrder();
  const { busy, error, run } = useConfirmedAction();
  return (
    <ConfirmDialog
      title="Mark as delivered?"
      confirmLabel="Deliver"
      busy={busy}
      error={error}
      onConfirm={() => void run(() => deliver.mutateAsync(order._id), messages.delivered, onClose)}
      onClose={onClose}
    >
      <p>
        <span className="font-semibold">{summary(order)}</span> for {order.name} ({order.email}) will be
        marked Delivered, and the customer will be able to review it.
      </p>
    </ConfirmDialog>
  );
}
