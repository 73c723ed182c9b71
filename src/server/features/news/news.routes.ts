import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/common/common.schema';
import { newsItemSchema, newsListSchema } from '../../../shared/news/news.schema';
import { errorResponses } from '../../lib/openapi';
import { getNewsItem, listNews } from './news.service';

export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/news',
    {
      schema: {
        tags: ['news'],
        summary: 'All news articles, newest first',
        response: { 200: newsListSchema, ...errorResponses(500) },
      },
    },
    async () => listNews(app.database.db),
  );

  app.get(
    '/news/:id',
    {
      schema: {
        tags: ['news'],
        summary: 'One news article',
        params: idParamsSchema,
        response: { 200: newsItemSchema, ...errorResponses(400, 404, 500) },
      },
    },
    async (req) => getNewsItem(app.database.db, req.params.id),
  );
};
