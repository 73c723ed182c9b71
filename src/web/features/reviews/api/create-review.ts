import { useQueryClient } from '@tanstack/react-query';
import type { ReviewCreate } from '@shared/reviews/reviews.schema';
import { api } from '@/lib/api-client';
import { orderKeys } from '@/lib/query-keys/orders';
import { reviewKeys } from '@/lib/query-keys/reviews';

export interface ReviewCreated {
  acknowledged: true;
  insertedId: string;
}

/** POST /api/review: a review of a delivered order (409 when already reviewed or not delivered). */
export const createReview = (input: ReviewCreate) =>
  api<ReviewCreated>('/review', { method: 'POST', body: JSON.stringify(input) });

/** Posts the review, then refreshes the orders (now "Reviewed") and every review list. */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return async (input: ReviewCreate) => {
    const created = await createReview(input);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
      queryClient.invalidateQueries({ queryKey: reviewKeys.ofProduct() }),
    ]);
    return created;
  };
}
