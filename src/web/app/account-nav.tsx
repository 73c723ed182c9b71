import { useSession } from '@/features/accounts/api/get-session';
import AccountLinks from '@/features/accounts/components/account-links';
import { CartLink } from '@/features/cart/components/cart-link';

/**
 * The navbar's links for a signed-in user: Dashboard and Log out (accounts), then the cart icon (orders). One lazy
 * chunk for both, loaded once the session says someone is signed in: the anonymous first page carries neither.
 * (Outside app/layout on purpose: vite.config.ts puts that folder in the first page's chunk.)
 */
export default function AccountNav({ linkClass }: { linkClass: (s: { isActive: boolean }) => string }) {
  // The navbar shows this only once the session is known (and cached): reading it here costs no request.
  const email = useSession().data?.user.email;
  return (
    <>
      <AccountLinks linkClass={linkClass} />
      {email && (
        <li>
          <CartLink email={email} linkClass={linkClass} />
        </li>
      )}
    </>
  );
}
