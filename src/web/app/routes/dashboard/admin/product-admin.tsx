import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { useProduct } from '@/features/catalogue/api/get-product';
import { ProductDocumentsAdmin } from '@/features/catalogue/components/product-documents-admin';
import { StockHistory } from '@/features/inventory/components/stock-history';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /dashboard/manage-product/{id} (admin): one product's documents (catalogue) and stock history (inventory). */
export function Component() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  useDocumentTitle(product.data ? `${product.data.name} · Manage Products` : 'Manage Products');
  if (product.isPending) return <Spinner label="Loading the product" />;
  if (product.isError)
    return (
      <ErrorState
        message={`We could not load this product. ${product.error.message}`}
        onRetry={() => void product.refetch()}
      />
    );
  return (
    <section>
      <Link to={paths.manageProduct} className="link">
        ← Manage Products
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">{product.data.name}</h1>
      <p className="mt-1">
        <Link to={paths.product(id)} className="link link-primary">
          See its product page
        </Link>
      </p>
      <ProductDocumentsAdmin productId={id} />
      <section aria-labelledby="stock-heading" className="mt-8">
        <h2 id="stock-heading" className="text-xl font-semibold">
          Stock history
        </h2>
        <StockHistory productId={id} />
      </section>
    </section>
  );
}
