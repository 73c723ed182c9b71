import type { ReactNode } from 'react';
import type { Return, ReturnList } from '@shared/returns/returns.schema';
import {
  returnReasonLabels,
  returnStatusLabels,
  returnStatuses,
  type ReturnStatus,
} from '@shared/returns/returns.constants';
import { formatOrderNumber } from '@shared/orders/order-number';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorState } from '@/components/ui/error-state';
import { SelectField } from '@/components/ui/field';
import { RETURNS_PAGE_SIZE } from '../api/returns';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

const badge: Record<ReturnStatus, string> = {
  requested: 'badge-info',
  approved: 'badge-primary',
  rejected: 'badge-error',
  received: 'badge-warning',
  refunded: 'badge-success',
  replaced: 'badge-success',
};

/** One return: its RMA, status, lines and what the shop said. `actions` are the admin's buttons. */
function ReturnCard({ r, actions }: { r: Return; actions?: ReactNode }) {
  return (
    <li className="rounded-box border border-base-300 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold">{r.rma ?? 'Return (no RMA yet)'}</h2>
        <span className={`badge ${badge[r.status]}`}>{returnStatusLabels[r.status]}</span>
        <span className="text-sm text-base-content/75">
          {returnReasonLabels[r.reason]} · asked {when.format(new Date(r.createdAt))} · {r.email}
        </span>
      </div>
      <ul className="mt-2 list-disc pl-5">
        {r.lines.map((l) => (
          <li key={l._id}>
            {l.quantity} × {l.productName} (order {formatOrderNumber(l.orderNumber)})
            {l.restockedQuantity !== null &&
              `: received ${l.restockedQuantity + (l.scrappedQuantity ?? 0)}, ${l.restockedQuantity} restocked, ${l.scrappedQuantity ?? 0} scrapped`}
          </li>
        ))}
      </ul>
      {r.comments && <p className="mt-2">Comments: {r.comments}</p>}
      {r.photos.length > 0 && (
        <p className="mt-2 flex flex-wrap gap-2">
          {r.photos.map((p, i) => (
            <a key={p} href={p} className="link" target="_blank" rel="noreferrer">
              Photo {i + 1}
            </a>
          ))}
        </p>
      )}
      {r.instructions && <p className="mt-2">How to send it back: {r.instructions}</p>}
      {r.rejectReason && <p className="mt-2">Not approved: {r.rejectReason}</p>}
      {r.status === 'refunded' && (
        <p className="mt-2">
          Refunded{r.feePercent ? ` less a ${r.feePercent}% restocking fee` : ''}: the credit note is on the
          order's page.
        </p>
      )}
      {r.replacement && (
        <p className="mt-2">
          Replaced at no charge by {r.replacement.orderNumbers.length === 1 ? 'order' : 'orders'}{' '}
          {r.replacement.orderNumbers.map(formatOrderNumber).join(', ')}.
        </p>
      )}
      {actions && <div className="mt-3 flex flex-wrap gap-2">{actions}</div>}
    </li>
  );
}

/** A page of returns with a status filter and paging; loading, empty and error states. */
export function ReturnsList({
  query,
  status,
  page,
  onStatus,
  onPage,
  actions,
}: {
  query: UseQueryResult<ReturnList>;
  status: ReturnStatus | '';
  page: number;
  onStatus: (s: ReturnStatus | '') => void;
  onPage: (p: number) => void;
  actions?: (r: Return) => ReactNode;
}) {
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / RETURNS_PAGE_SIZE)) : 1;
  return (
    <div className="mt-4">
      <div className="max-w-xs">
        <SelectField
          label="Status"
          value={status}
          onChange={(e) => onStatus(e.target.value as ReturnStatus | '')}
        >
          <option value="">All</option>
          {returnStatuses.map((s) => (
            <option key={s} value={s}>
              {returnStatusLabels[s]}
            </option>
          ))}
        </SelectField>
      </div>
      {query.isPending ? (
        <div role="status" className="mt-4">
          <span className="sr-only">Loading returns…</span>
          <div aria-hidden="true" className="skeleton h-24 w-full" />
        </div>
      ) : query.isError ? (
        <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />
      ) : data!.returns.length === 0 ? (
        <p className="mt-4">No returns{status ? ` ${returnStatusLabels[status].toLowerCase()}` : ''} yet.</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-3" aria-label="Returns">
          {data!.returns.map((r) => (
            <ReturnCard key={r._id} r={r} actions={actions?.(r)} />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="mt-4 flex items-center gap-3" aria-label="Pages of returns">
          <button type="button" className="btn btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button
            type="button"
            className="btn btn-sm"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            Next
          </button>
        </nav>
      )}
    </div>
  );
}
