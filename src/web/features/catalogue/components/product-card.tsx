import { useContext, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryClientContext } from '@tanstack/react-query';
import type { Product } from '@shared/catalogue/catalogue.schema';
import { productPath } from '@shared/catalogue/product-slug';
import { CARD_IMAGE_SIZES, responsiveImage } from '@shared/media/responsive-image';
import { paths } from '@/config/paths';
import { MemberPrice } from '@/components/ui/member-price';
import { dollarsToCents, formatCents } from '@shared/common/money';
import { formatCount } from '@/lib/format';
import { preloadProductPage } from '@/lib/page-preload';
import { accountKeys } from '@/lib/query-keys/accounts';
import { shopInfo } from '@/lib/shop-info';

/**
 * Gets the product page ready while the pointer rests on (or a finger touches) a link to it: its chunk, and the
 * product itself when the visitor may read it (signed in, or product pages public). Once per card.
 */
function useProductPageWarmUp(id: string) {
  const client = useContext(QueryClientContext);
  const warmed = useRef(false);
  return () => {
    if (warmed.current) return;
    warmed.current = true;
    preloadProductPage();
    if (client && (shopInfo().publicProductPages || client.getQueryData(accountKeys.session))) {
      // Loaded on demand: the product call is not part of the first page's JavaScript.
      void import('../api/get-product').then((m) => client.prefetchQuery(m.productQueryOptions(id)));
    }
  };
}

export function ProductCard({
  product,
  eager = false,
  headingLevel = 3,
  details,
  action,
}: {
  /** Cards of the catalogue and the home page carry their pack size and "from" price; other lists do not. */
  product: Product & { packSize?: number; fromPriceCents?: number; contractPriceCents?: number | null };
  /** The first cards are above the fold: load them at once, the very first with high priority (LCP). */
  eager?: boolean | 'high';
  headingLevel?: 2 | 3;
  /** More facts under the price (the catalogue's SKU and key specs). */
  details?: ReactNode;
  /** Another action beside Order Now (the page's Add to cart). */
  action?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // The spec's price is dollars (docs/spec.md): to cents once, at the edge, to compare and format with the rest.
  const priceCents = dollarsToCents(product.price);
  const headingId = `product-${product._id}`;
  const warmUp = useProductPageWarmUp(product._id);
  const intent = { onPointerEnter: warmUp, onTouchStart: warmUp, onFocus: warmUp };
  return (
    <article
      aria-labelledby={headingId}
      // A phone shows a wider, lower picture and tighter padding: a whole card fits the first screen (issue 39).
      className="card border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md max-sm:[--card-p:1rem]"
    >
      {/* Image and title are one link to the product page, named by the title alone; the card's buttons stay
          outside it, since interactive elements may not nest. */}
      <Link
        to={productPath(product._id, product.name)}
        aria-labelledby={headingId}
        {...intent}
        className="group flex flex-col rounded-t-box focus-visible:outline-offset-[-4px]"
      >
        <figure className="aspect-[16/9] bg-base-200 sm:aspect-[4/3]">
          <img
            src={product.img}
            {...responsiveImage(product.img, CARD_IMAGE_SIZES)}
            alt={product.name}
            width={800}
            height={600}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager === 'high' ? 'high' : 'auto'}
            decoding="async"
            className="h-full w-full object-cover"
          />
        </figure>
        <Heading
          id={headingId}
          className="card-title px-[var(--card-p,1.5rem)] pt-[var(--card-p,1.5rem)] text-lg leading-snug group-hover:underline"
        >
          {product.name}
        </Heading>
      </Link>
      <div className="card-body gap-3 pt-3">
        <MemberPrice
          className="text-2xl font-bold text-primary"
          priceCents={priceCents}
          contractPriceCents={product.contractPriceCents}
        />
        {product.fromPriceCents !== undefined && product.fromPriceCents < priceCents && (
          <p>from {formatCents(product.fromPriceCents)}</p>
        )}
        {product.packSize! > 1 && <p>Packs of {product.packSize}</p>}
        {details}
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div>
            <dt className="text-base-content/75">Quantity</dt>
            <dd className="font-semibold">{formatCount(product.quantity)} in stock</dd>
          </div>
          <div>
            <dt className="text-base-content/75">Minimum order</dt>
            <dd className="font-semibold">{formatCount(product.minOrder)}</dd>
          </div>
        </dl>
        <div className="card-actions mt-auto">
          <Link
            to={paths.product(product._id)}
            {...intent}
            className="btn btn-primary btn-block"
            aria-label={`Order Now: ${product.name}`}
          >
            Order Now
          </Link>
          {action}
        </div>
      </div>
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="card border border-base-300" aria-hidden="true">
      <div className="skeleton aspect-[16/9] rounded-b-none sm:aspect-[4/3]" />
      <div className="card-body gap-3">
        <div className="skeleton h-6 w-3/4" />
        <div className="skeleton h-8 w-1/3" />
        <div className="skeleton h-10 w-full" />
      </div>
    </div>
  );
}
