import type { ReactNode } from 'react';
import type { Quote, QuoteStatus } from '@shared/quotes/quotes.schema';
import { formatCount, formatDate } from '@/lib/format';
import { formatCents } from '@shared/common/money';
import { formatDay } from './format-day';

const statusLabel: Record<QuoteStatus, string> = {
  requested: 'Requested',
  quoted: 'Quoted',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
};

// Soft colours with dark text keep the WCAG contrast, like the orders' badges.
const statusClass: Record<QuoteStatus, string> = {
  requested: 'badge-info',
  quoted: 'badge-warning',
  accepted: 'badge-success',
  declined: 'badge-error',
  expired: 'badge-neutral',
};

export const quoteStatusLabel = (status: QuoteStatus) => statusLabel[status];

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return (
    <span className={`badge badge-soft whitespace-nowrap ${statusClass[status]}`}>{statusLabel[status]}</span>
  );
}

/** A quote's heading line: when it was asked for, by whom (admins), and its status. */
export function QuoteHeading({ quote, withCustomer = false }: { quote: Quote; withCustomer?: boolean }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h2 className="text-lg font-semibold">
        {withCustomer
          ? `Request from ${quote.name} (${quote.email})`
          : `Quote request of ${formatDate(quote.createdAt)}`}
      </h2>
      <QuoteStatusBadge status={quote.status} />
    </div>
  );
}

/** What was asked and what was answered: the note, the wanted-by day, the validity and the decline reason. */
export function QuoteFacts({ quote, withDate = false }: { quote: Quote; withDate?: boolean }) {
  const facts: [string, ReactNode][] = [];
  if (withDate) facts.push(['Requested', formatDate(quote.createdAt)]);
  if (quote.wantedBy) facts.push(['Wanted by', formatDay(quote.wantedBy)]);
  if (quote.note) facts.push(['Note', quote.note]);
  if (quote.validUntil) facts.push(['Valid until', formatDay(quote.validUntil)]);
  if (quote.declineReason) facts.push(['Decline reason', quote.declineReason]);
  if (facts.length === 0) return null;
  return (
    <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium">{term}</dt>
          <dd className="break-words whitespace-pre-line">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The lines with their quantity (and quoted lead time), today's list price and the quoted price, and the quote's total once answered. */
export function QuoteLinesTable({ quote }: { quote: Quote }) {
  return (
    // One card per line in a narrow box (decision 019's addendum), as the other lists.
    <div className="card-table mt-3 overflow-x-auto">
      <table className="table table-sm">
        <caption className="sr-only">Lines of the quote</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col" className="text-right">
              Quantity
            </th>
            <th scope="col" className="text-right">
              List price
            </th>
            <th scope="col" className="text-right">
              Quoted price
            </th>
          </tr>
        </thead>
        <tbody>
          {quote.lines.map((line) => (
            <tr key={line.productId}>
              <th scope="row" className="font-medium">
                {line.productName}
                {/* Shown before accepting: the units above the stock ship only after it (decision 046). */}
                {line.leadTimeDays != null && (
                  <span className="block text-sm font-normal text-base-content/75">
                    Lead time: {formatCount(line.leadTimeDays)} {line.leadTimeDays === 1 ? 'day' : 'days'} for
                    units above the stock
                  </span>
                )}
              </th>
              <td data-label="Quantity" className="text-right">
                {formatCount(line.quantity)}
              </td>
              <td data-label="List price" className="text-right">
                {formatCents(line.listPriceCents)}
              </td>
              <td data-label="Quoted price" className="text-right">
                {line.unitPriceCents === null ? '—' : formatCents(line.unitPriceCents)}
              </td>
            </tr>
          ))}
        </tbody>
        {quote.totalCents !== null && (
          <tfoot>
            <tr>
              <th scope="row" colSpan={3} className="text-right">
                Total
              </th>
              <td className="text-right text-base font-bold">{formatCents(quote.totalCents)}</td>
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
