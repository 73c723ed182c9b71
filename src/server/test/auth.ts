import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { user } from '../db/schema';

export const ORIGIN = 'http://localhost:3000';

export interface Client {
  email: string;
  /** Headers of a logged-in browser: the session cookie and the shop's own Origin. */
  headers: Record<string, string>;
}

let counter = 0;
/** A unique address per call, so test files never collide on PostgreSQL. */
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`;

const cookieOf = (setCookie: string | string[] | undefined) =>
  (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [])
    .map((c) => c.split(';')[0])
    .join('; ');

export async function signUp(
  app: FastifyInstance,
  opts: { email?: string; password?: string; name?: string; ip?: string; verified?: boolean } = {},
): Promise<Client> {
  const email = opts.email ?? uniqueEmail();
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': opts.ip ?? '10.0.0.1' },
    payload: { email, password: opts.password ?? 'secret123', name: opts.name ?? 'Test User' },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  // Ordering needs a verified address; tests about ordering skip the mailed link, which accounts tests follow.
  if (opts.verified)
    await app.database.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
  return { email, headers: { cookie: cookieOf(res.headers['set-cookie']), origin: ORIGIN } };
}

export async function signIn(app: FastifyInstance, email: string, password = 'secret123') {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    payload: { email, password },
  });
}

export function sessionCookie(res: { headers: Record<string, unknown> }) {
  return cookieOf(res.headers['set-cookie'] as string | string[] | undefined);
}

/** A customer promoted to admin directly in the database. */
export async function signUpAdmin(app: FastifyInstance): Promise<Client> {
  const client = await signUp(app, { email: uniqueEmail('admin'), name: 'Admin User', verified: true });
  await app.database.db.update(user).set({ role: 'admin' }).where(eq(user.email, client.email));
  return client;
}
