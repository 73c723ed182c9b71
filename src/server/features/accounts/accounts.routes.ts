import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountsContract as calls } from '@shared/accounts/accounts.contract';
import { contractRoute } from '../../http/contract-route';
import { AppError } from '../../infra/errors';
import { sendPage } from '../../infra/keyset';
import { pagedListDescription } from '../../http/openapi';
import { claimFirstAdminAttempt, createFirstAdmin } from './first-admin';
import { currentUser } from '../../http/auth-guard';
import {
  demoteAdmin,
  getProfile,
  getUserRole,
  listUsers,
  promoteToAdmin,
  updateProfile,
} from './accounts.service';

const tags = ['accounts'];

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.route({
    ...contractRoute(calls.firstAdmin, {
      tags,
      summary: 'First start: create the first admin with the one-time token printed at start-up',
      description:
        'Only while the shop has no admin and ADMIN_EMAIL is unset. The token is spent by its use (403 when spent ' +
        'or wrong, from loopback too); 409 once an admin exists, or naming `email` when it is registered; 429 ' +
        'with Retry-After past 10 attempts in 15 minutes from one address. The new admin then signs in as anyone does.',
      errors: [400, 403, 409, 429],
    }),
    config: { auth: 'optional' },
    handler: async (req) => {
      // Limited like password sign-in, and switched off with it (AUTH_RATE_LIMIT=false).
      if (app.config.authRateLimit) await claimFirstAdminAttempt(db, req.ip);
      return createFirstAdmin(app.auth, db, req.body);
    },
  });

  app.route({
    ...contractRoute(calls.token, {
      tags,
      summary: 'A bearer token for API clients, for the signed-in user (the email must be their own)',
      errors: [400, 401, 403],
    }),
    config: {
      auth: 'user',
      self: { param: 'email', message: 'You can only get a token for your own account.' },
    },
    handler: async (req) => {
      const session = await app.auth.api.getSession({
        headers: new Headers(req.headers as Record<string, string>),
      });
      if (!session) throw new AppError('unauthorized', 'Please log in to continue.');
      return { success: true as const, token: session.session.token };
    },
  });

  app.route({
    ...contractRoute(calls.role, {
      tags,
      summary: 'The role of a user (self or admin)',
      errors: [400, 401, 403, 404],
    }),
    config: { auth: 'user', selfOrAdmin: 'email' },
    handler: async (req) => getUserRole(db, req.params.email),
  });

  app.route({
    ...contractRoute(calls.users, {
      tags,
      summary: 'Every user, in registration order, a page at a time (admin)',
      description: pagedListDescription,
      errors: [400, 401, 403],
    }),
    config: { auth: 'admin' },
    handler: async (req, reply) => sendPage(req, reply, await listUsers(db, req.query)),
  });

  app.route({
    ...contractRoute(calls.makeAdmin, {
      tags,
      summary: 'Make a user an admin (admin)',
      errors: [400, 401, 403, 404],
    }),
    // A role is part of every resolved session: they are resolved again.
    config: { auth: 'admin', invalidates: ['sessions'] },
    handler: async (req) => {
      await promoteToAdmin(db, req.params.email, currentUser(req));
      return { acknowledged: true as const };
    },
  });

  app.route({
    ...contractRoute(calls.demoteAdmin, {
      tags,
      summary: 'Make another admin a customer again; never oneself nor the last admin (admin)',
      description:
        '409 when the user is the caller or the last admin; 403 when the caller was demoted meanwhile. Demoting a customer changes nothing.',
      errors: [400, 401, 403, 404, 409],
    }),
    // The demoted admin's sessions are resolved again, so they lose the admin pages at their next request.
    config: { auth: 'admin', invalidates: ['sessions'] },
    handler: async (req) => {
      await demoteAdmin(db, req.params.email, currentUser(req));
      return { acknowledged: true as const };
    },
  });

  app.route({
    ...contractRoute(calls.profile, {
      tags,
      summary: 'A user profile (self or admin)',
      errors: [400, 401, 403, 404],
    }),
    config: { auth: 'user', selfOrAdmin: 'email' },
    handler: async (req) => getProfile(db, req.params.email),
  });

  app.route({
    ...contractRoute(calls.updateProfile, {
      tags,
      summary: 'Update a user profile (self or admin); every field is optional',
      errors: [400, 401, 403, 404],
    }),
    // The name is part of every resolved session.
    config: { auth: 'user', selfOrAdmin: 'email', invalidates: ['sessions'] },
    handler: async (req) => {
      await updateProfile(db, req.params.email, req.body);
      return { acknowledged: true as const };
    },
  });
};
