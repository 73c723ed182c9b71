import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/openapi';
import { AppError } from '../../infra/errors';
import { withDatabaseTimeout } from '../../infra/db-unavailable';

/** A load balancer's check must answer quickly even when the database hangs: slow counts as not ready. */
const READY_TIMEOUT_MS = 1_000;

const statusSchema = z.object({ status: z.literal('ok') });
const readySchema = statusSchema.extend({
  /** How cache changes reach the other instances: `redis`, `postgres` (also while Redis is down), or `local`. */
  cacheBus: z.enum(['local', 'postgres', 'redis']),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { schema: { tags: ['health'], summary: 'The process is alive', response: { 200: statusSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'The database answers',
        response: { 200: readySchema, ...errorResponses(503) },
      },
    },
    async (req) => {
      try {
        await withDatabaseTimeout(app.database.ping(), READY_TIMEOUT_MS);
      } catch (err) {
        req.log.warn({ err }, 'readiness check failed');
        throw new AppError('unavailable', 'Database is not reachable');
      }
      // Ready without Redis: the shop serves, with announcements over PostgreSQL until Redis is back.
      const { bus } = app.readCache;
      return {
        status: 'ok' as const,
        cacheBus: bus === 'redis' && !app.readCache.busUp() ? 'postgres' : bus,
      };
    },
  );
};
