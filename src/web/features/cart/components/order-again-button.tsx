import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import type { ReorderChange, ReorderResult } from '@shared/cart/cart.schema';
import { Modal } from '@/components/ui/modal';
import { ButtonSpinner } from '@/components/ui/submit-button';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';
import { orderKeys } from '@/lib/query-keys/orders';
import { reorder } from '../api/reorder';

const kindLabel: Record<ReorderChange['kind'], string> = {
  price: 'Price',
  stock: 'Stock',
  discontinued: 'No longer sold',
  quantity: 'Quantity',
};

/** What changed since the order, and the way to the cart. */
function ChangesDialog({ result, onClose }: { result: ReorderResult; onClose: () => void }) {
  return (
    <Modal title="Added to your cart, with changes" closeButton={false} onClose={onClose}>
      <p className="py-2">Today&apos;s prices and stock differ from your order:</p>
      <ul className="list-disc space-y-2 pl-5">
        {result.changes.map((c, i) => (
          <li key={`${c.productId}-${i}`}>
            <span className="font-medium">{c.name}</span>{' '}
            <span className="badge badge-soft badge-warning badge-sm">{kindLabel[c.kind]}</span>
            <div className="text-sm">{c.message}</div>
          </li>
        ))}
      </ul>
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
        <Link to={paths.cart} className="btn btn-primary">
          Go to the cart
        </Link>
      </div>
    </Modal>
  );
}

/**
 * "Order again" on a past order or a whole checkout: its lines go into the cart at today's prices. Without changes a
 * toast says so and a link to the cart appears; with changes a dialog lists them before the way to the cart.
 */
export function OrderAgainButton({
  target,
  email,
  label,
}: {
  target: { orderId: string } | { checkoutId: string };
  /** The customer's email: the cart query to refresh. */
  email: string;
  /** What is ordered again, for screen readers ("Order again: Air hose"). */
  label: string;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ReorderResult | null>(null);
  const run = async () => {
    setBusy(true);
    try {
      const answer = await reorder(target);
      queryClient.setQueryData(orderKeys.cart(email), answer.cart);
      setResult(answer);
      if (answer.changes.length === 0) void notify('success', `${label} is in your cart again.`);
    } catch (err) {
      void notify('error', (err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col items-start gap-1">
      <button
        type="button"
        className="btn btn-sm btn-outline whitespace-nowrap"
        aria-label={`Order again: ${label}`}
        disabled={busy}
        onClick={() => void run()}
      >
        {busy ? <ButtonSpinner /> : <RotateCcw aria-hidden="true" className="size-4" />}
        Order again
      </button>
      {result && (
        <Link to={paths.cart} className="link link-primary text-sm whitespace-nowrap">
          View the cart
        </Link>
      )}
      {result && result.changes.length > 0 && (
        <ChangesDialog result={result} onClose={() => setResult({ ...result, changes: [] })} />
      )}
    </div>
  );
}
