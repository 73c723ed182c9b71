import { useState } from 'react';
import type { Order } from '@shared/orders/orders.schema';
import { messages } from '@shared/messages';
import { formatCount, formatPrice } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { ConfirmDialog } from '../../accounts/components/confirm-dialog';
import { useCancelOrder } from '../api/cancel-order';
import { useDeliverOrder } from '../api/deliver-order';

type DialogOrder = Pick<Order, '_id' | 'productId' | 'productName' | 'quantity' | 'total' | 'name' | 'email'>;

/** Runs the confirmed action, toasts on success and keeps the dialog open with the server's words on failure. */
function useConfirmedAction(action: () => Promise<unknown>, success: string, onDone: () => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = async () => {
    setBusy(true);
    setError('');
    try {
      await action();
      void notify('success', success);
      onDone();
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  return { busy, error, run: () => void run() };
}

const summary = (order: DialogOrder) =>
  `${order.productName} × ${formatCount(order.quantity)} (${formatPrice(order.total)})`;

function ErrorText({ error }: { error: string }) {
  if (!error) return null;
  return (
    <p role="alert" className="mt-3 text-sm text-error">
      {error}
    </p>
  );
}

/** SPEC §4: cancels an unpaid order after confirmation (DELETE /api/order/{id}), toasts "Successfully deleted". */
export function CancelOrderDialog({ order, onClose }: { order: DialogOrder; onClose: () => void }) {
  const cancel = useCancelOrder();
  const { busy, error, run } = useConfirmedAction(() => cancel(order), messages.orderCancelled, onClose);
  return (
    <ConfirmDialog
      title="Cancel this order?"
      confirmLabel="Cancel order"
      cancelLabel="Keep order"
      busy={busy}
      onConfirm={run}
      onClose={onClose}
    >
      <p>
        <span className="font-semibold">{summary(order)}</span> will be cancelled and its stock released. This
        cannot be undone.
      </p>
      <ErrorText error={error} />
    </ConfirmDialog>
  );
}

/** SPEC §4: the admin marks a paid order Delivered (PUT /api/delivery/{id}), toasts "Successfully delivered". */
export function DeliverOrderDialog({ order, onClose }: { order: DialogOrder; onClose: () => void }) {
  const deliver = useDeliverOrder();
  const { busy, error, run } = useConfirmedAction(() => deliver(order._id), messages.delivered, onClose);
  return (
    <ConfirmDialog
      title="Mark as delivered?"
      confirmLabel="Deliver"
      busy={busy}
      onConfirm={run}
      onClose={onClose}
    >
      <p>
        <span className="font-semibold">{summary(order)}</span> for {order.name} ({order.email}) will be
        marked Delivered, and the customer will be able to review it.
      </p>
      <ErrorText error={error} />
    </ConfirmDialog>
  );
}
