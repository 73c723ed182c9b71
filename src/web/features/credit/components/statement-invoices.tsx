import type { ReactNode } from 'react';
import type { StatementLine, StatementStatus } from '@shared/credit/credit.schema';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { formatOrderNumbers } from '@shared/orders/order-number';
import { formatCents } from '@shared/common/money';
import type { useStatement } from '../api/credit';

const day = (iso: string) => formatDate(`${iso}T12:00:00Z`);
const orderWord = (l: StatementLine) => (l.orderNumbers.length === 1 ? 'Order' : 'Orders');

const statusBadge = (l: StatementLine) =>
  l.status === 'paid' ? (
    <span className="badge badge-success badge-soft">Paid</span>
  ) : l.status === 'overdue' ? (
    <span className="badge badge-error badge-soft">
      Overdue {l.daysOverdue} {l.daysOverdue === 1 ? 'day' : 'days'}
    </span>
  ) : (
    <span className="badge badge-soft">Open</span>
  );

const pdf = (l: StatementLine) => (
  <a className="link" href={l.pdfUrl} target="_blank" rel="noreferrer">
    {l.number}
    <span className="sr-only"> (PDF)</span>
  </a>
);

/**
 * One tab of the statement's invoices, newest first and paged: a table on wide screens, a card per invoice on phones.
 * `select` draws an open invoice's checkbox (the statement keeps what is selected).
 */
export function StatementInvoices({
  lines,
  status,
  select,
}: {
  lines: ReturnType<typeof useStatement>;
  status: StatementStatus;
  select: (l: StatementLine) => ReactNode;
}) {
  const items = lines.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      {lines.isPending ? (
        <Spinner label="Loading the invoices" />
      ) : lines.isError ? (
        <ErrorState message="Could not load the invoices." onRetry={() => void lines.refetch()} />
      ) : items.length === 0 ? (
        <p className="mt-3 text-base-content/75">
          {status === 'paid' ? 'No paid invoices yet.' : `No ${status} invoices.`}
        </p>
      ) : (
        <>
          <p className="mt-3 text-sm text-base-content/75">
            {lines.data.pages[0]!.total} {lines.data.pages[0]!.total === 1 ? 'invoice' : 'invoices'}
          </p>
          {/* Wide screens: a table; phones: one card per invoice. */}
          <div className="mt-2 hidden overflow-x-auto sm:block">
            <table className="table">
              <caption className="sr-only">Account invoices, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="sr-only">Select</span>
                  </th>
                  <th scope="col">Invoice</th>
                  <th scope="col">Orders</th>
                  <th scope="col">Buyer</th>
                  <th scope="col">Issued</th>
                  <th scope="col">Due</th>
                  <th scope="col" className="text-right">
                    Total
                  </th>
                  <th scope="col" className="text-right">
                    Paid
                  </th>
                  <th scope="col" className="text-right">
                    Open
                  </th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {items.map((l) => (
                  <tr key={l._id}>
                    <td>{select(l)}</td>
                    <td>{pdf(l)}</td>
                    <td className="whitespace-nowrap">{formatOrderNumbers(l.orderNumbers)}</td>
                    <td>{l.buyerName}</td>
                    <td>{formatDate(l.issuedAt)}</td>
                    <td>{day(l.dueDate)}</td>
                    <td className="text-right">{formatCents(l.totalCents)}</td>
                    <td className="text-right">{formatCents(l.paidCents)}</td>
                    <td className="text-right">{formatCents(l.openCents)}</td>
                    <td>{statusBadge(l)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="mt-2 flex flex-col gap-3 sm:hidden">
            {items.map((l) => (
              <li key={l._id} className="rounded-box border border-base-300 p-3">
                <div className="flex items-center justify-between gap-2">
                  <span className="font-semibold">{pdf(l)}</span>
                  {statusBadge(l)}
                </div>
                <p className="text-sm">
                  {orderWord(l)} {formatOrderNumbers(l.orderNumbers)} · {l.buyerName} · issued{' '}
                  {formatDate(l.issuedAt)} · due {day(l.dueDate)}
                </p>
                <p className="text-sm">
                  Total {formatCents(l.totalCents)} · paid {formatCents(l.paidCents)} · open{' '}
                  {formatCents(l.openCents)}
                </p>
                {l.openCents > 0 && (
                  <label className="mt-1 flex items-center gap-2 text-sm">{select(l)} Select to pay</label>
                )}
              </li>
            ))}
          </ul>
          {lines.hasNextPage && (
            <button
              type="button"
              className="btn btn-sm mt-3"
              disabled={lines.isFetchingNextPage}
              onClick={() => void lines.fetchNextPage()}
            >
              Show more invoices
            </button>
          )}
        </>
      )}
    </>
  );
}
