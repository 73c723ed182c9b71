import { useSession } from '@/features/accounts/api/get-session';
import { CartView } from '@/features/orders/components/cart-view';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /dashboard/cart: the signed-in customer's cart. */
export function Component() {
  useDocumentTitle('Cart');
  // RequireAuth has loaded the session before this page renders.
  const user = useSession().data?.user;
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Cart</h1>
      <p className="mt-2 text-base-content/75">
        Prices are today&apos;s, at the quantity of each line; the checkout takes every line in one payment.
      </p>
      {user && <CartView email={user.email} />}
    </section>
  );
}
