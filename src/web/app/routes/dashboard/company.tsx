import { useSearchParams } from 'react-router';
import { useSession } from '@/features/accounts/api/get-session';
import { CompanyPage } from '@/features/companies/components/company-page';
import { JoinCompany } from '@/features/companies/components/join-company';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /dashboard/company: the customer's trade account. */
export function Component() {
  useDocumentTitle('Company');
  const myId = useSession().data?.user.id ?? '';
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Company</h1>
      <CompanyPage myId={myId} />
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
