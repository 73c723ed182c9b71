import { useSession } from '@/features/accounts/api/get-session';
import AccountLinks from '@/features/accounts/components/account-links';
import { CartLink } from '@/features/cart/components/cart-link';

/**
 * The navbar's links for a signed-in user: Dashboard and Log out (accounts). One lazy chunk with the cart icon below,
 * loaded once the session says someone is signed in: the anonymous first page carries neither.
 * (Outside app/layout on purpose: vite.config.ts puts that folder in the first page's chunk.)
 */
export default function AccountNav({ linkClass }: { linkClass: (s: { isActive: boolean }) => string }) {
  return <AccountLinks linkClass={linkClass} />;
}

/** The cart icon with its count (cart). It sits in the top bar itself, not in the menu, so phones see it too. */
export function AccountCart({ linkClass }: { linkClass: (s: { isActive: boolean }) => string }) {
  // The navbar shows this only once the session is known (and cached): reading it here costs no request.
  const email = useSession().data?.user.email;
  return email ? <CartLink email={email} linkClass={linkClass} /> : null;
}
