import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { ProcurementAdmin } from '@/features/procurement/components/procurement-admin';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /dashboard/companies/{id}/procurement (admin): punchout connections and documents. */
export function Component() {
  useDocumentTitle('Procurement');
  const { id = '' } = useParams();
  return (
    <section>
      <Link to={paths.companyAdmin(id)} className="link link-primary">
        Back to the company
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">Procurement</h1>
      <ProcurementAdmin companyId={id} />
    </section>
  );
}
