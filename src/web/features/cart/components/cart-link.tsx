import { NavLink } from 'react-router';
import { ShoppingCart } from 'lucide-react';
import { paths } from '@/config/paths';
import { useCart } from '../api/cart';

/**
 * The navbar's cart icon with the number of lines. It is part of the signed-in links' lazy chunk, so neither it nor
 * its call weighs on the anonymous first page; cart writes update the same query, so the count follows at once.
 */
export function CartLink({
  email,
  linkClass,
}: {
  email: string;
  linkClass: (s: { isActive: boolean }) => string;
}) {
  const count = useCart(email).data?.count ?? 0;
  return (
    <NavLink
      to={paths.cart}
      className={(s) => `${linkClass(s)} inline-flex items-center`}
      aria-label={`Cart, ${count} ${count === 1 ? 'product' : 'products'}`}
    >
      <span className="indicator">
        <ShoppingCart aria-hidden="true" className="size-5" />
        {count > 0 && (
          <span aria-hidden="true" className="indicator-item badge badge-primary badge-xs">
            {count}
          </span>
        )}
      </span>
    </NavLink>
  );
}
