import { AdminReturns } from '@/features/returns/components/admin-returns';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /dashboard/returns: the admins' returns (docs/decisions/065-returns.md). */
export function Component() {
  useDocumentTitle('Returns');
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Returns</h1>
      <p className="mt-2 text-base-content/75">
        Approve a request with instructions (it gets an RMA number) or reject it; record what came back,
        restocked or scrapped; then refund it, less the restocking fee, or replace a warranty failure. The
        buyer is emailed at each step.
      </p>
      <AdminReturns />
    </section>
  );
}
