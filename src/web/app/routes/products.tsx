import { useProducts } from '@/features/catalogue/api/get-products';
import { ProductGrid } from '@/features/catalogue/components/product-grid';
import { useDocumentTitle } from '@/lib/use-document-title';

export function Component() {
  useDocumentTitle('Our products');
  const products = useProducts();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-2 text-3xl font-bold tracking-tight sm:text-4xl">Our products</h1>
      <p className="mb-8 text-base-content/75">
        Every tool and compressor we stock. Prices are per unit in US dollars; some items have a minimum order
        quantity.
      </p>
      <ProductGrid query={products} skeletons={9} headingLevel={2} />
    </div>
  );
}
