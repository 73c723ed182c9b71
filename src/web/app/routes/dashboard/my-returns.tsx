import { MyReturns } from '@/features/returns/components/admin-returns';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /dashboard/my-returns: the buyer's returns and where each stands. */
export function Component() {
  useDocumentTitle('My Returns');
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">My Returns</h1>
      <p className="mt-2 text-base-content/75">
        What you asked to send back, its RMA number and instructions once approved, and its refund. Start a
        return from a shipped order's page with "Return items".
      </p>
      <MyReturns />
    </section>
  );
}
