import { ManageQuotesList } from '@/features/quotes/components/manage-quotes';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /dashboard/manage-quotes (admins): answer requests for quote with prices, or decline them. */
export function Component() {
  useDocumentTitle('Manage Quotes');
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Manage Quotes</h1>
      <p className="mt-2 text-base-content/75">
        Answer each request with a unit price per line and a date the offer stands until, or decline it with a
        reason.
      </p>
      <ManageQuotesList />
    </section>
  );
}
