import { useAllOrders } from '@/features/orders/api/get-all-orders';
import { AllOrdersTable } from '@/features/orders/components/all-orders-table';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Every order of the shop, under the title Manage All Products with the order count (a title older than the page). */
export function Component() {
  useDocumentTitle('Manage All Products');
  const orders = useAllOrders();
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
        Manage All Products{orders.data && ` (${orders.data.length})`}
      </h1>
      <p className="mt-2 text-base-content/75">
        Every order of the shop. Mark paid orders delivered, or cancel orders that were never paid.
      </p>
      <AllOrdersTable orders={orders} />
    </section>
  );
}
