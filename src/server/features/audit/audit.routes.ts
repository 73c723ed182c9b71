import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '@shared/audit/audit.schema';
import { errorResponses } from '../../http/openapi';
import { listAudit } from './audit.service';

/** Read-only on purpose: no route edits or deletes audit entries. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['audit'],
        summary: 'Admin actions, newest first, optionally of one kind (admin)',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => listAudit(app.database.db, req.query),
  );
};
