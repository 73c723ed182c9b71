import { useState } from 'react';
import { approvalWindowBounds, type CompanyView, type Member } from '@shared/companies/companies.schema';
import { FormError } from '@/components/ui/error-text';
import { TextField } from '@/components/ui/field';
import { MoneyField } from '@/components/ui/money-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useSetApprovalSettings, useSetLimits } from '../api/companies';
import { centsToDollars, centsToDollarText, formatCents } from '@shared/common/money';
import { parseDollars } from '@shared/common/money-parse';
import { useSubmit } from './company-parts';

/** A member's spending limits in words. */
export const limitsText = (m: Member) =>
  m.orderLimitCents === null && m.monthlyLimitCents === null
    ? 'No spending limits'
    : `Spending limits: ${m.orderLimitCents === null ? 'none' : formatCents(m.orderLimitCents)} per order, ${m.monthlyLimitCents === null ? 'none' : formatCents(m.monthlyLimitCents)} per month`;

/** A limit as typed: blank is no limit; anything but an amount is refused beside its field, before any call. */
function asLimit(text: string, field: string): number | null {
  if (text.trim() === '') return null;
  // Typed in dollars, parsed by string arithmetic; the API's limits are dollars (its edge converts them to cents).
  // A negative amount goes to the server, whose refusal names the field.
  const parsed = parseDollars(text, { allowNegative: true });
  if (!parsed.ok) throw new ApiError(400, 'bad_request', `${parsed.error}, or blank for no limit`, field);
  return centsToDollars(parsed.cents);
}

/**
 * A company admin sets a member's spending limits (blank = no limit): a checkout over one waits for an approver
 * (docs/decisions/040-approvals-and-limits.md). The server checks the amounts and names the field it refuses.
 */
export function EditLimits({ companyId, member }: { companyId: string; member: Member }) {
  const setLimits = useSetLimits(companyId);
  const [open, setOpen] = useState(false);
  const [orderLimit, setOrderLimit] = useState('');
  const [monthlyLimit, setMonthlyLimit] = useState('');
  const s = useSubmit();
  if (!open)
    return (
      <button
        type="button"
        className="btn btn-sm"
        onClick={() => {
          setOrderLimit(member.orderLimitCents === null ? '' : centsToDollarText(member.orderLimitCents));
          setMonthlyLimit(
            member.monthlyLimitCents === null ? '' : centsToDollarText(member.monthlyLimitCents),
          );
          setOpen(true);
        }}
      >
        Edit limits of {member.name}
      </button>
    );
  return (
    <form
      noValidate
      aria-label={`Spending limits of ${member.name}`}
      className="flex w-full flex-col gap-2 rounded-box border border-base-300 p-3"
      onSubmit={s.run(async () => {
        await setLimits.mutateAsync({
          userId: member.userId,
          limits: {
            orderLimit: asLimit(orderLimit, 'orderLimit'),
            monthlyLimit: asLimit(monthlyLimit, 'monthlyLimit'),
          },
        });
        setOpen(false);
        void notify('success', `Limits of ${member.name} saved`);
      })}
    >
      <p className="text-sm text-base-content/75">
        In dollars; leave blank for no limit. A checkout above a limit waits for an approver.
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        <MoneyField
          label="Limit per order ($)"
          value={orderLimit}
          onChange={setOrderLimit}
          error={s.fieldError('orderLimit')}
        />
        <MoneyField
          label="Limit per calendar month ($)"
          value={monthlyLimit}
          onChange={setMonthlyLimit}
          error={s.fieldError('monthlyLimit')}
        />
      </div>
      <FormError message={s.error && !s.error.field ? s.error.message : undefined} />
      <div className="flex gap-2">
        <SubmitButton busy={s.busy}>Save limits</SubmitButton>
        <button type="button" className="btn" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * How many working days a checkout over a limit may wait for an approver (docs/decisions/054-approval-window.md):
 * everyone in the company reads it; a company admin changes it (1–30; the server names the field it refuses).
 */
export function ApprovalWindow({ company }: { company: CompanyView }) {
  const save = useSetApprovalSettings(company._id);
  const [days, setDays] = useState(String(company.approvalWindowDays));
  const s = useSubmit();
  const isAdmin = company.myRoles.includes('admin');
  const { min, max } = approvalWindowBounds;
  return (
    <section aria-labelledby="approval-window" className="mt-6">
      <h2 id="approval-window" className="text-lg font-semibold">
        Approval window
      </h2>
      <p className="mt-1 text-sm text-base-content/75">
        A checkout over a spending limit waits {company.approvalWindowDays}{' '}
        {company.approvalWindowDays === 1 ? 'working day' : 'working days'} (Monday to Friday) for an
        approver, its stock held; approvers are reminded each working day. After that it expires and the stock
        is released.
      </p>
      {isAdmin && (
        <form
          noValidate
          aria-label="Approval window"
          className="mt-2 flex flex-wrap items-end gap-2"
          onSubmit={s.run(async () => {
            const n = Number(days);
            if (days.trim() === '' || !Number.isInteger(n))
              throw new ApiError(
                400,
                'bad_request',
                'must be a whole number of working days',
                'approvalWindowDays',
              );
            await save.mutateAsync({ approvalWindowDays: n });
            void notify('success', 'Approval window saved');
          })}
        >
          <TextField
            label={`Working days to approve (${min}–${max})`}
            inputMode="numeric"
            value={days}
            onChange={(e) => setDays(e.target.value)}
            error={s.fieldError('approvalWindowDays')}
          />
          <SubmitButton busy={s.busy}>Save approval window</SubmitButton>
          <FormError message={s.error && !s.error.field ? s.error.message : undefined} />
        </form>
      )}
    </section>
  );
}
