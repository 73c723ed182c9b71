import { useState } from 'react';
import { NET_DAYS, type AccountSummary } from '@shared/credit/credit.schema';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { ErrorText } from '@/components/ui/error-text';
import { SelectField } from '@/components/ui/field';
import { MoneyField } from '@/components/ui/money-field';
import { Spinner } from '@/components/ui/spinner';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useAccount, useRemoveTerms, useSetTerms } from '../api/credit';
import { Statement } from './statement';
import { centsToDollarText } from '@shared/common/money';
import { parseDollars } from '@shared/common/money-parse';

const messageOf = (err: unknown) =>
  err instanceof ApiError ? err.message : 'Something went wrong. Please try again.';

/** The terms form: Net days and the credit limit in dollars (sent in cents). */
function TermsForm({ companyId, account }: { companyId: string; account: AccountSummary }) {
  const save = useSetTerms(companyId);
  const [netDays, setNetDays] = useState(String(account.terms?.netDays ?? 30));
  const [limit, setLimit] = useState(account.terms ? centsToDollarText(account.terms.creditLimitCents) : '');
  const [limitError, setLimitError] = useState<string>();
  const failure = save.error instanceof ApiError ? save.error : undefined;
  const fieldError = (f: string) => (failure?.field === f ? failure.message : undefined);
  return (
    <form
      aria-label="Terms and credit limit"
      className="mt-4 grid items-end gap-3 sm:grid-cols-[auto_1fr_auto]"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = parseDollars(limit);
        setLimitError(parsed.ok ? undefined : `Credit limit ${parsed.error}`);
        if (!parsed.ok) return;
        save.mutate(
          { netDays: Number(netDays) as 15 | 30 | 60, creditLimitCents: parsed.cents },
          { onSuccess: () => void notify('success', 'Terms saved.') },
        );
      }}
    >
      <SelectField
        label="Payment terms"
        value={netDays}
        onChange={(e) => setNetDays(e.target.value)}
        error={fieldError('netDays')}
      >
        {NET_DAYS.map((d) => (
          <option key={d} value={d}>
            Net {d}
          </option>
        ))}
      </SelectField>
      <MoneyField
        label="Credit limit ($)"
        value={limit}
        onChange={setLimit}
        error={limitError ?? fieldError('creditLimitCents')}
        required
      />
      <SubmitButton busy={save.isPending}>{account.terms ? 'Save the terms' : 'Grant terms'}</SubmitButton>
      {save.error && !failure?.field && <ErrorText error={messageOf(save.error)} alert />}
    </form>
  );
}

/**
 * The admin's company detail, account part (docs/decisions/041-paying-on-account.md): grant, change or withdraw the
 * terms and credit limit (audited on the server), see the account and its statement, record bank transfers.
 */
export function AccountAdmin({ companyId }: { companyId: string }) {
  const account = useAccount(companyId);
  const remove = useRemoveTerms(companyId);
  const [confirm, setConfirm] = useState(false);
  return (
    <section
      aria-labelledby="company-terms"
      className="mt-8 rounded-box border border-base-300 bg-base-100 p-4"
    >
      <h2 id="company-terms" className="text-xl font-semibold">
        Terms and credit
      </h2>
      {account.isPending ? (
        <Spinner label="Loading the account" />
      ) : account.isError ? (
        <ErrorState message={account.error.message} onRetry={() => void account.refetch()} />
      ) : (
        <>
          <p className="mt-2 text-base-content/75">
            {account.data.terms
              ? 'Company admins and buyers can pay checkouts on account within the available credit.'
              : 'No terms: the company pays by card.'}
          </p>
          <TermsForm key={JSON.stringify(account.data.terms)} companyId={companyId} account={account.data} />
          {account.data.terms && (
            <button
              type="button"
              className="btn btn-sm btn-error btn-outline mt-3"
              onClick={() => setConfirm(true)}
            >
              Withdraw the terms
            </button>
          )}
          {confirm && (
            <ConfirmDialog
              title="Withdraw the terms?"
              confirmLabel="Withdraw"
              busy={remove.isPending}
              error={remove.error ? messageOf(remove.error) : undefined}
              onClose={() => setConfirm(false)}
              onConfirm={() => remove.mutate(undefined, { onSuccess: () => setConfirm(false) })}
            >
              The company&apos;s buyers can no longer pay on account; what it owes stays on its statement.
            </ConfirmDialog>
          )}
          <h3 className="mt-6 text-lg font-semibold">Statement</h3>
          <Statement companyId={companyId} mode="admin" />
        </>
      )}
    </section>
  );
}
