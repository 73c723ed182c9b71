import { CategoriesAdmin } from '@/features/catalogue/components/categories-admin';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /dashboard/categories (admin): the category tree. */
export function Component() {
  useDocumentTitle('Categories');
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Categories</h1>
      <p className="mt-2 text-base-content/75">
        Add categories, rename them or move them in the tree. A category can be deleted once it holds no
        products and no subcategories.
      </p>
      <CategoriesAdmin />
    </section>
  );
}
