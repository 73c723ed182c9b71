import type { ExemptionStatus, TaxExemption } from '@shared/tax/tax-exemptions.schema';
import { usStates, type UsStateCode } from '@shared/common/us-states';
import { formatDate } from '@/lib/format';

// Expiry days are UTC calendar days: read and shown in UTC, they never shift by one.
const longDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** "2026-12-01" → "December 1, 2026". */
export const formatDay = (isoDay: string) => longDay.format(new Date(`${isoDay.slice(0, 10)}T00:00:00Z`));

/** Today plus `days`, as YYYY-MM-DD (UTC), for a date input's value or min. */
export const dayFromToday = (days = 0) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const statusLabel: Record<ExemptionStatus, string> = {
  pending: 'Pending review',
  approved: 'Approved',
  rejected: 'Rejected',
};

// Soft colours with dark text keep the WCAG contrast, like the orders' and quotes' badges.
const statusClass: Record<ExemptionStatus, string> = {
  pending: 'badge-warning',
  approved: 'badge-success',
  rejected: 'badge-error',
};

export const exemptionStatusLabel = (status: ExemptionStatus) => statusLabel[status];

export function ExemptionStatusBadge({ status }: { status: ExemptionStatus }) {
  return (
    <span className={`badge badge-soft whitespace-nowrap ${statusClass[status]}`}>{statusLabel[status]}</span>
  );
}

/** "TX, CA" with each state's name for screen readers and on hover. */
export function StateList({ states }: { states: string[] }) {
  return (
    <>
      {states.map((code, i) => (
        <span key={code}>
          {i > 0 && ', '}
          <abbr title={usStates[code as UsStateCode] ?? code}>{code}</abbr>
        </span>
      ))}
    </>
  );
}

/** A certificate's facts: number, states, expiry, upload day, the PDF link, and the reason of a rejection. */
export function ExemptionFacts({
  exemption,
  withCustomer = false,
}: {
  exemption: TaxExemption;
  withCustomer?: boolean;
}) {
  const expired = exemption.expiresOn < dayFromToday();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">
          {withCustomer
            ? `Certificate ${exemption.number} from ${exemption.name} (${exemption.email})`
            : `Certificate ${exemption.number}`}
        </h2>
        <ExemptionStatusBadge status={exemption.status} />
      </div>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">States</dt>
        <dd>
          <StateList states={exemption.states} />
        </dd>
        <dt className="font-medium">Expires</dt>
        <dd>
          {formatDay(exemption.expiresOn)}
          {expired && ' (expired)'}
        </dd>
        <dt className="font-medium">Uploaded</dt>
        <dd>{formatDate(exemption.createdAt)}</dd>
        {exemption.status === 'rejected' && exemption.reason && (
          <>
            <dt className="font-medium">Reason</dt>
            <dd>{exemption.reason}</dd>
          </>
        )}
      </dl>
      <p className="mt-2">
        <a
          href={exemption.fileUrl}
          target="_blank"
          rel="noopener"
          aria-label={`View the PDF of certificate ${exemption.number}`}
          className="link link-primary"
        >
          View the PDF
        </a>{' '}
        <span className="text-sm text-base-content/75">({exemption.fileName}, opens in a new tab)</span>
      </p>
    </>
  );
}
