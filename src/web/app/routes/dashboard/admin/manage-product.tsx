import { ManageProductsTable } from '@/features/catalogue/components/manage-products-table';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /dashboard/manage-product (admin). */
export function Component() {
  useDocumentTitle('Manage Products');
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Manage Products</h1>
      <p className="mt-2 text-base-content/75">
        Every product of the catalogue. Edit its price, stock, minimum order, description or image, or delete
        it.
      </p>
      <ManageProductsTable />
    </section>
  );
}
