import { MakeAdminTable } from '@/features/accounts/components/make-admin-table';
import { useDocumentTitle } from '@/lib/use-document-title';

export function Component() {
  useDocumentTitle('Make Admin');
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Make Admin</h1>
      <p className="mt-2 text-base-content/75">
        Every account of the shop. Admins manage orders, products and other users&apos; roles.
      </p>
      <MakeAdminTable />
    </section>
  );
}
