import type { UseQueryResult } from '@tanstack/react-query';
import type { Product } from '@shared/catalogue/catalogue.schema';
import { ErrorState } from '@/components/ui/error-state';
import { ProductCard, ProductCardSkeleton } from './product-card';

const gridClass = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

/** A grid of product cards with its loading, error and empty states. */
export function ProductGrid({
  query,
  skeletons = 6,
  headingLevel = 3,
}: {
  query: UseQueryResult<Product[]>;
  skeletons?: number;
  /** 2 when the grid is the page's main content under its h1, 3 inside a section. */
  headingLevel?: 2 | 3;
}) {
  if (query.isPending) {
    return (
      <div className={gridClass} role="status" aria-label="Loading products">
        {Array.from({ length: skeletons }, (_, i) => (
          <ProductCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        message={`We could not load the products. ${query.error.message}`}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.length === 0) {
    return (
      <p className="py-10 text-center text-base-content/75">
        No products are available right now. Please check back soon.
      </p>
    );
  }
  return (
    <ul className={gridClass}>
      {query.data.map((p, i) => (
        <li key={p._id} className="flex">
          <div className="flex w-full [&>article]:w-full">
            <ProductCard product={p} eager={i === 0 ? 'high' : i < 3} headingLevel={headingLevel} />
          </div>
        </li>
      ))}
    </ul>
  );
}
