import {
  exemptionRejectReasonSchema,
  exemptionStatuses,
  type TaxExemption,
} from '@shared/tax/tax-exemptions.schema';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { SelectField } from '@/components/ui/field';
import { PagedList } from '@/components/ui/paged-list';
import { useConfirmTarget } from '@/components/ui/use-confirmed-action';
import { sentence } from '@/lib/form-errors';
import { oneOf, useListState } from '@/lib/use-list-state';
import { useDecideExemption, useExemptions } from '../api/tax-exemptions';
import { ExemptionFacts, exemptionStatusLabel, StateList } from './exemption-parts';

const limit = 10;

type Decision = { exemption: TaxExemption; decision: 'approve' | 'reject' };

/** The approval's confirmation, or the rejection's with the reason the customer will read. */
function DecisionDialog({
  target,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  target: Decision;
  busy: boolean;
  error: string;
  onConfirm: (reason?: string) => void;
  onClose: () => void;
}) {
  const { exemption, decision } = target;
  if (decision === 'approve')
    return (
      <ConfirmDialog
        title="Approve this certificate?"
        confirmLabel="Approve certificate"
        busy={busy}
        error={error}
        onClose={onClose}
        onConfirm={() => onConfirm()}
      >
        <p>
          {exemption.name}'s orders shipped to <StateList states={exemption.states} /> will not be charged
          sales tax until the certificate expires. {exemption.name} ({exemption.email}) is mailed.
        </p>
      </ConfirmDialog>
    );
  return (
    <ReasonDialog
      title="Reject this certificate?"
      confirmLabel="Reject certificate"
      cancelLabel="Keep pending"
      busy={busy}
      error={error}
      onClose={onClose}
      onConfirm={onConfirm}
      check={(reason) => {
        const parsed = exemptionRejectReasonSchema.safeParse(reason);
        return parsed.success
          ? { ok: true, text: parsed.data }
          : { ok: false, message: sentence(parsed.error.issues[0]?.message ?? 'is required') };
      }}
    >
      {exemption.name} ({exemption.email}) will be mailed that certificate {exemption.number} was rejected,
      with your reason.
    </ReasonDialog>
  );
}

/** Tax exemptions (admins): the certificates to review (pending ones by default), approved or rejected here. */
export function ManageExemptionsList() {
  const list = useListState({ status: 'pending' });
  const status = oneOf(exemptionStatuses, list.values.status);
  const exemptions = useExemptions({ limit: String(limit), status, cursor: list.cursor });
  const decide = useDecideExemption();
  const deciding = useConfirmTarget<Decision>();
  return (
    <>
      <div className="mt-6 max-w-xs">
        <SelectField
          label="Status"
          value={status ?? 'all'}
          onChange={(e) => list.set({ status: e.currentTarget.value })}
        >
          {exemptionStatuses.map((s) => (
            <option key={s} value={s}>
              {exemptionStatusLabel(s)}
            </option>
          ))}
          <option value="all">All</option>
        </SelectField>
      </div>
      <PagedList
        query={exemptions}
        noun="certificates"
        limit={limit}
        list={list}
        skeleton={{ count: 3, className: 'h-32' }}
        empty={
          <p className="mt-6">
            No certificates{status ? ` are ${exemptionStatusLabel(status).toLowerCase()}` : ''}.
          </p>
        }
      >
        {(items) => (
          <ul className="mt-2 flex flex-col gap-4">
            {items.map((exemption) => (
              <li key={exemption._id}>
                <article className="rounded-box border border-base-300 bg-base-100 p-4">
                  <ExemptionFacts exemption={exemption} withCustomer />
                  {exemption.status === 'pending' && (
                    <div className="mt-3 flex flex-wrap gap-2">
                      <button
                        type="button"
                        className="btn btn-primary"
                        aria-label={`Approve certificate ${exemption.number}`}
                        onClick={() => deciding.ask({ exemption, decision: 'approve' })}
                      >
                        Approve
                      </button>
                      <button
                        type="button"
                        className="btn btn-outline btn-error"
                        aria-label={`Reject certificate ${exemption.number}`}
                        onClick={() => deciding.ask({ exemption, decision: 'reject' })}
                      >
                        Reject
                      </button>
                    </div>
                  )}
                </article>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      {deciding.target && (
        <DecisionDialog
          target={deciding.target}
          busy={deciding.busy}
          error={deciding.error}
          onClose={deciding.close}
          onConfirm={(reason) =>
            deciding.confirm(
              (t) => decide.mutateAsync({ id: t.exemption._id, ...(reason !== undefined && { reason }) }),
              reason === undefined ? 'Certificate approved' : 'Certificate rejected',
            )
          }
        />
      )}
    </>
  );
}
