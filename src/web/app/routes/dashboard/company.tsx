import { useParams, useSearchParams } from 'react-router';
import { useSession } from '@/features/accounts/api/get-session';
import { ApprovalsList, ApprovalView } from '@/features/checkout/components/approvals';
import { useMyCompany } from '@/features/companies/api/companies';
import { CompanyPage } from '@/features/companies/components/company-page';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { JoinCompany } from '@/features/companies/components/join-company';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /dashboard/company: the customer's trade account. */
export function Component() {
  useDocumentTitle('Company');
  const user = useSession().data?.user;
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Company</h1>
      <CompanyPage
        myId={user?.id ?? ''}
        verified={user?.emailVerified !== false}
        approvals={(company) => <ApprovalsList companyId={company._id} />}
      />
    </section>
  );
}

/** /dashboard/company/join?token=…: a mailed invitation. */
export function Join() {
  useDocumentTitle('Join a company');
  const [params] = useSearchParams();
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Join a company</h1>
      <JoinCompany token={params.get('token') ?? ''} />
    </section>
  );
}

/** /dashboard/company/approvals/{id}: a checkout over a buyer's spending limit, for the company's approvers. */
export function Approval() {
  useDocumentTitle('Approval');
  const { id = '' } = useParams();
  const myId = useSession().data?.user.id ?? '';
  const mine = useMyCompany();
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Approve a checkout</h1>
      {mine.isPending ? (
        <Spinner label="Loading your company" />
      ) : mine.isError ? (
        <ErrorState message="Could not load your company." onRetry={() => void mine.refetch()} />
      ) : !mine.data.company ? (
        <p>You are not a member of a company, so there is nothing to approve here.</p>
      ) : (
        <ApprovalView
          companyId={mine.data.company._id}
          id={id}
          myId={myId}
          canDecide={mine.data.company.myRoles.includes('approver')}
        />
      )}
    </section>
  );
}
