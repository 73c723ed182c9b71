import { useSession } from '@/features/accounts/api/get-session';
import { useProfile } from '@/features/accounts/api/get-profile';
import { useCart } from '@/features/cart/api/cart';
import { CheckoutForm } from '@/features/checkout/components/checkout-form';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /dashboard/cart/checkout: the cart's delivery details, before its one payment. */
export function Component() {
  useDocumentTitle('Checkout');
  // RequireAuth has loaded the session before this page renders.
  const user = useSession().data?.user;
  const cart = useCart(user?.email);
  const profile = useProfile(user?.email ?? '').data;
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Checkout</h1>
      <p className="mt-2 text-base-content/75">
        Where every line of your cart goes; you pay for them all at once on the next page.
      </p>
      {user && <CheckoutForm email={user.email} cart={cart} saved={profile} />}
    </section>
  );
}
