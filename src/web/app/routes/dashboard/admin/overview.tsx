import { StoreOverview } from '@/features/overview/components/store-overview';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /dashboard/overview (admin): revenue, orders by status, low stock and the newest orders. */
export function Component() {
  useDocumentTitle('Store Overview');
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Store Overview</h1>
      <p className="mt-2 text-base-content/75">How the shop is doing: paid revenue, orders and stock.</p>
      <StoreOverview />
    </section>
  );
}
