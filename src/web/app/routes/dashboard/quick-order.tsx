import { useSession } from '@/features/accounts/api/get-session';
import { QuickOrderForm } from '@/features/cart/components/quick-order-form';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /dashboard/quick-order: many products into the cart at once, by SKU. */
export function Component() {
  useDocumentTitle('Quick Order');
  const user = useSession().data?.user;
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Quick Order</h1>
      <p className="mt-2 text-base-content/75">
        Paste lines of SKU and quantity, or upload a CSV: each line is checked before it goes into your cart.
      </p>
      {user && <QuickOrderForm email={user.email} />}
    </section>
  );
}
