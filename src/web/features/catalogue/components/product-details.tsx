import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PackageX } from 'lucide-react';
import { ErrorState } from '@/components/ui/error-state';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { MemberPrice } from '@/components/ui/member-price';
import { formatCount } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import type { PricedProduct } from '@shared/catalogue/catalogue.schema';
import { useProduct } from '../api/get-product';
import { useProductDetail } from '../api/get-product-detail';
import { ProductPricing } from './price-breaks';
import { ProductDocuments } from './product-documents';
import { dollarsToCents } from '@shared/common/money';
import { PRODUCT_IMAGE_SIZES, responsiveImage } from '@shared/media/responsive-image';
import { Breadcrumbs, RelatedProducts, SpecsTable } from './product-extras';

const backLink = (
  <Link to={paths.products} className="link link-hover mb-6 inline-flex items-center gap-1 text-sm">
    <span aria-hidden="true">←</span> All products
  </Link>
);

/**
 * The product page's body: the product, and the page's order action and reviews (other features, which the page
 * passes in) once the product has loaded.
 */
export function ProductDetails({
  id,
  orderAction,
  reviews,
}: {
  id: string;
  orderAction: (product: PricedProduct) => ReactNode;
  reviews: (product: PricedProduct) => ReactNode;
}) {
  const product = useProduct(id);
  // Breadcrumbs, specs and related products: public and cached, loaded beside the product itself.
  const detail = useProductDetail(id);
  const notFound =
    product.error instanceof ApiError && (product.error.status === 404 || product.error.status === 400);
  useDocumentTitle(product.data?.name ?? (notFound ? 'Product not found' : 'Product'));

  if (notFound)
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
        <PackageX aria-hidden="true" className="size-16 text-base-content/60" />
        <h1 className="text-3xl font-bold">Product not found</h1>
        <p className="text-base-content/75">This product does not exist or is no longer sold.</p>
        <Link to={paths.products} className="btn btn-primary">
          See all products
        </Link>
      </div>
    );

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      {product.data ? <Breadcrumbs detail={detail.data} name={product.data.name} /> : backLink}
      {product.isPending && (
        <div role="status" className="grid gap-8 md:grid-cols-2">
          <span className="sr-only">Loading the product…</span>
          <div aria-hidden="true" className="skeleton aspect-[4/3] w-full" />
          <div aria-hidden="true" className="space-y-4">
            <div className="skeleton h-10 w-3/4" />
            <div className="skeleton h-8 w-1/3" />
            <div className="skeleton h-16 w-full" />
            <div className="skeleton h-24 w-full" />
            <div className="skeleton h-12 w-40" />
          </div>
        </div>
      )}
      {product.isError && (
        <>
          <h1 className="text-3xl font-bold">Product</h1>
          <ErrorState
            message={`We could not load this product. ${product.error.message}`}
            onRetry={() => void product.refetch()}
          />
        </>
      )}
      {product.data && (
        <>
          <article className="grid gap-8 md:grid-cols-2">
            <figure className="overflow-hidden rounded-box border border-base-300 bg-base-200">
              <img
                src={product.data.img}
                {...responsiveImage(product.data.img, PRODUCT_IMAGE_SIZES)}
                alt={product.data.name}
                width={800}
                height={600}
                fetchPriority="high"
                className="aspect-[4/3] h-full w-full object-cover"
              />
            </figure>
            <div className="flex flex-col gap-4">
              <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{product.data.name}</h1>
              <MemberPrice
                className="text-3xl font-bold text-primary"
                priceCents={dollarsToCents(product.data.price)}
                contractPriceCents={product.data.contractPriceCents}
                suffix={<span className="ml-1 text-base font-normal text-base-content/75">per unit</span>}
              />
              <dl className="grid grid-cols-2 gap-3 rounded-box bg-base-200 p-4">
                <div>
                  <dt className="text-sm text-base-content/75">Quantity</dt>
                  <dd className="font-semibold">{formatCount(product.data.quantity)} in stock</dd>
                </div>
                <div>
                  <dt className="text-sm text-base-content/75">Minimum order</dt>
                  <dd className="font-semibold">{formatCount(product.data.minOrder)}</dd>
                </div>
              </dl>
              <ProductPricing
                price={product.data.price}
                packSize={product.data.packSize}
                priceBreaks={product.data.priceBreaks}
                minOrder={product.data.minOrder}
              />
              <p className="leading-relaxed whitespace-pre-line">{product.data.desc}</p>
              {orderAction(product.data)}
            </div>
          </article>
          {detail.data && <SpecsTable detail={detail.data} />}
          {/* Datasheets belong with the specifications, before reviews and related products. */}
          <ProductDocuments productId={id} />
          {reviews(product.data)}
          {detail.data && <RelatedProducts detail={detail.data} />}
        </>
      )}
    </div>
  );
}
