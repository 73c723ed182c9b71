import { AuditLog } from '@/features/audit/components/audit-log';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /dashboard/audit (admin): who changed what, read-only. */
export function Component() {
  useDocumentTitle('Audit Log');
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Audit Log</h1>
      <p className="mt-2 text-base-content/75">
        Every change admins made to products, orders, users and news. Entries cannot be edited or removed.
      </p>
      <AuditLog />
    </section>
  );
}
