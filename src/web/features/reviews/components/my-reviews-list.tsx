import { Link } from 'react-router';
import { QueryList } from '@/components/ui/query-list';
import { MessageSquareText } from 'lucide-react';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useMyReviews } from '../api/get-my-reviews';
import { Stars } from './stars';

/** My reviews: every review the customer has written. */
export function MyReviewsList({ email }: { email: string }) {
  const reviews = useMyReviews(email);

  return (
    <QueryList
      query={reviews}
      loadingLabel="Loading your reviews…"
      what="your reviews"
      skeleton={{ count: 3, className: 'h-28' }}
      empty={
        <div className="mt-6 flex flex-col items-start gap-4 rounded-box border border-dashed border-base-300 bg-base-100 p-6">
          <MessageSquareText aria-hidden="true" className="size-8 text-primary" />
          <p>You have not written any reviews yet. You can review a product once its order is delivered.</p>
          <Link to={paths.myOrders} className="btn btn-primary">
            My Orders
          </Link>
        </div>
      }
    >
      {(items) => (
        <ul className="mt-6 flex flex-col gap-4">
          {items.map((r) => (
            <li key={r._id}>
              <article
                aria-labelledby={`review-${r._id}`}
                className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-4"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h2 id={`review-${r._id}`} className="text-lg font-semibold">
                    {r.productName}
                  </h2>
                  <Stars rating={r.rating} />
                </div>
                <p className="whitespace-pre-line">{r.reviewMessage}</p>
                <p className="text-sm text-base-content/75">
                  <time dateTime={r.createdAt}>{formatDate(r.createdAt)}</time>
                </p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </QueryList>
  );
}
