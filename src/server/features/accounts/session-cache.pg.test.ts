import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { instancesOnOneDatabase, within } from '../../test/instances';

// PostgreSQL only (see vitest.config.ts): a session signed out, or a role changed, through one instance stops or
// starts counting on the other within a second, although the other keeps resolved sessions for a minute.
const { instance } = instancesOnOneDatabase({ SESSION_CACHE_SECONDS: '60' });

describe.each([
  ['PostgreSQL LISTEN/NOTIFY', {}],
  ['Redis pub/sub', { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' }],
] as const)('resolved sessions across two instances over %s', (_name, env) => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let admin: Client;
  beforeAll(async () => {
    a = await instance(env);
    b = await instance(env);
    admin = await signUpAdmin(a);
  });
  const status = async (app: FastifyInstance, url: string, c: Client) =>
    (await app.inject({ url, headers: c.headers })).statusCode;

  it('a sign-out through one instance ends the session on the other within a second', async () => {
    const c = await signUp(a, { verified: true });
    const me = `/api/user/${encodeURIComponent(c.email)}`;
    expect(await status(b, me, c)).toBe(200);
    // The sign-up's own announcement may reach b after that call on a busy machine and clear what b resolved:
    // b must hold the session before the sign-out, or the test would not show that the sign-out clears it.
    await within(5000, async () => (await status(b, me, c)) === 200 && b.sessionCache.size > 0);
    expect(b.sessionCache.size).toBeGreaterThan(0);
    const out = await a.inject({ method: 'POST', url: '/api/auth/sign-out', headers: c.headers });
    expect(out.statusCode).toBe(200);
    expect(await within(1000, async () => (await status(b, me, c)) === 401)).toBeLessThanOrEqual(1000);
  });

  it('a promotion through one instance counts on the other within a second', async () => {
    const c = await signUp(a, { verified: true });
    expect(await status(b, '/api/user', c)).toBe(403);
    const put = await a.inject({ method: 'PUT', url: `/api/user/${c.email}`, headers: admin.headers });
    expect(put.statusCode).toBe(200);
    expect(await within(1000, async () => (await status(b, '/api/user', c)) === 200)).toBeLessThanOrEqual(
      1000,
    );
  });
});
