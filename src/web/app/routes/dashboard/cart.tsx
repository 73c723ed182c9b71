import { useSession } from '@/features/accounts/api/get-session';
import { useCart } from '@/features/cart/api/cart';
import { CartView } from '@/features/cart/components/cart-view';
import { usePunchoutSession } from '@/features/procurement/api/procurement';
import { TransferCartButton } from '@/features/procurement/components/punchout-banner';
import { RequestCartQuoteButton } from '@/features/quotes/components/request-quote';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /dashboard/cart: the signed-in customer's cart, and a request for quote on its lines (quotes). */
export function Component() {
  useDocumentTitle('Cart');
  // RequireAuth has loaded the session before this page renders.
  const user = useSession().data?.user;
  // The same query CartView shows: one request, its lines handed to the quotes feature as plain props.
  const cart = useCart(user?.email);
  const punchout = usePunchoutSession(!!user).data;
  const lines = (cart.data?.lines ?? []).map((l) => ({
    productId: l.productId,
    name: l.name,
    quantity: l.quantity,
  }));
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Cart</h1>
      <p className="mt-2 text-base-content/75">
        Prices are today&apos;s, at the quantity of each line; the checkout takes every line in one payment.
      </p>
      {user && <CartView email={user.email} />}
      {punchout?.systemName && !punchout.readOnly && (cart.data?.lines.length ?? 0) > 0 && (
        <TransferCartButton systemName={punchout.systemName} className="mt-6" />
      )}
      {lines.length > 0 && (
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <p className="text-base-content/75">Ordering a larger quantity? Ask us for a price first.</p>
          <RequestCartQuoteButton lines={lines} />
        </div>
      )}
    </section>
  );
}
