import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiKeySecretOf, claimsApiKey } from '../../http/api-key-context';
import { claimWindow } from '../../http/auth-limits';
import { AppError } from '../../infra/errors';
import { authenticateApiKey, lastUsedRecorder } from './api-keys.service';
import type { ApiScope } from '@shared/api-keys/api-keys.scopes';

const MINUTE_MS = 60_000;

/** The name a key's actions carry in the audit log and wherever a route names its caller. */
export const actorNameOf = (keyName: string) => `API key: ${keyName}`;

/**
 * Requests with `Authorization: Bearer sk_live_…` on /api act as that key (decision 062). Registered before the
 * session guard: a keyed request is decided here, and the session guard never reads its cookies.
 *
 * Order: a bad key is a 401, then the key's own rate limit (429; it counts refused calls too, so a key cannot probe
 * routes for free), then the route's scope (403 naming what is missing).
 */
export const apiKeysGuardPlugin = fp(
  async (app) => {
    app.decorateRequest('apiKey', null);
    const db = app.database.db;
    const recordUse = lastUsedRecorder(db);

    app.addHook('onRequest', async (req, reply) => {
      if (!claimsApiKey(req) || !req.url.startsWith('/api/')) return;
      // An unknown path is a plain 404, as for anyone.
      if (req.routeOptions.url === undefined) return;
      const secret = apiKeySecretOf(req);
      if (!secret) throw new AppError('unauthorized', 'This API key is not valid.');
      const key = await authenticateApiKey(db, secret);

      const now = Date.now();
      const claim = await claimWindow(
        db,
        `apikey:${key.id}`,
        { max: key.ratePerMinute, windowMs: MINUTE_MS },
        now,
      );
      if ('retryAfterMs' in claim) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(claim.retryAfterMs / 1000))));
        throw new AppError('rate_limited', `This API key may make ${key.ratePerMinute} requests a minute.`);
      }
      await recordUse(key.id, now);

      const scope = req.routeOptions.config?.apiScope;
      if (!scope) throw new AppError('forbidden', 'API keys cannot call this route.');
      const scopes = key.scopes as ApiScope[];
      if (!scopes.includes(scope)) throw new AppError('forbidden', `This API key lacks the scope ${scope}.`);

      req.apiKey = { id: key.id, name: key.name, scopes };
      // Declared routes are the admin's reads and writes, so a key acts with the admin role there and nowhere else.
      req.user = {
        id: `api-key:${key.id}`,
        email: actorNameOf(key.name),
        name: actorNameOf(key.name),
        role: 'admin',
        emailVerified: true,
      };
    });

    // The API document says which scope opens a route (the swagger plugin, registered later, reads it after this).
    app.addHook('onRoute', (route) => {
      const scope = route.config?.apiScope;
      if (!scope || !route.schema) return;
      const note = `API keys: needs the scope \`${scope}\`.`;
      const description = route.schema.description as string | undefined;
      route.schema = { ...route.schema, description: description ? `${description}\n\n${note}` : note };
    });

    // After validation: the body a key sends holds only the fields its route lets keys change.
    app.addHook('preHandler', async (req: FastifyRequest) => {
      const allowed = req.routeOptions.config?.apiFields;
      if (!req.apiKey || !allowed || typeof req.body !== 'object' || req.body === null) return;
      const other = Object.keys(req.body).find((f) => !allowed.includes(f));
      if (other !== undefined)
        throw new AppError(
          'forbidden',
          `${other}: API keys may change only ${allowed.join(', ')} here.`,
          other,
        );
    });
  },
  { name: 'api-keys-guard', dependencies: ['config', 'database'] },
);
