import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@shared/common/common.schema';
import { newsInputSchema, newsItemSchema, newsListSchema } from '@shared/news/news.schema';
import { acknowledgedSchema } from '@shared/accounts/accounts.schema';
import { currentUser } from '../../http/auth-guard';
import { errorResponses } from '../../http/openapi';
import { createNews, deleteNews, getNewsItem, listNews, updateNews } from './news.service';

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
    (req, reply) => app.readCache.reply(req, reply, 'news', 'news', () => listNews(app.database.db)),
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
    (req, reply) =>
      app.readCache.reply(req, reply, 'news', `news:${req.params.id}`, () =>
        getNewsItem(app.database.db, req.params.id),
      ),
  );

  app.post(
    '/news',
    {
      config: { auth: 'admin', invalidates: ['news'] },
      schema: {
        tags: ['news'],
        summary: 'Publish an article (admin)',
        body: newsInputSchema,
        response: { 200: newsItemSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => createNews(app.database.db, currentUser(req), req.body),
  );

  app.put(
    '/news/:id',
    {
      config: { auth: 'admin', invalidates: ['news'] },
      schema: {
        tags: ['news'],
        summary: 'Edit an article (admin)',
        params: idParamsSchema,
        body: newsInputSchema,
        response: { 200: newsItemSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => updateNews(app.database.db, currentUser(req), req.params.id, req.body),
  );

  app.delete(
    '/news/:id',
    {
      config: { auth: 'admin', invalidates: ['news'] },
      schema: {
        tags: ['news'],
        summary: 'Delete an article (admin)',
        params: idParamsSchema,
        response: { 200: acknowledgedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await deleteNews(app.database.db, currentUser(req), req.params.id);
      return { acknowledged: true as const };
    },
  );
};
