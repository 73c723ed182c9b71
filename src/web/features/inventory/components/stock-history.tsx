import { ErrorState } from '@/components/ui/error-state';
import { SubmitButton } from '@/components/ui/submit-button';
import { formatOrderNumber } from '@shared/orders/order-number';
import { useStockHistory } from '../api/get-stock-history';

const reasons: Record<string, string> = {
  created: 'Product created',
  import: 'CSV import',
  restock: 'Restocked by an admin',
  order_reserved: 'Order placed',
  order_cancelled: 'Order cancelled',
  order_expired: 'Order expired',
  order_paid_late: 'Cancelled order paid',
  return_restocked: 'Return restocked',
  return_received: 'Return received (damaged)',
  return_scrapped: 'Return scrapped',
};

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A product's stock movements, newest first, with "Show older" paging. */
export function StockHistory({ productId }: { productId: string }) {
  const history = useStockHistory(productId);
  if (history.isPending)
    return (
      <div role="status" className="mt-4">
        <span className="sr-only">Loading the stock history…</span>
        <div aria-hidden="true" className="skeleton h-32 w-full" />
      </div>
    );
  if (history.isError)
    return (
      <ErrorState
        message={`We could not load the stock history. ${history.error.message}`}
        onRetry={() => void history.refetch()}
      />
    );
  const movements = history.data.pages.flatMap((p) => p.movements);
  return (
    <div className="mt-3">
      <p>
        In stock now: <strong>{history.data.pages[0]!.quantity.toLocaleString('en-US')}</strong>
      </p>
      {movements.length === 0 ? (
        <p className="mt-2 text-base-content/75">No stock movements yet.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="table table-sm">
            <caption className="sr-only">Stock movements, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Why</th>
                <th scope="col" className="text-right">
                  Change
                </th>
                <th scope="col" className="text-right">
                  Before
                </th>
                <th scope="col" className="text-right">
                  After
                </th>
                <th scope="col">By</th>
              </tr>
            </thead>
            <tbody>
              {movements.map((m) => (
                <tr key={m.id}>
                  <td>{when.format(new Date(m.at))}</td>
                  <td>{reasons[m.reason] ?? m.reason}</td>
                  <td className={`text-right ${m.delta < 0 ? 'text-error' : ''}`}>
                    {m.delta > 0 ? `+${m.delta}` : m.delta}
                  </td>
                  <td className="text-right">{m.before}</td>
                  <td className="text-right">{m.after}</td>
                  <td className="break-all">
                    {m.actorEmail ??
                      (m.orderNumber !== null ? `Order ${formatOrderNumber(m.orderNumber)}` : '—')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {history.hasNextPage && (
        <SubmitButton
          type="button"
          className="btn btn-outline mt-3"
          busy={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          Show older movements
        </SubmitButton>
      )}
    </div>
  );
}
