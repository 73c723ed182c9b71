import type { Order } from '@shared/orders/orders.schema';
import { messages } from '@shared/messages';
import { formatCount, formatPrice } from '@/lib/format';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useConfirmedAction } from '@/components/ui/use-confirmed-action';
import { useCancelOrder } from '../api/cancel-order';
import { useDeliverOrder } from '../api/deliver-order';

type DialogOrder = Pick<Order, '_id' | 'productId' | 'productName' | 'quantity' | 'total' | 'name' | 'email'>;

const summary = (order: DialogOrder) =>
  `${order.productName} × ${formatCount(order.quantity)} (${formatPrice(order.total)})`;

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
      onConfirm={() => void run(() => cancel(order), messages.orderCancelled, onClose)}
      onClose={onClose}
    >
      <p>
        <span className="font-semibold">{summary(order)}</span> will be cancelled and its stock released. This
        cannot be undone.
      </p>
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
      onConfirm={() => void run(() => deliver(order._id), messages.delivered, onClose)}
      onClose={onClose}
    >
      <p>
        <span className="font-semibold">{summary(order)}</span> for {order.name} ({order.email}) will be
        marked Delivered, and the customer will be able to review it.
      </p>
    </ConfirmDialog>
  );
}
