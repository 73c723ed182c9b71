import { CatalogueCsvPanel } from '@/features/catalogue/components/catalogue-csv-panel';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /dashboard/catalogue-data (admin): the whole catalogue out and in as CSV. */
export function Component() {
  useDocumentTitle('Catalogue Data');
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Catalogue Data</h1>
      <p className="mt-2 text-base-content/75">
        Export the catalogue to a spreadsheet, or import products from one.
      </p>
      <CatalogueCsvPanel />
    </section>
  );
}
