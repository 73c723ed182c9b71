import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ShoppingCart } from 'lucide-react';
import { ButtonSpinner } from '@/components/ui/submit-button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { textAbout } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { addToCart, useCartWrite } from '../api/cart';

/** What the button needs of a product; `packSize` is absent where the API does not send it (sold singly). */
export interface CartProduct {
  _id: string;
  name: string;
  quantity: number;
  minOrder: number;
  packSize?: number | undefined;
  /** More than the stock may be ordered (with a lead time): sent on the product page, absent on cards. */
  backorderable?: boolean | undefined;
  leadTimeDays?: number | null | undefined;
}

/**
 * "Add to cart" for cards and the product page: adds the smallest quantity the rules allow (the minimum order in
 * whole packs), which the cart then changes. Anonymous visitors go to /login and come back here.
 */
export function AddToCartButton({
  product,
  email,
  className = 'btn btn-outline btn-primary',
}: {
  product: CartProduct;
  /** The signed-in customer's email; undefined for an anonymous visitor. */
  email: string | undefined;
  className?: string;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const write = useCartWrite(email ?? '');
  const [busy, setBusy] = useState(false);
  const pack = product.packSize ?? 1;
  // The minimum order rounded up to whole packs (firstOrderableQuantity, without loading its module's zod here).
  const quantity = Math.ceil(product.minOrder / pack) * pack;
  const orderable =
    product.quantity >= quantity ||
    (product.backorderable === true && product.leadTimeDays !== null && product.leadTimeDays !== undefined);

  const add = async () => {
    if (!email) {
      void navigate(paths.login, { state: { from: location.pathname + location.search } });
      return;
    }
    setBusy(true);
    try {
      await write.mutateAsync((e) => addToCart(e, { productId: product._id, quantity }));
      void notify('success', `Added ${formatCount(quantity)} × ${product.name} to your cart.`);
    } catch (err) {
      const message =
        err instanceof ApiError && err.field ? textAbout(err.message, err.field) : (err as Error).message;
      void notify('error', message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={className}
      aria-label={`Add to cart: ${product.name}`}
      disabled={busy || (!!email && !orderable)}
      onClick={() => void add()}
    >
      {busy ? <ButtonSpinner /> : <ShoppingCart aria-hidden="true" className="size-4" />}
      Add to cart
    </button>
  );
}
