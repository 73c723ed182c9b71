import { useState } from 'react';
import type { Approval } from '@shared/checkout/approvals.schema';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormError } from '@/components/ui/error-text';
import { TextAreaField } from '@/components/ui/field';
import { formatDeadline } from '@shared/common/working-days';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useDecideApproval } from '../api/approvals';

/** Why there is nothing to decide any more: decided (by whom, with the comment), or past the window. */
export function Decided({ approval }: { approval: Approval }) {
  if (approval.status === 'expired')
    return (
      <p role="status" className="alert alert-warning alert-soft text-base-content">
        Approval took longer than the approval window; stock was released. The buyer must check out again.
      </p>
    );
  return (
    <div role="status" className="alert alert-soft flex flex-col items-start gap-1">
      <p className="font-semibold">
        {approval.status === 'approved' ? 'Approved' : 'Rejected'}
        {approval.decidedBy ? ` by ${approval.decidedBy.name}` : ''}
        {approval.decidedAt ? ` on ${formatDate(approval.decidedAt)}` : ''}.
      </p>
      {approval.comment && (
        <p>
          Comment: <q>{approval.comment}</q>
        </p>
      )}
    </div>
  );
}

/** Approve, or reject after confirming; the comment goes to the buyer either way. */
export function DecisionForm({ companyId, approval }: { companyId: string; approval: Approval }) {
  const decide = useDecideApproval(companyId, approval._id);
  const [comment, setComment] = useState('');
  const [confirmReject, setConfirmReject] = useState(false);
  const [error, setError] = useState<string>();
  const run = (decision: 'approve' | 'reject') => {
    setError(undefined);
    decide.mutate(
      { decision, comment },
      {
        onSuccess: () => {
          setConfirmReject(false);
          void notify('success', decision === 'approve' ? 'Checkout approved' : 'Checkout rejected');
        },
        onError: (e) =>
          setError(e instanceof ApiError ? e.message : 'Something went wrong. Please try again.'),
      },
    );
  };
  return (
    <form
      noValidate
      aria-labelledby="decision-heading"
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        run('approve');
      }}
    >
      <h2 id="decision-heading" className="text-lg font-semibold">
        Your decision
      </h2>
      <p className="text-sm text-base-content/75">
        Awaiting approval until{' '}
        <time dateTime={approval.expiresAt}>{formatDeadline(approval.expiresAt)}</time>: after that the
        checkout expires and its stock is released. Once approved, the buyer has the usual time to pay.
      </p>
      <TextAreaField
        label="Comment for the buyer (optional)"
        value={comment}
        maxLength={1000}
        rows={3}
        onChange={(e) => setComment(e.target.value)}
      />
      {!confirmReject && <FormError message={error} />}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={decide.isPending}>
          Approve
        </button>
        <button
          type="button"
          className="btn btn-outline btn-error"
          disabled={decide.isPending}
          onClick={() => {
            setError(undefined);
            setConfirmReject(true);
          }}
        >
          Reject
        </button>
      </div>
      {confirmReject && (
        <ConfirmDialog
          title="Reject this checkout?"
          confirmLabel="Reject"
          busy={decide.isPending}
          error={error}
          onClose={() => setConfirmReject(false)}
          onConfirm={() => run('reject')}
        >
          Its order is cancelled and its stock released; {approval.buyer.name} gets your comment by mail.
        </ConfirmDialog>
      )}
    </form>
  );
}
