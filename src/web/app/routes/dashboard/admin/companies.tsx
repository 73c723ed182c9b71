import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { ApprovalsList } from '@/features/checkout/components/approvals';
import { CompaniesAdmin, CompanyAdmin } from '@/features/companies/components/companies-admin';
import { AccountAdmin } from '@/features/credit/components/terms-admin';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /dashboard/companies (admin). */
export function Component() {
  useDocumentTitle('Companies');
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Companies</h1>
      <CompaniesAdmin />
    </section>
  );
}

/** /dashboard/companies/{id} (admin). */
export function Detail() {
  useDocumentTitle('Company');
  const { id = '' } = useParams();
  return (
    <section>
      <CompanyAdmin id={id} approvals={<ApprovalsList companyId={id} />} />
      <Link to={paths.companyProcurement(id)} className="link link-primary mt-6 inline-block">
        Procurement: punchout connections and documents
      </Link>
      <AccountAdmin companyId={id} />
    </section>
  );
}
