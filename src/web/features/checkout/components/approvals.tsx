import { Link } from 'react-router';
import { approvalReasonText, type Approval, type ApprovalStatus } from '@shared/checkout/approvals.schema';
import { ErrorState } from '@/components/ui/error-state';
import { ItemWaiting } from '@/components/ui/item-waiting';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatDeadline } from '@shared/common/working-days';
import { formatDate } from '@/lib/format';
import { formatCents } from '@shared/common/money';
import { formatOrderNumber, formatOrderNumbers } from '@shared/orders/order-number';
import { useApproval, useApprovals } from '../api/approvals';
import { Decided, DecisionForm } from './approval-decision';

const statusLabel: Record<ApprovalStatus, { text: string; className: string }> = {
  awaiting: { text: 'Awaiting approval', className: 'badge-warning' },
  approved: { text: 'Approved', className: 'badge-success' },
  rejected: { text: 'Rejected', className: 'badge-error' },
  expired: { text: 'Expired', className: 'badge-neutral' },
};

function ApprovalBadge({ status }: { status: ApprovalStatus }) {
  const { text, className } = statusLabel[status];
  return <span className={`badge badge-soft whitespace-nowrap ${className}`}>{text}</span>;
}

/**
 * A company's checkouts waiting for approval, newest first, paged ("Show more"), for its approvers and company
 * admins (and the shop's admins on the company's page). Each links to its approval page. Cards at every width.
 */
export function ApprovalsList({ companyId }: { companyId: string }) {
  const approvals = useApprovals(companyId);
  return (
    <section
      aria-labelledby="approvals-heading"
      className="mt-8 rounded-box border border-base-300 bg-base-100 p-4"
    >
      <h2 id="approvals-heading" className="text-xl font-semibold">
        Waiting for approval
      </h2>
      {approvals.isPending ? (
        <Spinner label="Loading the approvals" />
      ) : approvals.isError ? (
        <ErrorState message="Could not load the approvals." onRetry={() => void approvals.refetch()} />
      ) : approvals.data.pages[0]!.items.length === 0 ? (
        <p className="mt-3 text-base-content/75">No checkout is waiting for approval.</p>
      ) : (
        <>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2">
            {approvals.data.pages
              .flatMap((p) => p.items)
              .map((a) => (
                <li key={a._id} className="rounded-box border border-base-300 p-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-semibold">{formatCents(a.totalCents)}</span>
                    <ApprovalBadge status={a.status} />
                  </div>
                  <p className="mt-1">
                    {a.buyer.name} ({a.buyer.email}){a.poNumber ? `, PO ${a.poNumber}` : ''}
                  </p>
                  <p className="text-sm">{ordersText(a)}</p>
                  <p className="text-sm text-base-content/75">
                    {approvalReasonText(a)};{' '}
                    {a.status === 'awaiting' ? (
                      <>
                        awaiting approval until{' '}
                        <time dateTime={a.expiresAt}>{formatDeadline(a.expiresAt)}</time>
                      </>
                    ) : (
                      <>
                        decide by <time dateTime={a.expiresAt}>{formatDeadline(a.expiresAt)}</time>
                      </>
                    )}
                  </p>
                  <Link
                    to={paths.companyApproval(a._id)}
                    className="btn btn-sm btn-primary mt-2"
                    aria-label={`Review ${a.buyer.name}'s checkout of ${formatCents(a.totalCents)}`}
                  >
                    Review
                  </Link>
                </li>
              ))}
          </ul>
          {approvals.hasNextPage && (
            <button
              type="button"
              className="btn btn-sm mt-3"
              disabled={approvals.isFetchingNextPage}
              onClick={() => void approvals.fetchNextPage()}
            >
              Show more approvals
            </button>
          )}
        </>
      )}
    </section>
  );
}

const ordersText = (a: Approval) =>
  `${a.lines.length === 1 ? 'Order' : 'Orders'} ${formatOrderNumbers(a.lines.map((l) => l.orderNumber))}`;

function ApprovalDetails({ approval }: { approval: Approval }) {
  return (
    <section
      aria-labelledby="approval-summary"
      className="rounded-box border border-base-300 bg-base-100 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="approval-summary" className="text-lg font-semibold">
          Checkout of {formatCents(approval.totalCents)}
        </h2>
        <ApprovalBadge status={approval.status} />
      </div>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-base-content/75">{approval.lines.length === 1 ? 'Order' : 'Orders'}</dt>
          <dd className="font-semibold">{formatOrderNumbers(approval.lines.map((l) => l.orderNumber))}</dd>
        </div>
        <div>
          <dt className="text-sm text-base-content/75">Buyer</dt>
          <dd className="font-semibold">
            {approval.buyer.name} ({approval.buyer.email})
          </dd>
        </div>
        <div>
          <dt className="text-sm text-base-content/75">Why it waits</dt>
          <dd>{approvalReasonText(approval)}</dd>
        </div>
        <div>
          <dt className="text-sm text-base-content/75">Spent this month before it</dt>
          <dd>{formatCents(approval.spentThisMonthCents)}</dd>
        </div>
        <div>
          <dt className="text-sm text-base-content/75">PO number</dt>
          <dd>{approval.poNumber ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-sm text-base-content/75">Deliver to</dt>
          <dd>{approval.address}</dd>
        </div>
        <div>
          <dt className="text-sm text-base-content/75">Checked out</dt>
          <dd>
            <time dateTime={approval.createdAt}>{formatDate(approval.createdAt)}</time>
          </dd>
        </div>
      </dl>
      <ul className="mt-4 divide-y divide-base-300" aria-label="The lines of this checkout">
        {approval.lines.map((l, i) => (
          <li key={i} className="flex flex-wrap justify-between gap-2 py-2">
            <span>
              {formatOrderNumber(l.orderNumber)}: {l.quantity} ×{' '}
              <span className="font-medium">{l.productName}</span> at {formatCents(l.unitPriceCents)}
            </span>
            <span className="font-semibold">{formatCents(l.totalCents)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-right font-semibold">Total {formatCents(approval.totalCents)}</p>
    </section>
  );
}

/**
 * The approval page: the checkout an approver is asked to decide on, and the decision. `myId` is the signed-in
 * person: a buyer never decides on their own checkout (the server refuses it too), and `canDecide` says whether they
 * hold the approver role in this company.
 */
export function ApprovalView({
  companyId,
  id,
  myId,
  canDecide,
}: {
  companyId: string;
  id: string;
  myId: string;
  canDecide: boolean;
}) {
  const approval = useApproval(companyId, id);
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <ItemWaiting
        query={approval}
        what="this approval"
        loadingLabel="Loading the approval…"
        skeletons={['h-48', 'h-32']}
        notFound={
          <>
            <p>We could not find this approval in your company.</p>
            <Link to={paths.company} className="btn btn-primary">
              Back to the company
            </Link>
          </>
        }
      />
      {approval.data && (
        <>
          <ApprovalDetails approval={approval.data} />
          {approval.data.status !== 'awaiting' ? (
            <Decided approval={approval.data} />
          ) : approval.data.buyer.userId === myId ? (
            <p role="status" className="alert alert-info alert-soft text-base-content">
              This is your own checkout: another approver of your company must decide on it.
            </p>
          ) : canDecide ? (
            <DecisionForm companyId={companyId} approval={approval.data} />
          ) : (
            <p role="status" className="alert alert-info alert-soft text-base-content">
              Only an approver of the company can approve or reject this checkout.
            </p>
          )}
        </>
      )}
    </div>
  );
}
