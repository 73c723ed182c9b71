import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '@shared/reviews/reviews.schema';
import { api } from '@/lib/api-client';
import { reviewKeys } from '@/lib/query-keys/reviews';

/** GET /api/review/{email}: the reviews written by that customer (self or admin). */
export const getMyReviews = (email: string) => api<Review[]>(`/review/${encodeURIComponent(email)}`);

export const myReviewsQueryOptions = (email: string) =>
  queryOptions({
    queryKey: reviewKeys.mine(email),
    queryFn: () => getMyReviews(email),
    enabled: !!email,
  });

export const useMyReviews = (email: string | undefined) => useQuery(myReviewsQueryOptions(email ?? ''));
