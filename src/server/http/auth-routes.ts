import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { fieldError } from '../infra/errors';
import { CLIENT_IP_HEADER } from './auth';
import {
  claimResetRequest,
  claimSignIn,
  purgeAuthLimits,
  settleSignIn,
  type Refused,
  type SignInTicket,
} from './auth-limits';
import { userFieldProblem, VERIFY_PAGE } from './auth-rules';
import { rawBodyFields } from './text-guard';
import { runPeriodically } from '../infra/periodic';

/** Better Auth endpoints whose body sets a user's name or photo: they follow the profile's rules. */
const USER_FIELD_WRITES = new Set(['/api/auth/update-user', '/api/auth/sign-up/email']);

/** Better Auth endpoints that only read a session; every other one may change users or sessions. */
const SESSION_READS = new Set(['/api/auth/get-session', '/api/auth/list-sessions', '/api/auth/ok']);

/**
 * The path of `url` if it is already in the one form Better Auth will act on, else undefined. Better Auth resolves
 * `.`/`..` segments and percent-encoded dots the way URLs do, so `/api/auth/x/../admin/…` would run an endpoint
 * the shop's own checks never saw under that name: only plain segments (no `%`, no empty or dot-led segment) pass.
 */
export function canonicalAuthPath(url: string): string | undefined {
  const raw = url.split('?')[0] ?? '';
  if (!/^\/api\/auth(\/[A-Za-z0-9_-][A-Za-z0-9._~-]*)+$/.test(raw)) return undefined;
  return new URL(raw, 'http://shop.invalid').pathname === raw ? raw : undefined;
}

/** Limited by the shop itself (auth-limits.ts), not by Better Auth's per-IP rules. */
const SIGN_IN = '/api/auth/sign-in/email';
const RESET_REQUEST = '/api/auth/request-password-reset';

/** The `email` of a sign-in or reset body, if it has one. */
const emailOf = (fields: unknown): string | undefined => {
  const email = (fields as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' ? email : undefined;
};

/** Every 429 of /api/auth/* has the shop's error body and a standard Retry-After in seconds. */
const tooManyRequests = (reply: FastifyReply, retryAfter: number, message: string) =>
  reply.status(429).header('retry-after', String(retryAfter)).send({ error: 'rate_limited', message });

/** Better Auth's verification link, as mails sent before the shop's own page carried it. */
const BETTER_AUTH_VERIFY = '/api/auth/verify-email';

/** Better Auth's admin plugin, in any letter case: the shop changes roles and users through its own audited calls. */
const ADMIN_ENDPOINTS = /^\/api\/auth\/admin(\/|$)/i;

/** Mounts Better Auth at /api/auth/*: Fastify request → Web Request → Better Auth → Fastify reply. */
export const authRoutes: FastifyPluginAsync = async (app) => {
  // Better Auth parses bodies itself; this encapsulated plugin hands it the raw bytes.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  // After the call, whether it succeeded or not: sessions resolved meanwhile are not kept (see SessionCache).
  const forgetSessions = (req: FastifyRequest) => {
    if (req.method === 'GET' && SESSION_READS.has(req.url.split('?')[0] ?? '')) return;
    void app.readCache.changed('sessions');
  };

  const notFound = (req: FastifyRequest, reply: FastifyReply) =>
    reply
      .status(404)
      .send({ error: 'not_found', message: `Route ${req.method} ${req.url.split('?')[0]} not found` });

  // Expired counters of the shop's own limits go at start and every 10 minutes.
  const db = app.database.db;
  if (app.config.authRateLimit) {
    const purge = () =>
      purgeAuthLimits(db).catch((err: unknown) => app.log.error({ err }, 'auth limit purge failed'));
    runPeriodically(app, 10 * 60_000, purge);
  }

  /** Password sign-in and reset mail: the shop's own limits, before Better Auth runs (AUTH_RATE_LIMIT turns them off). */
  const limitsBefore = async (
    req: FastifyRequest,
    path: string,
  ): Promise<Refused | SignInTicket | undefined> => {
    if (!app.config.authRateLimit || req.method !== 'POST') return undefined;
    if (path === SIGN_IN) return claimSignIn(db, emailOf(rawBodyFields(req)), req.ip);
    if (path === RESET_REQUEST) {
      const email = emailOf(rawBodyFields(req));
      return email === undefined ? undefined : claimResetRequest(db, email, req.ip);
    }
    return undefined;
  };

  app.addHook('preValidation', async (req) => {
    if (req.method !== 'POST' || !USER_FIELD_WRITES.has(canonicalAuthPath(req.url) ?? '')) return;
    const problem = userFieldProblem(rawBodyFields(req));
    if (problem) throw fieldError('bad_request', problem.field, problem.message);
  });

  // Better Auth's admin endpoints (set-role, set-user-password, ban, impersonate, create/remove/list users…) skip
  // the shop's rules and its audit log. The shop uses none of them: roles change through PUT /api/user/{email}.
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/api/auth/admin/*',
    schema: { hide: true },
    handler: async (req, reply) => notFound(req, reply),
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: async (req, reply) => {
      const path = canonicalAuthPath(req.url);
      if (!path || ADMIN_ENDPOINTS.test(path)) return notFound(req, reply);
      // Better Auth verifies on a GET, which mail scanners send; such links go to the page that asks first.
      if (path === BETTER_AUTH_VERIFY) {
        const token = new URLSearchParams(req.url.split('?')[1] ?? '').get('token') ?? '';
        return reply.redirect(`${VERIFY_PAGE}?token=${encodeURIComponent(token)}`);
      }
      const limit = await limitsBefore(req, path);
      if (limit?.refused) return tooManyRequests(reply, limit.retryAfter, limit.message);
      const headers = new Headers();
      for (const [key, value] of Object.entries(req.headers)) {
        if (value === undefined || key === CLIENT_IP_HEADER) continue;
        for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
      }
      // The client IP as Fastify sees it (trustProxy-aware): the key of Better Auth's rate limits.
      headers.set(CLIENT_IP_HEADER, req.ip);
      const body =
        req.method !== 'GET' && Buffer.isBuffer(req.body) && req.body.length
          ? new Uint8Array(req.body)
          : undefined;
      const request = new Request(new URL(req.url, app.config.baseUrl), {
        method: req.method,
        headers,
        body,
      });
      let status = 500;
      const response = await app.auth
        .handler(request)
        .then((res) => ((status = res.status), res))
        .finally(() => {
          forgetSessions(req);
          if (limit && !limit.refused)
            return settleSignIn(db, limit, status).catch((err: unknown) =>
              req.log.error({ err }, 'could not settle a sign-in attempt'),
            );
        });
      if (response.status === 429) {
        // Better Auth's own limits (sign-up, verification mail, the general one) say when in X-Retry-After only.
        const seconds = Number(response.headers.get('x-retry-after'));
        return tooManyRequests(
          reply,
          Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60,
          'Too many requests. Please try again later.',
        );
      }
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
};
