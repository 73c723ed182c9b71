import { Link } from 'react-router';
import type { Overview } from '@shared/overview/overview.schema';
import { ErrorState } from '@/components/ui/error-state';
import { paths } from '@/config/paths';
import { formatCount, formatDate } from '@/lib/format';
import { orderStageLabels } from '@shared/orders/order-status';
import { PaidBadge, RefundBadge, StatusBadge } from '@/components/order-badges';
import { useOverview } from '../api/get-overview';
import { formatCents } from '@shared/common/money';
import { formatOrderNumber } from '@shared/orders/order-number';
import { RevenueSection } from './revenue-section';

function StatusSection({ statuses }: { statuses: Overview['ordersByStatus'] }) {
  return (
    <section aria-labelledby="overview-status">
      <h2 id="overview-status" className="text-xl font-bold">
        Orders by status
      </h2>
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
        {statuses.map((s) => (
          <li key={s.status} className="rounded-box border border-base-300 bg-base-100 p-4">
            <p className="text-sm text-base-content/75">{orderStageLabels[s.status]}</p>
            <p className="text-2xl font-bold">{formatCount(s.count)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function LowStockSection({ products, total }: { products: Overview['lowStock']; total: number }) {
  return (
    <section aria-labelledby="overview-low-stock">
      <h2 id="overview-low-stock" className="text-xl font-bold">
        Below minimum order
      </h2>
      {products.length === 0 ? (
        <p className="mt-3 text-base-content/75">Every product has stock for at least its minimum order.</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-base-content/75">
            Customers cannot order these until they are restocked.
            {total > products.length && (
              <>
                {` The ${products.length} with least stock of ${formatCount(total)}: `}
                <Link to={`${paths.manageProduct}?stock=low&sort=stock`} className="link">
                  see all {formatCount(total)} in Manage Products
                </Link>
                .
              </>
            )}
          </p>
          <div className="card-table mt-3 overflow-x-auto rounded-box border border-base-300 bg-base-100">
            <table className="table">
              <caption className="sr-only">
                Products whose stock is below their minimum order, lowest first
              </caption>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col" className="text-end">
                    Stock
                  </th>
                  <th scope="col" className="text-end">
                    Minimum order
                  </th>
                </tr>
              </thead>
              <tbody>
                {products.map((p) => (
                  <tr key={p._id}>
                    <td className="min-w-40">
                      <Link to={paths.product(p._id)} className="link link-hover font-medium">
                        {p.name}
                      </Link>
                    </td>
                    <td data-label="Stock" className="text-end">
                      {formatCount(p.quantity)}
                    </td>
                    <td data-label="Minimum order" className="text-end">
                      {formatCount(p.minOrder)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Link to={paths.manageProduct} className="link link-primary mt-2 inline-block text-sm">
            Restock in Manage Products
          </Link>
        </>
      )}
    </section>
  );
}

function NewestOrdersSection({ orders }: { orders: Overview['newestOrders'] }) {
  return (
    <section aria-labelledby="overview-newest">
      <h2 id="overview-newest" className="text-xl font-bold">
        Newest orders
      </h2>
      {orders.length === 0 ? (
        <p className="mt-3 text-base-content/75">There are no orders yet.</p>
      ) : (
        <>
          <div className="card-table mt-3 overflow-x-auto rounded-box border border-base-300 bg-base-100">
            <table className="table">
              <caption className="sr-only">The newest orders, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Order</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Product</th>
                  <th scope="col" className="text-end">
                    Total
                  </th>
                  <th scope="col">Payment</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {orders.map((o) => (
                  <tr key={o._id}>
                    <td data-label="Date" className="whitespace-nowrap">
                      <time dateTime={o.createdAt}>{formatDate(o.createdAt)}</time>
                    </td>
                    <td data-label="Order" className="whitespace-nowrap">
                      {formatOrderNumber(o.orderNumber)}
                    </td>
                    <td data-label="Customer" className="whitespace-nowrap">
                      {o.name}
                    </td>
                    <td data-label="Product" className="min-w-40">
                      {o.productName}
                    </td>
                    <td data-label="Total" className="text-end whitespace-nowrap">
                      {formatCents(o.totalCents)}
                    </td>
                    <td data-label="Payment">
                      {o.refundStatus ? (
                        <RefundBadge order={{ ...o, refundAmount: o.total }} />
                      ) : (
                        <PaidBadge paid={o.paymentStatus} />
                      )}
                    </td>
                    <td data-label="Status">
                      <StatusBadge order={o} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Link to={paths.allOrders} className="link link-primary mt-2 inline-block text-sm">
            All orders
          </Link>
        </>
      )}
    </section>
  );
}

/** The store at a glance (GET /api/admin/overview). */
export function StoreOverview() {
  const overview = useOverview();
  if (overview.isPending)
    return (
      <div role="status" className="mt-6 space-y-4">
        <span className="sr-only">Loading the overview…</span>
        <div aria-hidden="true" className="skeleton h-80 w-full" />
        <div aria-hidden="true" className="skeleton h-24 w-full" />
        <div aria-hidden="true" className="skeleton h-40 w-full" />
      </div>
    );
  if (overview.isError)
    return (
      <ErrorState
        message={`We could not load the overview. ${overview.error.message}`}
        onRetry={() => void overview.refetch()}
      />
    );
  const { revenueByDay, onAccountOpen, ordersByStatus, lowStock, lowStockTotal, newestOrders } =
    overview.data;
  return (
    <div className="mt-6 flex flex-col gap-8">
      <RevenueSection days={revenueByDay} onAccountOpen={onAccountOpen} />
      <StatusSection statuses={ordersByStatus} />
      <LowStockSection products={lowStock} total={lowStockTotal} />
      <NewestOrdersSection orders={newestOrders} />
    </div>
  );
}
