import { formatOrderNumber } from '@shared/orders/order-number';
import { useRef, useState } from 'react';
import type { Order } from '@shared/orders/orders.schema';
import { formatCents } from '@shared/common/money';
import { formatCount } from '@/lib/format';
import { notify } from '@/lib/notify';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useConfirmedAction } from '@/components/ui/use-confirmed-action';
import { useCheckoutToRefund, useRefundCheckout } from '../api/checkout-actions';
import { useRefundOrder } from '../api/refund-order';
import { summary, type DialogOrder } from './order-dialogs';
import { RefundScopeFields, useRefundChoice, type RefundDialogLine } from './refund-scope';

const units = (n: number) => `${formatCount(n)} ${n === 1 ? 'unit' : 'units'}`;

/**
 * The admin refunds a paid order that is not delivered (POST /api/order/{id}/refund): the whole order (it is
 * cancelled), some of its units, or an amount; the dialog shows the refund total before confirming and says exactly
 * what will happen; the toast says whether the provider has confirmed the refund yet.
 */
export function RefundOrderDialog({
  order,
  onClose,
}: {
  order: DialogOrder & RefundDialogLine;
  onClose: () => void;
}) {
  const refund = useRefundOrder();
  const { busy, error, run } = useConfirmedAction();
  const pending = useRef(false);
  const shipped = order.shippedQuantity ?? 0;
  // The units still on the shelf for this order: neither shipped, nor on backorder, nor refunded already.
  const onShelf = Math.max(
    0,
    order.quantity - (order.backorderedQuantity ?? 0) - shipped - (order.refundedQuantity ?? 0),
  );
  const [restock, setRestock] = useState(true);
  const state = useRefundChoice([order], restock);
  const { choice } = state;
  const whole = choice.scope === 'whole';
  const [invalid, setInvalid] = useState<string | undefined>();
  const act = async () => {
    const answer = await refund.mutateAsync({ order, body: choice.body ?? { restock } });
    pending.current = answer.order.refundStatus === 'pending';
  };
  const done = whole
    ? 'Order cancelled. The refund is on its way to the customer.'
    : `Refunded ${formatCents(choice.totalCents ?? 0)}. The money is on its way to the customer.`;
  const refunded = order.refundedCents ?? 0;
  return (
    <ConfirmDialog
      title={whole ? 'Cancel and refund this paid order?' : 'Refund part of this paid order?'}
      confirmLabel={whole ? 'Cancel and refund' : 'Refund'}
      cancelLabel="Keep order"
      busy={busy}
      error={error ?? invalid}
      onConfirm={() => {
        // The whole order needs no figures from the page: the server refunds what is left.
        if (!whole && !choice.body) return setInvalid(choice.error ?? 'Check the units to refund.');
        setInvalid(undefined);
        void run(act, done, () => {
          if (pending.current)
            void notify('info', 'The payment provider has not confirmed the refund yet; it will be retried.');
          onClose();
        });
      }}
      onClose={onClose}
    >
      <p>
        <span className="font-semibold">{summary(order)}</span> for {order.name} ({order.email})
        {whole
          ? ' will be cancelled and will not be delivered.'
          : ': part of it is refunded, the rest stays sold.'}
      </p>
      <ul className="mt-2 list-disc pl-5">
        {whole && (
          <li>
            {refunded > 0
              ? `The rest of the payment, ${formatCents(order.totalCents - refunded)}, is`
              : `The full payment of ${formatCents(order.totalCents)} is`}{' '}
            refunded to the customer's card through the payment provider.
          </li>
        )}
        {shipped > 0 && (
          <li>
            {units(shipped)} already shipped {shipped === 1 ? 'stays' : 'stay'} out of stock: a return brings{' '}
            {shipped === 1 ? 'it' : 'them'} back.
          </li>
        )}
        {onShelf > 0 && whole && (
          <li>
            {shipped > 0 ? `${units(onShelf)} not shipped yet` : units(onShelf)}{' '}
            {restock
              ? `${onShelf === 1 ? 'goes' : 'go'} back into stock.`
              : `${onShelf === 1 ? 'stays' : 'stay'} out of stock.`}
          </li>
        )}
        <li>The customer is emailed when the refund is made.</li>
      </ul>
      <RefundScopeFields state={state} whole="Whole order" />
      {onShelf > 0 && choice.scope !== 'amount' && <RestockChoice restock={restock} onChange={setRestock} />}
      <p className="mt-2">This cannot be undone.</p>
    </ConfirmDialog>
  );
}

/**
 * The admin refunds a paid checkout (POST /api/checkout/{id}/refund): every line not yet delivered (delivered lines
 * stay sold), some units of its lines, or an amount spread over them, with the refund total shown first.
 */
export function RefundCheckoutDialog({
  order,
  onClose,
}: {
  order: Pick<Order, 'checkoutId' | 'orderNumber' | 'poNumber' | 'name' | 'email'>;
  onClose: () => void;
}) {
  const refund = useRefundCheckout();
  const checkout = useCheckoutToRefund(order.checkoutId!);
  const { busy, error, run } = useConfirmedAction();
  const pending = useRef(false);
  const [restock, setRestock] = useState(true);
  const state = useRefundChoice(checkout.data?.lines ?? [], restock);
  const { choice } = state;
  const whole = choice.scope === 'whole';
  const [invalid, setInvalid] = useState<string | undefined>();
  const act = async () => {
    const answer = await refund.mutateAsync({ id: order.checkoutId!, body: choice.body ?? { restock } });
    pending.current = answer.lines.some((l) => l.refundStatus === 'pending');
  };
  const done = whole
    ? 'Checkout cancelled. The refunds are on their way to the customer.'
    : `Refunded ${formatCents(choice.totalCents ?? 0)}. The money is on its way to the customer.`;
  return (
    <ConfirmDialog
      title={whole ? 'Cancel and refund this whole checkout?' : 'Refund part of this checkout?'}
      confirmLabel="Refund checkout"
      cancelLabel="Keep checkout"
      busy={busy}
      error={error ?? invalid}
      onConfirm={() => {
        // The whole checkout needs no figures from the page: the server refunds what is left.
        if (!whole && !choice.body) return setInvalid(choice.error ?? 'Check the units to refund.');
        setInvalid(undefined);
        void run(act, done, () => {
          if (pending.current)
            void notify(
              'info',
              'The payment provider has not confirmed every refund yet; they will be retried.',
            );
          onClose();
        });
      }}
      onClose={onClose}
    >
      <p>
        {whole ? 'Every paid line of the checkout of order' : 'Part of the checkout of order'}{' '}
        <span className="font-semibold">{formatOrderNumber(order.orderNumber)}</span>
        {order.poNumber ? ` (PO ${order.poNumber})` : ''} for {order.name} ({order.email})
        {whole ? ' that is not delivered yet will be cancelled.' : ' is refunded; the rest stays sold.'}
      </p>
      <ul className="mt-2 list-disc pl-5">
        <li>
          {whole
            ? "Each line's share of the payment is refunded to the customer's card through the payment provider."
            : "The refund goes to the customer's card through the payment provider."}
        </li>
        {choice.scope !== 'amount' && (
          <li>
            {restock
              ? 'Their units not shipped yet go back into stock (shipped units do not); delivered lines stay sold.'
              : 'Their units stay out of stock; delivered lines stay sold.'}
          </li>
        )}
        <li>The customer is emailed for each refund, with its credit note.</li>
      </ul>
      {checkout.data && <RefundScopeFields state={state} whole="Whole checkout" />}
      {choice.scope !== 'amount' && <RestockChoice restock={restock} onChange={setRestock} />}
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
