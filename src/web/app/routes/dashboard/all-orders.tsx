import { useAllOrders } from '@/features/orders/api/get-all-orders';
import { AllOrdersTable } from '@/features/orders/components/all-orders-table';
import { AllOrdersToolbar, useOrderListState } from '@/features/orders/components/all-orders-toolbar';
import { ShipDialog } from '@/features/fulfilment/components/ship-dialog';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * The shop's orders, under the title Manage All Products with the count of the orders that match (a title older
 * than the page), a page at a time; search, filters, sort and page live in the URL.
 */
export function Component() {
  useDocumentTitle('Manage All Products');
  const { state, params } = useOrderListState();
  const orders = useAllOrders(params);
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
        Manage All Products{orders.data && ` (${orders.data.total})`}
      </h1>
      <p className="mt-2 text-base-content/75">
        Every order of the shop, a checkout's lines together. Ship paid lines (all at once or in parts), mark
        them delivered, or cancel orders that were never paid.
      </p>
      <AllOrdersToolbar state={state} params={params} />
      <AllOrdersTable
        orders={orders}
        list={state}
        limit={Number(params.limit)}
        filtered={Boolean(params.q || params.status || params.paid || params.fulfilment)}
        shipDialog={(lines, onClose) => <ShipDialog lines={lines} onClose={onClose} />}
      />
    </section>
  );
}
