import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { companyMessages, type CompanyView } from '@shared/companies/companies.schema';
import { FormError } from '@/components/ui/error-text';
import { ErrorState } from '@/components/ui/error-state';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { VerifyFirst } from '@/components/ui/verify-first';
import { SubmitButton } from '@/components/ui/submit-button';
import { notify } from '@/lib/notify';
import { useCreateCompany, useMyCompany } from '../api/companies';
import { rolesText, useSubmit } from './company-parts';
import { History } from './company-history';
import { SharedLists } from './company-lists';
import { Locations } from './company-locations';
import { Members } from './company-members';
import { ApprovalWindow } from './member-limits';

/** A customer without a company creates one here (they become its company admin). */
export function CreateCompanyForm() {
  const create = useCreateCompany();
  const [name, setName] = useState('');
  const [taxId, setTaxId] = useState('');
  const s = useSubmit();
  return (
    <form
      noValidate
      onSubmit={s.run(async () => {
        await create.mutateAsync({ name, taxId });
        void notify('success', 'Company created');
      })}
      aria-labelledby="create-company-heading"
      className="mt-4 flex max-w-xl flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4"
    >
      <h2 id="create-company-heading" className="text-xl font-semibold">
        Create a company
      </h2>
      <p className="text-base-content/75">
        Buying for a business? Create its trade account, then invite your colleagues. Without a company you
        buy exactly as before.
      </p>
      <TextField
        label="Company name"
        value={name}
        maxLength={120}
        onChange={(e) => setName(e.target.value)}
        error={s.fieldError('name')}
      />
      <TextField
        label="Tax ID"
        value={taxId}
        maxLength={40}
        onChange={(e) => setTaxId(e.target.value)}
        error={s.fieldError('taxId')}
      />
      <FormError message={s.error && !s.error.field ? s.error.message : undefined} />
      <div>
        <SubmitButton busy={s.busy}>Create company</SubmitButton>
      </div>
    </form>
  );
}

/** /dashboard/company: the customer's company, or the form to create one. */
export function CompanyPage({
  myId,
  verified,
  approvals,
}: {
  myId: string;
  /** Whether the caller's address is verified: founding and inviting need it (403 otherwise). */
  verified: boolean;
  /** The company's open approvals (from the checkout feature), shown to approvers and company admins. */
  approvals?: (company: CompanyView) => ReactNode;
}) {
  const mine = useMyCompany();
  if (mine.isPending) return <Spinner label="Loading your company" />;
  if (mine.isError)
    return <ErrorState message="Could not load your company." onRetry={() => void mine.refetch()} />;
  const company = mine.data.company;
  if (!company)
    return verified ? <CreateCompanyForm /> : <VerifyFirst message={companyMessages.verifyToCreate} />;
  return (
    <>
      <p className="mt-2 text-base-content/75">
        <span className="font-semibold">{company.name}</span> (tax ID {company.taxId}) — you are{' '}
        {rolesText(company.myRoles)}.
      </p>
      {(company.myRoles.includes('admin') || company.myRoles.includes('buyer')) && (
        <p className="mt-2">
          <Link to={paths.companyStatement} className="link link-primary">
            Account statement
          </Link>{' '}
          — invoices bought on account, what is open and overdue, and paying them.
        </p>
      )}
      <Members company={company} myId={myId} verified={verified} />
      <ApprovalWindow company={company} />
      {(company.myRoles.includes('approver') || company.myRoles.includes('admin')) && approvals?.(company)}
      <Locations company={company} />
      <History company={company} />
      <SharedLists company={company} />
    </>
  );
}
