import { ErrorState } from '@/components/ui/error-state';
import { formatDate } from '@/lib/format';
import { useProductReviews } from '../api/get-product-reviews';
import { Stars } from './stars';

/** The product page's reviews: the average and every review (name, stars, message; never emails). */
export function ProductReviews({ productId }: { productId: string }) {
  const reviews = useProductReviews(productId);

  return (
    <section aria-labelledby="reviews-heading" className="mt-12">
      <h2 id="reviews-heading" className="text-2xl font-bold tracking-tight">
        Reviews
      </h2>
      {reviews.isPending && (
        <div role="status" className="mt-4 space-y-3">
          <span className="sr-only">Loading reviews…</span>
          {Array.from({ length: 2 }, (_, i) => (
            <div key={i} aria-hidden="true" className="skeleton h-20 w-full" />
          ))}
        </div>
      )}
      {reviews.isError && (
        <ErrorState
          message={`We could not load the reviews. ${reviews.error.message}`}
          onRetry={() => void reviews.refetch()}
        />
      )}
      {reviews.data && reviews.data.count === 0 && (
        <p className="mt-4 text-base-content/75">
          No reviews yet. Customers can review this product once their order is delivered.
        </p>
      )}
      {reviews.data && reviews.data.count > 0 && (
        <>
          {reviews.data.average !== null && (
            <p className="mt-3 flex flex-wrap items-center gap-2">
              <Stars rating={reviews.data.average} />
              <span className="font-semibold">{reviews.data.average.toFixed(1)} out of 5</span>
              <span className="text-base-content/75">
                ({reviews.data.count} {reviews.data.count === 1 ? 'review' : 'reviews'})
              </span>
            </p>
          )}
          <ul className="mt-6 grid gap-4 md:grid-cols-2">
            {reviews.data.reviews.map((r) => (
              <li key={r._id} className="rounded-box border border-base-300 bg-base-100 p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold">{r.name}</p>
                  <Stars rating={r.rating} />
                </div>
                <p className="mt-2 whitespace-pre-line">{r.reviewMessage}</p>
                <p className="mt-2 text-sm text-base-content/75">
                  <time dateTime={r.createdAt}>{formatDate(r.createdAt)}</time>
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
