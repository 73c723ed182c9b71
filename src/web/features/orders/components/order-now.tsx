import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { canOrder, OrderModal, type OrderableProduct, type OrderingCustomer } from './order-modal';

/**
 * The product page's Order Now button and the order modal it opens, or a note when the stock cannot cover the
 * minimum order. `customer` is the signed-in user (name and email go on the order, the profile's phone and address
 * fill in the form); without one (a public product page) the button goes to /login, which comes back here.
 */
export function OrderNow({
  product,
  customer,
  unavailable,
}: {
  product: OrderableProduct;
  customer: OrderingCustomer | undefined;
  /** Shown under the note when the product cannot be ordered (the page's back-in-stock request). */
  unavailable?: ReactNode;
}) {
  const [ordering, setOrdering] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  if (!canOrder(product))
    return (
      <div className="flex flex-col gap-3">
        <p role="note" className="alert alert-warning alert-soft text-base-content">
          This product can&apos;t be ordered right now: not enough stock for the minimum order.
        </p>
        {unavailable}
      </div>
    );
  return (
    <div>
      <button
        type="button"
        className="btn btn-primary btn-lg w-full sm:w-auto"
        onClick={() =>
          customer
            ? setOrdering(true)
            : void navigate(paths.login, { state: { from: location.pathname + location.search } })
        }
      >
        Order Now
      </button>
      {ordering && customer && (
        <OrderModal product={product} customer={customer} onClose={() => setOrdering(false)} />
      )}
    </div>
  );
}
