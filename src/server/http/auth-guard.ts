import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../infra/errors';
import type { SessionUser } from '../infra/session-cache';
import { claimedAddressOf, GHOST_MARK, unmaskGhostAddresses } from './ghost-sign-up';
import { claimsApiKey } from './api-key-context';

export type { SessionUser };

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /**
     * Who may call this route: any logged-in user, or admins only. Checked before anything else. `optional`: anyone,
     * and `req.user` is the signed-in user if there is one (cookie writes still have to come from the shop's pages).
     */
    auth?: 'user' | 'admin' | 'optional';
    /** The path parameter naming whose record this is: only that customer or an admin may call (403 otherwise). */
    selfOrAdmin?: string;
    /** The path parameter that must be the caller's own email, admins included, and the 403 message otherwise. */
    self?: { param: string; message: string };
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// Better Auth's session cookies (with the `__Secure-` prefix over https): what a browser sends on its own.
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_(?:token|data)=/;
const hasSessionCookie = (req: FastifyRequest) => SESSION_COOKIE.test(req.headers.cookie ?? '');

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/**
 * Whether a cookie-carrying write comes from the shop's own pages. Browsers send `Origin` on writes; where one does
 * not, `Sec-Fetch-Site` and then `Referer` tell; a write with none of them is refused, since a browser that
 * carries the cookie would send at least one. Bearer clients send no cookie and never reach this check.
 */
function isSameOrigin(req: FastifyRequest, origins: string[]): boolean {
  const from = req.headers.origin;
  if (from !== undefined) return origins.includes(from);
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  const referer = req.headers.referer;
  return referer !== undefined && origins.includes(originOf(referer) ?? '');
}

const SESSION_TOKEN_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]*)/;

/** The credential a request carries: its bearer token and its session cookie (the key of the session cache). */
function credentialOf(req: FastifyRequest): string | undefined {
  const bearer = req.headers.authorization;
  const cookie = SESSION_TOKEN_COOKIE.exec(req.headers.cookie ?? '')?.[1];
  if (!bearer && !cookie) return undefined;
  return `${bearer ?? ''}\n${cookie ?? ''}`;
}

async function lookUpSession(
  app: FastifyInstance,
  req: FastifyRequest,
): Promise<{ value: SessionUser; expiresAt: Date } | null> {
  const headers = new Headers();
  if (req.headers.cookie) headers.set('cookie', req.headers.cookie);
  if (req.headers.authorization) headers.set('authorization', req.headers.authorization);
  const result = await app.auth.api.getSession({ headers });
  if (!result) return null;
  const u = result.user as typeof result.user & { role?: string | null };
  const value: SessionUser = {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role === 'admin' ? 'admin' : 'user',
    emailVerified: u.emailVerified,
  };
  return { value, expiresAt: new Date(result.session.expiresAt) };
}

function resolveUser(app: FastifyInstance, req: FastifyRequest): Promise<SessionUser | null> {
  const key = credentialOf(req);
  if (!key) return Promise.resolve(null);
  return app.sessionCache.get(key, () => lookUpSession(app, req));
}

/**
 * Authentication runs first (onRequest), so an anonymous caller gets 401 whatever it sends, and a customer 403 on
 * admin calls, before any validation. Writes that carry the session cookie must come from the shop's own origin,
 * whatever `Authorization` header rides along.
 */
export function registerAuthGuard(app: FastifyInstance) {
  app.decorateRequest('user', null);
  const origins = app.config.trustedOrigins;

  app.addHook('onRequest', async (req) => {
    // A request carrying an API key acts as that key alone (the api-keys guard, before this one, decided): its
    // cookies are never read, and a key the guard did not accept never becomes a session either.
    if (req.apiKey) return;
    const need = req.routeOptions.config?.auth;
    if (claimsApiKey(req) && req.url.startsWith('/api/')) {
      if (need && need !== 'optional') throw new AppError('unauthorized', 'This API key is not valid.');
      return;
    }
    if (!need) return;
    if (STATE_CHANGING.has(req.method) && hasSessionCookie(req) && !isSameOrigin(req, origins))
      throw new AppError('forbidden', 'Cross-site request refused');
    req.user = await resolveUser(app, req);
    if (need === 'optional') return;
    if (!req.user) throw new AppError('unauthorized', 'Please log in to continue.');
    if (need === 'admin' && req.user.role !== 'admin')
      throw new AppError('forbidden', 'Only admins can do this.');
  });

  // A ghost account's answers show the address it claims wherever they would show its stand-in (decision 055).
  // Only a ghost's own answers and Better Auth's (which serve the session's own user): anyone else's text that looks
  // like a stand-in (a name typed that way) is shown as typed, never as another person's address.
  app.addHook('onSend', async (req, _reply, payload) => {
    const ghost = req.user
      ? claimedAddressOf(req.user.email) !== undefined
      : req.url.startsWith('/api/auth/');
    if (!ghost) return payload;
    if (typeof payload === 'string') return unmaskGhostAddresses(payload);
    // Better Auth's answers (get-session above all) are passed on as bytes.
    if (Buffer.isBuffer(payload) && payload.includes(GHOST_MARK))
      return unmaskGhostAddresses(payload.toString());
    return payload;
  });

  // A ghost naming the address it claims names its own records (decision 055), whichever route reads the path, after
  // validation (which replaces the params) and before any check or handler.
  app.addHook('preHandler', async (req) => {
    if (!req.user || claimedAddressOf(req.user.email) === undefined) return;
    const params = req.params as Record<string, unknown> | undefined;
    for (const [name, value] of Object.entries(params ?? {}))
      if (typeof value === 'string') params![name] = ownAddress(req.user, value);
  });

  // Whose record a path names is checked as the routes' handlers did it: as the route's own last preHandler, after
  // validation (a malformed email is a 400) and after the idempotency plugin's, right before the handler.
  app.addHook('onRoute', (route) => {
    const { selfOrAdmin, self } = route.config ?? {};
    if (!selfOrAdmin && !self) return;
    const check = async (req: FastifyRequest) => {
      const user = currentUser(req);
      const params = req.params as Record<string, string | undefined>;
      if (selfOrAdmin) assertSelfOrAdmin(user, params[selfOrAdmin] ?? '');
      if (self && !sameEmail(user.email, params[self.param] ?? ''))
        throw new AppError('forbidden', self.message);
    };
    route.preHandler = [...[route.preHandler ?? []].flat(), check];
  });
}

/** The signed-in user of a route declared with `config.auth` (the guard guarantees it). */
export function currentUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw new AppError('unauthorized', 'Please log in to continue.');
  return req.user;
}

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * A ghost account (decision 055) names itself by the address it claims, as a new account does: such a path means
 * its own stand-in address, so the call reaches the ghost's records and never the real account's.
 */
function ownAddress(user: SessionUser, named: string): string {
  const claimed = claimedAddressOf(user.email);
  return claimed !== undefined && sameEmail(claimed, named) ? user.email : named;
}

/** Customers reach only their own records; admins reach everyone's. */
export function assertSelfOrAdmin(user: SessionUser, email: string) {
  if (user.role !== 'admin' && !sameEmail(user.email, email)) {
    throw new AppError('forbidden', 'You can only access your own account.');
  }
}
