import { AddProductForm } from '@/features/catalogue/components/add-product-form';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /dashboard/add-product (admin). */
export function Component() {
  useDocumentTitle('Add A Product');
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Add A Product</h1>
      <p className="mt-2 text-base-content/75">
        A new tool for the catalogue. Every field is required; customers can order it at once.
      </p>
      <AddProductForm />
    </section>
  );
}
