import { avg, count, desc, eq } from 'drizzle-orm';
import type { ProductReviews, Review, ReviewCreate } from '@shared/reviews/reviews.schema';
import { reviews } from '../../db/schema';
import type { SessionUser } from '../../http/auth-guard';
import type { Db } from '../../infra/db';
import { userIdByEmail } from '../accounts/accounts.service';
import { reviewOrder } from '../orders/index';

type ReviewRow = typeof reviews.$inferSelect;

const toReview = (r: ReviewRow): Review => ({
  _id: r.id,
  orderId: r.orderId,
  productId: r.productId,
  name: r.name,
  email: r.email,
  productName: r.productName,
  reviewMessage: r.message,
  rating: r.rating,
  createdAt: r.createdAt.toISOString(),
});

/**
 * A review is accepted only for the caller's own Delivered order of that product, once per order (orders decides
 * which order and keeps count). Name and email come from the session, not the body.
 */
export async function createReview(db: Db, author: SessionUser, input: ReviewCreate): Promise<string> {
  const target = { orderId: input.orderId, productName: input.productName };
  return reviewOrder(db, author.id, target, async (tx, order) => {
    const [row] = await tx
      .insert(reviews)
      .values({
        orderId: order.id,
        userId: author.id,
        productId: order.productId,
        productName: order.productName,
        name: author.name,
        email: author.email,
        rating: input.rating,
        message: input.reviewMessage,
      })
      .returning({ id: reviews.id });
    return row!.id;
  });
}

export async function listReviewsOf(db: Db, email: string): Promise<Review[]> {
  const ownerId = await userIdByEmail(db, email);
  if (!ownerId) return [];
  const rows = await db
    .select()
    .from(reviews)
    .where(eq(reviews.userId, ownerId))
    .orderBy(desc(reviews.createdAt));
  return rows.map(toReview);
}

/** What the product page shows: the average and the newest reviews, never the reviewers' emails. */
export async function productReviews(db: Db, productId: string, limit = 50): Promise<ProductReviews> {
  const [stats] = await db
    .select({ average: avg(reviews.rating), count: count() })
    .from(reviews)
    .where(eq(reviews.productId, productId));
  const rows = await db
    .select()
    .from(reviews)
    .where(eq(reviews.productId, productId))
    .orderBy(desc(reviews.createdAt))
    .limit(limit);
  return {
    average: stats?.average == null ? null : Math.round(Number(stats.average) * 10) / 10,
    count: stats?.count ?? 0,
    reviews: rows.map((r) => ({
      _id: r.id,
      name: r.name,
      rating: r.rating,
      reviewMessage: r.message,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
