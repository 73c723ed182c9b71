import { z } from 'zod';
import { idSchema } from '@shared/common/common.schema';
import { messages } from '@shared/messages';

export const RATINGS = [1, 2, 3, 4, 5] as const;

/**
 * POST /api/review: the historical field names. The server takes name and email from the session and requires the caller's own
 * Delivered, not yet reviewed order of that product (`orderId` picks one; otherwise the oldest such order).
 */
export const reviewCreateSchema = z.object({
  orderId: idSchema.optional(),
  productName: z.string().trim().min(1, { error: messages.reviewIncomplete }).max(200),
  reviewMessage: z
    .string()
    .trim()
    .min(1, { error: messages.reviewIncomplete })
    .max(2000, { error: 'must be at most 2000 characters' }),
  rating: z
    .number({ error: messages.reviewIncomplete })
    .int({ error: 'must be a whole number from 1 to 5' })
    .min(1)
    .max(5),
  name: z.string().optional(),
  email: z.string().optional(),
});
export type ReviewCreate = z.infer<typeof reviewCreateSchema>;

export const reviewSchema = z.object({
  _id: idSchema,
  orderId: idSchema,
  productId: idSchema,
  name: z.string(),
  email: z.string(),
  productName: z.string(),
  reviewMessage: z.string(),
  rating: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type Review = z.infer<typeof reviewSchema>;
export const reviewListSchema = z.array(reviewSchema);

/** GET /api/product/{id}/reviews: public, so it never includes emails. */
export const productReviewsSchema = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
  reviews: z.array(
    reviewSchema.pick({ _id: true, name: true, rating: true, reviewMessage: true, createdAt: true }),
  ),
});
export type ProductReviews = z.infer<typeof productReviewsSchema>;

export const reviewCreatedSchema = z.object({ acknowledged: z.literal(true), insertedId: idSchema });
