import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeysContract as calls } from '@shared/api-keys/api-keys.contract';
import { contractRoute } from '../../http/contract-route';
import { currentUser } from '../../http/auth-guard';
import { pagedListDescription } from '../../http/openapi';
import { sendPage } from '../../infra/keyset';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

const tags = ['api-keys'];

/** The admin's management of API keys. No `apiScope`: no key ever reaches these, whatever it was granted. */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.route({
    ...contractRoute(calls.list, {
      tags,
      summary: 'API keys, newest first, a page at a time; never their secrets (admin)',
      description: pagedListDescription,
      errors: [400, 401, 403],
    }),
    config: { auth: 'admin' },
    handler: async (req, reply) => sendPage(req, reply, await listApiKeys(db, req.query)),
  });

  app.route({
    ...contractRoute(calls.create, {
      tags,
      summary:
        'Create an API key with a name, scopes and an optional last day; its secret is shown once (admin)',
      errors: [400, 401, 403],
    }),
    config: { auth: 'admin' },
    handler: async (req, reply) => reply.status(201).send(await createApiKey(db, currentUser(req), req.body)),
  });

  app.route({
    ...contractRoute(calls.revoke, {
      tags,
      summary: 'Revoke an API key: every call with it answers 401 from now on (admin)',
      errors: [400, 401, 403, 404],
    }),
    config: { auth: 'admin' },
    handler: async (req) => revokeApiKey(db, currentUser(req), req.params.id),
  });
};
