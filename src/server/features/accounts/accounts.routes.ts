import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acknowledgedSchema,
  emailParamsSchema,
  profileSchema,
  profileUpdateSchema,
  userListSchema,
  userLoginBodySchema,
  userLoginResponseSchema,
  userRoleSchema,
} from '@shared/accounts/accounts.schema';
import { AppError } from '../../infra/errors';
import { userListQuerySchema } from '@shared/accounts/users-list.schema';
import { sendPage } from '../../infra/keyset';
import { errorResponses, pagedListDescription } from '../../http/openapi';
import { assertSelfOrAdmin, currentUser } from '../../http/auth-guard';
import { getProfile, getUserRole, listUsers, promoteToAdmin, updateProfile } from './accounts.service';

const tags = ['accounts'];

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.put(
    '/userlogin/:email',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'A bearer token for API clients, for the signed-in user (the email must be their own)',
        params: emailParamsSchema,
        body: userLoginBodySchema.optional(),
        response: { 200: userLoginResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const user = currentUser(req);
      if (user.email.toLowerCase() !== req.params.email.toLowerCase()) {
        throw new AppError('forbidden', 'You can only get a token for your own account.');
      }
      const session = await app.auth.api.getSession({
        headers: new Headers(req.headers as Record<string, string>),
      });
      if (!session) throw new AppError('unauthorized', 'Please log in to continue.');
      return { success: true as const, token: session.session.token };
    },
  );

  app.get(
    '/user/:email',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'The role of a user (self or admin)',
        params: emailParamsSchema,
        response: { 200: userRoleSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      assertSelfOrAdmin(currentUser(req), req.params.email);
      return getUserRole(db, req.params.email);
    },
  );

  app.get(
    '/user',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Every user, in registration order, a page at a time (admin)',
        description: pagedListDescription,
        querystring: userListQuerySchema,
        response: { 200: userListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => sendPage(req, reply, await listUsers(db, req.query)),
  );

  app.put(
    '/user/:email',
    {
      // A role is part of every resolved session: they are resolved again.
      config: { auth: 'admin', invalidates: ['sessions'] },
      schema: {
        tags,
        summary: 'Make a user an admin (admin)',
        params: emailParamsSchema,
        response: { 200: acknowledgedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await promoteToAdmin(db, req.params.email, currentUser(req));
      return { acknowledged: true as const };
    },
  );

  app.get(
    '/userprofile/:email',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'A user profile (self or admin)',
        params: emailParamsSchema,
        response: { 200: profileSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      assertSelfOrAdmin(currentUser(req), req.params.email);
      return getProfile(db, req.params.email);
    },
  );

  app.put(
    '/userprofile/:email',
    {
      // The name is part of every resolved session.
      config: { auth: 'user', invalidates: ['sessions'] },
      schema: {
        tags,
        summary: 'Update a user profile (self or admin); every field is optional',
        params: emailParamsSchema,
        body: profileUpdateSchema,
        response: { 200: acknowledgedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      assertSelfOrAdmin(currentUser(req), req.params.email);
      await updateProfile(db, req.params.email, req.body);
      return { acknowledged: true as const };
    },
  );
};
