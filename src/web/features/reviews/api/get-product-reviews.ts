import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductReviews } from '@shared/reviews/reviews.schema';
import { api } from '@/lib/api-client';
import { reviewKeys } from '@/lib/query-keys/reviews';

/** GET /api/product/{id}/reviews (public): the average rating and the reviews, never with emails. */
export const getProductReviews = (productId: string) =>
  api<ProductReviews>(`/product/${encodeURIComponent(productId)}/reviews`);

export const productReviewsQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: reviewKeys.ofProduct(productId),
    queryFn: () => getProductReviews(productId),
    enabled: !!productId,
  });

export const useProductReviews = (productId: string) => useQuery(productReviewsQueryOptions(productId));
