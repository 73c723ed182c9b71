import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { ORIGIN, sessionCookie, signIn, signUp, type Client } from '../../test/auth';

let t: TestApp;
let alice: Client;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' });
  alice = await signUp(t.app, { name: 'Alice', password: 'old-password' });
}, 300_000);
afterAll(() => t.close());

describe('changing the password', () => {
  it('ends every other session of the account', async () => {
    const elsewhere = sessionCookie(await signIn(t.app, alice.email, 'old-password'));
    expect(
      (await t.app.inject({ url: `/api/user/${alice.email}`, headers: { cookie: elsewhere } })).statusCode,
    ).toBe(200);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      payload: { currentPassword: 'old-password', newPassword: 'new-password' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/user/${alice.email}`, headers: { cookie: elsewhere } })).statusCode,
    ).toBe(401);
    // The session that changed it goes on (with the fresh cookie Better Auth sets).
    const current = sessionCookie(change) || alice.headers.cookie!;
    expect(
      (await t.app.inject({ url: `/api/user/${alice.email}`, headers: { cookie: current } })).statusCode,
    ).toBe(200);
  });
});

describe('Cache-Control on personal answers', () => {
  it('is no-store for a request with credentials and for one that sets a cookie', async () => {
    const login = await signIn(t.app, alice.email, 'new-password');
    expect(login.headers['cache-control']).toBe('no-store');
    const cookie = sessionCookie(login);
    const own = await t.app.inject({
      url: `/api/userprofile/${alice.email}`,
      headers: { cookie },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    const session = await t.app.inject({
      url: '/api/auth/get-session',
      headers: { cookie },
    });
    expect(session.headers['cache-control']).toBe('no-store');
    const bearer = await t.app.inject({
      url: `/api/user/${alice.email}`,
      headers: { authorization: 'Bearer nope' },
    });
    expect(bearer.headers['cache-control']).toBe('no-store');
  });

  it('leaves public catalogue answers cacheable', async () => {
    const res = await t.app.inject('/api/news');
    expect(res.headers['cache-control']).not.toBe('no-store');
  });
});

describe('answers refused by the auth check', () => {
  const securityHeaders = (res: { headers: Record<string, unknown> }) => ({
    csp: res.headers['content-security-policy'],
    nosniff: res.headers['x-content-type-options'],
    frames: res.headers['x-frame-options'],
    cache: res.headers['cache-control'],
  });
  const expected = {
    csp: expect.stringContaining("default-src 'self'"),
    nosniff: 'nosniff',
    frames: 'SAMEORIGIN',
    cache: 'no-store',
  };

  it('an anonymous 401 carries the security headers and no-store', async () => {
    const res = await t.app.inject({ url: '/api/user' });
    expect(res.statusCode).toBe(401);
    expect(securityHeaders(res)).toEqual(expected);
  });

  it("a customer's 403 on an admin call carries them too", async () => {
    const casey = await signUp(t.app, { name: 'Casey' });
    const res = await t.app.inject({ url: '/api/user', headers: casey.headers });
    expect(res.statusCode).toBe(403);
    expect(securityHeaders(res)).toEqual(expected);
  });
});

describe('Strict-Transport-Security', () => {
  it('is not sent when BASE_URL is plain http', async () => {
    const res = await t.app.inject('/api/healthz');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when BASE_URL is https', async () => {
    const https = await createTestApp({ SEED_DEMO: 'false', BASE_URL: 'https://shop.example.com' });
    try {
      const res = await https.app.inject('/api/healthz');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await https.close();
    }
  });
});

describe('methods a route does not support', () => {
  it.each([
    ['DELETE', '/api/products', 'GET, HEAD'],
    ['POST', `/api/user/someone@example.com`, 'GET, HEAD, PUT'],
    ['PATCH', '/api/healthz', 'GET, HEAD'],
  ])('%s %s → 405 with Allow: %s', async (method, url, allow) => {
    const res = await t.app.inject({ method: method as 'DELETE', url, headers: { origin: ORIGIN } });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.json()).toMatchObject({ error: 'method_not_allowed' });
  });

  it('an unknown API path is still a 404', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers.allow).toBeUndefined();
  });

  it('a JSON 404 or 405 is never cached, like every other answer (issue 39, item 9)', async () => {
    for (const [method, url] of [
      ['GET', '/api/no-such-thing'],
      ['GET', '/media/no-such-file.png'],
      ['GET', '/no-such-page'],
      ['DELETE', '/api/products'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { origin: ORIGIN } });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});
