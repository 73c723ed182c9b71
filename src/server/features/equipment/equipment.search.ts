import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@shared/common/common.schema';
import { searchQuerySchema, searchResultSchema } from '@shared/catalogue/search.schema';
import { errorResponses } from '../../http/openapi';
import { currentUser, type SessionUser } from '../../http/auth-guard';
import { fieldError } from '../../infra/errors';
import type { Db } from '../../infra/db';
import { searchCatalogue } from '../search/index';
import { FitCache } from './equipment.fit-cache';
import { machineOf, mineSql } from './equipment.machines';

/** `fits=all` (every machine of mine) or one machine's id. */
const fitsParam = z.union([z.literal('all'), idSchema]);

/** The products fitting one machine of the caller's or all of them (404 for a machine they cannot see). */
export async function fitsFilter(
  db: Db,
  caller: SessionUser,
  fits: string,
  cache: FitCache,
): Promise<string[]> {
  if (fits === 'all') {
    const mine = await db.execute<{ id: string }>(mineSql(caller));
    return cache.fitting(
      db,
      mine.rows.map((r) => r.id),
    );
  }
  await machineOf(db, caller, fits);
  return cache.fitting(db, [fits]);
}

/**
 * "Fits my equipment": the catalogue's own search (the in-process index, or PostgreSQL while it is not ready) with
 * one more filter, the products fitting the caller's machines. Per buyer, so never in the shared search cache; the
 * fitting products of each set of machines are kept (equipment.fit-cache.ts).
 */
export const equipmentSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  const fitCache = new FitCache(() => app.readCache.cache.version('catalogue'));
  app.get(
    '/equipment/search',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['equipment'],
        summary:
          'The catalogue search (every parameter of GET /api/catalogue/search) restricted to parts that fit',
        querystring: z.object({ fits: fitsParam }).catchall(z.union([z.string(), z.array(z.string())])),
        response: { 200: searchResultSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => {
      const { fits, ...rest } = req.query;
      const parsed = searchQuerySchema.safeParse(rest);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw fieldError('bad_request', issue.path.join('.') || 'query', issue.message);
      }
      const db = app.database.db;
      const only = await fitsFilter(db, currentUser(req), fits, fitCache);
      return searchCatalogue(db, parsed.data, app.searchIndex, undefined, only);
    },
  );
};
