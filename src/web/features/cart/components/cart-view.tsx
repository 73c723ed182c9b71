import { useState } from 'react';
import { Link } from 'react-router';
import { ShoppingCart } from 'lucide-react';
import type { Cart, CartLine } from '@shared/cart/cart.schema';
import { ErrorState } from '@/components/ui/error-state';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { formatCents } from '@shared/common/money';
import { textAbout } from '@/lib/form-errors';
import { removeCartLine, setCartLine, useCart, useCartWrite } from '../api/cart';
import { CartLineRow } from './cart-line';
import { ShippingEstimate } from './shipping-estimate';

const why = (err: unknown) =>
  err instanceof ApiError && err.field ? textAbout(err.message, err.field) : (err as Error).message;

function EmptyCart() {
  return (
    <div className="mt-6 flex flex-col items-start gap-4 rounded-box border border-dashed border-base-300 bg-base-100 p-6">
      <ShoppingCart aria-hidden="true" className="size-8 text-primary" />
      <p>Your cart is empty.</p>
      <div className="flex flex-wrap gap-2">
        <Link to={paths.products} className="btn btn-primary">
          Browse our products
        </Link>
        <Link to={paths.quickOrder} className="btn btn-outline">
          Quick Order
        </Link>
      </div>
    </div>
  );
}

/** The customer's cart: its lines, changed and removed one at a time (with undo), the totals and the checkout. */
export function CartView({ email }: { email: string }) {
  const cart = useCart(email);
  const write = useCartWrite(email);
  const [busy, setBusy] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [removed, setRemoved] = useState<CartLine | null>(null);
  const [undoError, setUndoError] = useState<string>();

  /** Runs one line's change; the server's refusal stays beside that line. */
  const change = async (productId: string, call: (email: string) => Promise<Cart>) => {
    setBusy(productId);
    setErrors(({ [productId]: _, ...rest }) => rest);
    try {
      await write.mutateAsync(call);
      return true;
    } catch (err) {
      setErrors((e) => ({ ...e, [productId]: why(err) }));
      return false;
    } finally {
      setBusy(null);
    }
  };
  const remove = async (line: CartLine) => {
    if (await change(line.productId, (e) => removeCartLine(e, line.productId))) {
      setRemoved(line);
      setUndoError(undefined);
    }
  };
  const undo = async (line: CartLine) => {
    try {
      await write.mutateAsync((e) => setCartLine(e, line.productId, line.quantity));
      setRemoved(null);
    } catch (err) {
      setUndoError(why(err));
    }
  };

  if (cart.isPending)
    return (
      <div role="status" className="mt-6 space-y-3">
        <span className="sr-only">Loading your cart…</span>
        {[0, 1, 2].map((i) => (
          <div key={i} aria-hidden="true" className="skeleton h-16 w-full" />
        ))}
      </div>
    );
  if (cart.isError)
    return (
      <ErrorState
        message={`We could not load your cart. ${cart.error.message}`}
        onRetry={() => void cart.refetch()}
      />
    );
  const { lines, count, totalQuantity, totalCents, quantitySavingCents, contractSavingCents } = cart.data;
  const blocked = lines.some((l) => l.problem);

  return (
    <>
      <div role="status" className={removed ? 'alert alert-info alert-soft mt-6' : 'sr-only'}>
        {removed && (
          <>
            <span className="flex-1">Removed {removed.name} from your cart.</span>
            <button type="button" className="btn btn-sm" onClick={() => void undo(removed)}>
              Undo
            </button>
            {undoError && <span className="text-error">{undoError}</span>}
          </>
        )}
      </div>
      {count === 0 ? (
        <EmptyCart />
      ) : (
        <>
          <div className="card-table mt-6 overflow-x-auto rounded-box border border-base-300 bg-base-100">
            <table className="table">
              <caption className="sr-only">Your cart, in the order you added the products</caption>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">Unit price</th>
                  <th scope="col">Total</th>
                  <th scope="col">
                    <span className="sr-only">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line) => (
                  <CartLineRow
                    key={line.productId}
                    line={line}
                    busy={busy === line.productId}
                    error={errors[line.productId]}
                    onQuantity={(q) => void change(line.productId, (e) => setCartLine(e, line.productId, q))}
                    onRemove={() => void remove(line)}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <section
            aria-label="Cart totals"
            className="mt-6 flex flex-col items-end gap-2 rounded-box bg-base-200 p-4 text-right"
          >
            <p>
              {formatCount(count)} {count === 1 ? 'product' : 'products'}, {formatCount(totalQuantity)}{' '}
              {totalQuantity === 1 ? 'unit' : 'units'}
            </p>
            {/* Savings say where they come from: the quantity breaks, or the company's contract prices. */}
            {quantitySavingCents > 0 && (
              <p className="text-success">Quantity savings: {formatCents(quantitySavingCents)}</p>
            )}
            {contractSavingCents > 0 && (
              <p className="text-success">Contract price savings: {formatCents(contractSavingCents)}</p>
            )}
            <p className="text-xl font-bold">Total: {formatCents(totalCents)}</p>
            {blocked ? (
              <>
                <p className="text-sm text-error">Change or remove the lines marked above to check out.</p>
                <span className="btn btn-primary btn-disabled" aria-disabled="true">
                  Proceed to checkout
                </span>
              </>
            ) : (
              <Link to={paths.cartCheckout} className="btn btn-primary">
                Proceed to checkout
              </Link>
            )}
          </section>
          <ShippingEstimate email={email} totalCents={totalCents} />
        </>
      )}
    </>
  );
}
