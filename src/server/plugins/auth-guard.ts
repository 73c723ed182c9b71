import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '../../shared/accounts/accounts.schema';
import { AppError } from '../lib/errors';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  emailVerified: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** Who may call this route: any logged-in user, or admins only. Checked before anything else. */
    auth?: 'user' | 'admin';
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

async function resolveUser(app: FastifyInstance, req: FastifyRequest): Promise<SessionUser | null> {
  const headers = new Headers();
  if (req.headers.cookie) headers.set('cookie', req.headers.cookie);
  if (req.headers.authorization) headers.set('authorization', req.headers.authorization);
  if (!headers.has('cookie') && !headers.has('authorization')) return null;
  const result = await app.auth.api.getSession({ headers });
  if (!result) return null;
  const u = result.user as typeof result.user & { role?: string | null };
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role === 'admin' ? 'admin' : 'user',
    emailVerified: u.emailVerified,
  };
}

/**
 * Authentication runs first (onRequest), so an anonymous caller gets 401 whatever it sends, and a customer 403 on
 * admin calls, before any validation. Browser calls that change state must come from the shop's own origin.
 */
export function registerAuthGuard(app: FastifyInstance) {
  app.decorateRequest('user', null);
  const origin = new URL(app.config.baseUrl).origin;

  app.addHook('onRequest', async (req) => {
    const need = req.routeOptions.config?.auth;
    if (!need) return;
    if (STATE_CHANGING.has(req.method) && req.headers.cookie && !req.headers.authorization) {
      const from = req.headers.origin;
      if (from !== undefined && from !== origin)
        throw new AppError('forbidden', 'Cross-site request refused');
    }
    req.user = await resolveUser(app, req);
    if (!req.user) throw new AppError('unauthorized', 'Please log in to continue.');
    if (need === 'admin' && req.user.role !== 'admin')
      throw new AppError('forbidden', 'Only admins can do this.');
  });
}

/** The signed-in user of a route declared with `config.auth` (the guard guarantees it). */
export function currentUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw new AppError('unauthorized', 'Please log in to continue.');
  return req.user;
}

/** Customers reach only their own records; admins reach everyone's. */
export function assertSelfOrAdmin(user: SessionUser, email: string) {
  if (user.role !== 'admin' && user.email.toLowerCase() !== email.toLowerCase()) {
    throw new AppError('forbidden', 'You can only access your own account.');
  }
}
