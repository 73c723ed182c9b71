import { formatOrderNumber } from '@shared/orders/order-number';
import { useRef, useState } from 'react';
import type { Order } from '@shared/orders/orders.schema';
import { messages } from '@shared/messages';
import { formatCount } from '@/lib/format';
import { notify } from '@/lib/notify';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useConfirmedAction } from '@/components/ui/use-confirmed-action';
import { useCancelOrder } from '../api/cancel-order';
import { useCancelCheckout, useRefundCheckout } from '../api/checkout-actions';
import { useDeliverOrder } from '../api/deliver-order';
import { useRefundOrder } from '../api/refund-order';
import { formatCents } from '@shared/common/money';

type DialogOrder = Pick<
  Order,
  '_id' | 'productId' | 'productName' | 'quantity' | 'totalCents' | 'name' | 'email'
> &
  Partial<Pick<Order, 'shippedQuantity' | 'backorderedQuantity'>>;

const summary = (order: DialogOrder) =>
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

/**
 * The admin cancels a paid order that is not delivered and refunds it (POST /api/order/{id}/refund). The dialog says
 * exactly what will happen; the toast says whether the provider has confirmed the refund yet.
 */
export function RefundOrderDialog({ order, onClose }: { order: DialogOrder; onClose: () => void }) {
  const refund = useRefundOrder();
  const { busy, error, run } = useConfirmedAction();
  const pending = useRef(false);
  const shipped = order.shippedQuantity ?? 0;
  // The units still on the shelf for this order: neither shipped nor waiting on backorder.
  const onShelf = Math.max(0, order.quantity - (order.backorderedQuantity ?? 0) - shipped);
  const [restock, setRestock] = useState(true);
  const act = async () => {
    pending.current = (await refund.mutateAsync({ order, restock })).order.refundStatus === 'pending';
  };
  const units = (n: number) => `${formatCount(n)} ${n === 1 ? 'unit' : 'units'}`;
  return (
    <ConfirmDialog
      title="Cancel and refund this paid order?"
      confirmLabel="Cancel and refund"
      cancelLabel="Keep order"
      busy={busy}
      error={error}
      onConfirm={() =>
        void run(act, 'Order cancelled. The refund is on its way to the customer.', () => {
          if (pending.current)
            void notify('info', 'The payment provider has not confirmed the refund yet; it will be retried.');
          onClose();
        })
      }
      onClose={onClose}
    >
      <p>
        <span className="font-semibold">{summary(order)}</span> for {order.name} ({order.email}) will be
        cancelled and will not be delivered.
      </p>
      <ul className="mt-2 list-disc pl-5">
        <li>
          The full payment of {formatCents(order.totalCents)} is refunded to the customer's card through the
          payment provider.
        </li>
        {shipped > 0 && (
          <li>
            {units(shipped)} already shipped {shipped === 1 ? 'stays' : 'stay'} out of stock: a return brings{' '}
            {shipped === 1 ? 'it' : 'them'} back.
          </li>
        )}
        {onShelf > 0 && (
          <li>
            {shipped > 0 ? `${units(onShelf)} not shipped yet` : units(onShelf)}{' '}
            {restock
              ? `${onShelf === 1 ? 'goes' : 'go'} back into stock.`
              : `${onShelf === 1 ? 'stays' : 'stay'} out of stock.`}
          </li>
        )}
        <li>The customer is emailed when the refund is made.</li>
      </ul>
      {onShelf > 0 && <RestockChoice restock={restock} onChange={setRestock} />}
      <p className="mt-2">This cannot be undone.</p>
    </ConfirmDialog>
  );
}

/**
 * The admin cancels and refunds a whole paid checkout at once (POST /api/checkout/{id}/refund): every line not yet
 * delivered, as the single-line Refund does each; delivered lines stay sold.
 */
export function RefundCheckoutDialog({
  order,
  onClose,
}: {
  order: Pick<Order, 'checkoutId' | 'orderNumber' | 'poNumber' | 'name' | 'email'>;
  onClose: () => void;
}) {
  const refund = useRefundCheckout();
  const { busy, error, run } = useConfirmedAction();
  const pending = useRef(false);
  const [restock, setRestock] = useState(true);
  const act = async () => {
    const checkout = await refund.mutateAsync({ id: order.checkoutId!, restock });
    pending.current = checkout.lines.some((l) => l.refundStatus === 'pending');
  };
  return (
    <ConfirmDialog
      title="Cancel and refund this whole checkout?"
      confirmLabel="Refund checkout"
      cancelLabel="Keep checkout"
      busy={busy}
      error={error}
      onConfirm={() =>
        void run(act, 'Checkout cancelled. The refunds are on their way to the customer.', () => {
          if (pending.current)
            void notify(
              'info',
              'The payment provider has not confirmed every refund yet; they will be retried.',
            );
          onClose();
        })
      }
      onClose={onClose}
    >
      <p>
        Every paid line of the checkout of order{' '}
        <span className="font-semibold">{formatOrderNumber(order.orderNumber)}</span>
        {order.poNumber ? ` (PO ${order.poNumber})` : ''} for {order.name} ({order.email}) that is not
        delivered yet will be cancelled.
      </p>
      <ul className="mt-2 list-disc pl-5">
        <li>
          Each line's share of the payment is refunded to the customer's card through the payment provider.
        </li>
        <li>
          {restock
            ? 'Their units not shipped yet go back into stock (shipped units do not); delivered lines stay sold.'
            : 'Their units stay out of stock; delivered lines stay sold.'}
        </li>
        <li>The customer is emailed for each refund, with its credit note.</li>
      </ul>
      <RestockChoice restock={restock} onChange={setRestock} />
      <p className="mt-2">This cannot be undone.</p>
    </ConfirmDialog>
  );
}

/** The admin's choice, in both refund dialogs, whether the units not shipped yet go back into stock. */
function RestockChoice({ restock, onChange }: { restock: boolean; onChange: (restock: boolean) => void }) {
  return (
    <label className="label mt-3 cursor-pointer gap-2">
      <input
        type="checkbox"
        className="checkbox checkbox-sm"
        checked={restock}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>Put the unshipped units back in stock</span>
    </label>
  );
}
