import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailParamsSchema } from '@shared/accounts/accounts.schema';
import { idParamsSchema } from '@shared/common/common.schema';
import {
  productReviewsSchema,
  reviewCreatedSchema,
  reviewCreateSchema,
  reviewListSchema,
} from '@shared/reviews/reviews.schema';
import { errorResponses } from '../../http/openapi';
import { currentUser } from '../../http/auth-guard';
import { createReview, listReviewsOf, productReviews } from './reviews.service';

const tags = ['reviews'];

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.post(
    '/review',
    {
      // A review changes a product page's rating (its structured data, decision 048): rendered pages drop it.
      config: { auth: 'user', invalidates: ['catalogue'] },
      schema: {
        tags,
        summary: "Review a product of the caller's own delivered order (once per order)",
        body: reviewCreateSchema,
        response: { 200: reviewCreatedSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (req) => ({
      acknowledged: true as const,
      insertedId: await createReview(db, currentUser(req), req.body),
    }),
  );

  app.get(
    '/review/:email',
    {
      config: { auth: 'user', selfOrAdmin: 'email' },
      schema: {
        tags,
        summary: "A customer's reviews (self or admin)",
        params: emailParamsSchema,
        response: { 200: reviewListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => listReviewsOf(db, req.params.email),
  );

  app.get(
    '/product/:id/reviews',
    {
      schema: {
        tags,
        summary: "A product's reviews and average rating (public; no emails)",
        params: idParamsSchema,
        response: { 200: productReviewsSchema, ...errorResponses(400) },
      },
    },
    async (req) => productReviews(db, req.params.id),
  );
};
