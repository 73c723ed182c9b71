import type { AccountSummary } from '@shared/credit/credit.schema';
import { formatCents } from '@shared/common/money';

/** The account's figures: terms, what is owed, what of it is overdue, the available credit and the credit hold. */
export function AccountFigures({ account }: { account: AccountSummary }) {
  const { terms } = account;
  return (
    <div className="mt-3 flex flex-col gap-3">
      {account.onHold && (
        <div role="alert" className="alert alert-error alert-soft">
          <span>
            <strong>Credit hold.</strong> {account.holdReason}
          </span>
        </div>
      )}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <div>
          <dt className="text-sm text-base-content/75">Terms</dt>
          <dd className="font-semibold">{terms ? `Net ${terms.netDays}` : 'None (card only)'}</dd>
        </div>
        <div>
          <dt className="text-sm text-base-content/75">Credit limit</dt>
          <dd className="font-semibold">{formatCents(terms?.creditLimitCents ?? 0)}</dd>
        </div>
        <div>
          <dt className="text-sm text-base-content/75">Open (of which overdue)</dt>
          <dd className="font-semibold">
            {formatCents(account.openCents)} ({formatCents(account.overdueCents)})
          </dd>
        </div>
        <div>
          <dt className="text-sm text-base-content/75">Available credit</dt>
          <dd className="font-semibold">{formatCents(account.availableCents)}</dd>
        </div>
      </dl>
    </div>
  );
}
