import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import {
  ORIGIN,
  sessionCookie,
  signIn,
  signUp,
  signUpAdmin,
  uniqueEmail,
  type Client,
} from '../../test/auth';

let t: TestApp;
let alice: Client;
let bob: Client;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' });
  alice = await signUp(t.app, { name: 'Alice Customer' });
  bob = await signUp(t.app, { name: 'Bob Customer' });
  admin = await signUpAdmin(t.app);
});
afterAll(() => t.close());

type Who = 'anonymous' | 'owner' | 'other customer' | 'admin';
const headersOf = (who: Who): Record<string, string> =>
  who === 'anonymous'
    ? { origin: ORIGIN }
    : who === 'owner'
      ? alice.headers
      : who === 'other customer'
        ? bob.headers
        : admin.headers;

describe('authorization matrix: every account call × every kind of caller', () => {
  const calls = [
    {
      name: 'GET /user/{email}',
      method: 'GET',
      url: () => `/api/user/${alice.email}`,
      expect: { anonymous: 401, owner: 200, 'other customer': 403, admin: 200 },
    },
    {
      name: 'GET /user',
      method: 'GET',
      url: () => '/api/user',
      expect: { anonymous: 401, owner: 403, 'other customer': 403, admin: 200 },
    },
    {
      name: 'GET /userprofile/{email}',
      method: 'GET',
      url: () => `/api/userprofile/${alice.email}`,
      expect: { anonymous: 401, owner: 200, 'other customer': 403, admin: 200 },
    },
    {
      name: 'PUT /userprofile/{email}',
      method: 'PUT',
      url: () => `/api/userprofile/${alice.email}`,
      body: { address: '1 Test Street' },
      expect: { anonymous: 401, owner: 200, 'other customer': 403, admin: 200 },
    },
    {
      name: 'PUT /userlogin/{email}',
      method: 'PUT',
      url: () => `/api/userlogin/${alice.email}`,
      body: {},
      expect: { anonymous: 401, owner: 200, 'other customer': 403, admin: 403 },
    },
    { name: 'POST /images', method: 'POST', url: () => '/api/images', expect: { anonymous: 401 } },
    // Promotion last: it changes bob's role for later rows.
    {
      name: 'PUT /user/{email}',
      method: 'PUT',
      url: () => `/api/user/${bob.email}`,
      expect: { anonymous: 401, owner: 403, 'other customer': 403, admin: 200 },
    },
  ] as const;

  for (const call of calls) {
    for (const [who, status] of Object.entries(call.expect) as [Who, number][]) {
      it(`${call.name} as ${who} → ${status}`, async () => {
        const body = 'body' in call ? call.body : undefined;
        const res = await t.app.inject({
          method: call.method,
          url: call.url(),
          headers: { ...headersOf(who), ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { payload: body } : {}),
        });
        expect(res.statusCode, res.body).toBe(status);
        if (status >= 400)
          expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
      });
    }
  }
});

describe('anonymous callers get 401 before validation', () => {
  it('even with a malformed body and path', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/userprofile/not-an-email',
      headers: { 'content-type': 'application/json' },
      payload: '{"phone": 12',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('roles', () => {
  it('GET /user/{email} tells the role; an admin can look anyone up; unknown users are 404', async () => {
    const own = await t.app.inject({ url: `/api/user/${alice.email}`, headers: alice.headers });
    expect(own.json()).toEqual({ email: alice.email, role: 'user' });
    const viaAdmin = await t.app.inject({ url: `/api/user/${admin.email}`, headers: admin.headers });
    expect(viaAdmin.json()).toEqual({ email: admin.email, role: 'admin' });
    const unknown = await t.app.inject({ url: `/api/user/${uniqueEmail('ghost')}`, headers: admin.headers });
    expect(unknown.statusCode).toBe(404);
  });

  it('GET /user lists name, email and role of every user', async () => {
    const res = await t.app.inject({ url: '/api/user', headers: admin.headers });
    const users = res.json() as { _id: string; name: string; email: string; role: string }[];
    expect(users.find((u) => u.email === alice.email)).toMatchObject({
      name: 'Alice Customer',
      role: 'user',
    });
    expect(users.find((u) => u.email === admin.email)).toMatchObject({ role: 'admin' });
  });

  it('PUT /user/{email} promotes a customer, who then reaches admin calls; repeating it is harmless', async () => {
    const carol = await signUp(t.app, { name: 'Carol' });
    expect((await t.app.inject({ url: '/api/user', headers: carol.headers })).statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${carol.email}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true });
    expect((await t.app.inject({ url: '/api/user', headers: carol.headers })).statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${carol.email}`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(200);
  });

  it('PUT /user/{email} answers 404 for an unknown user and 400 for a malformed email', async () => {
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/user/${uniqueEmail('nobody')}`,
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(404);
    const bad = await t.app.inject({ method: 'PUT', url: '/api/user/not-an-email', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^email: /);
  });
});

describe('profile', () => {
  it('starts empty and saves phone, address, education and LinkedIn', async () => {
    const dave = await signUp(t.app, { name: 'Dave' });
    const before = await t.app.inject({ url: `/api/userprofile/${dave.email}`, headers: dave.headers });
    expect(before.json()).toEqual({
      name: 'Dave',
      email: dave.email,
      phone: '',
      address: '',
      education: '',
      linkedin: '',
      image: null,
    });
    const update = {
      name: 'Dave Miller',
      phone: '+1 555 0100',
      address: '7 Mill Lane',
      education: 'BSc Mechanical Engineering',
      linkedin: 'https://www.linkedin.com/in/dave',
    };
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/userprofile/${dave.email}`,
      headers: dave.headers,
      payload: update,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await t.app.inject({ url: `/api/userprofile/${dave.email}`, headers: dave.headers });
    expect(after.json()).toEqual({ ...update, email: dave.email, image: null });
    // The display name is the account's name.
    const session = await t.app.inject({ url: '/api/auth/get-session', headers: dave.headers });
    expect(session.json().user.name).toBe('Dave Miller');
  });

  it.each([
    [{ phone: 'call me' }, /^phone: /],
    [{ linkedin: 'javascript:alert(1)' }, /^linkedin: /],
    [{ image: 'https://evil.example/x.png' }, /^image: /],
    [{ name: '' }, /^name: /],
    [{ address: 'x'.repeat(301) }, /^address: /],
    [{ email: 'someone-else@example.com' }, /^email: /],
  ])('refuses %j with a 400 naming the field, and changes nothing', async (body, message) => {
    const before = (
      await t.app.inject({ url: `/api/userprofile/${alice.email}`, headers: alice.headers })
    ).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/userprofile/${alice.email}`,
      headers: alice.headers,
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(
      (await t.app.inject({ url: `/api/userprofile/${alice.email}`, headers: alice.headers })).json(),
    ).toEqual(before);
  });

  it('refuses a state-changing call from another site', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/userprofile/${alice.email}`,
      headers: { ...alice.headers, origin: 'https://evil.example' },
      payload: { address: 'Hijacked' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('sign-in and tokens', () => {
  it('wrong passwords and unknown emails get the same answer', async () => {
    const wrong = await signIn(t.app, alice.email, 'not-the-password');
    const unknown = await signIn(t.app, uniqueEmail('nobody'), 'whatever1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().code).toBe(unknown.json().code);
  });

  it('PUT /userlogin/{email} returns a bearer token that works without cookies', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/userlogin/${alice.email}`,
      headers: alice.headers,
      payload: { email: alice.email, name: 'Alice' },
    });
    expect(res.statusCode).toBe(200);
    const { token } = res.json() as { token: string };
    const viaBearer = await t.app.inject({
      url: `/api/user/${alice.email}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(viaBearer.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          url: `/api/user/${alice.email}`,
          headers: { authorization: 'Bearer forged-token' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('sign-out ends the session on the server', async () => {
    const erin = await signUp(t.app);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...erin.headers, 'content-type': 'application/json' },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/user/${erin.email}`, headers: erin.headers })).statusCode).toBe(
      401,
    );
  });
});

describe('mail', () => {
  it('registration sends a verification mail whose link verifies the email', async () => {
    const frank = await signUp(t.app, { name: 'Frank' });
    const [link] = t.mail.linksTo(frank.email);
    expect(link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/);
    const mail = t.mail.sent.find((m) => m.to === frank.email)!;
    expect(mail.subject).toContain('Toolhouse');
    expect(mail.html).toContain(link!.replaceAll('&', '&amp;'));
    // Followed in the browser that registered (a link opened elsewhere discards the password: takeover.test.ts).
    const verify = await t.app.inject({
      url: link!.replace('http://localhost:3000', ''),
      headers: frank.headers,
    });
    expect(verify.statusCode).toBe(302);
    const session = await t.app.inject({ url: '/api/auth/get-session', headers: frank.headers });
    expect(session.json().user.emailVerified).toBe(true);
  });

  it('a password reset mail link sets a new password; the old one stops working', async () => {
    const gina = await signUp(t.app, { name: 'Gina' });
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: { email: gina.email, redirectTo: `${ORIGIN}/reset-password` },
    });
    expect(request.statusCode).toBe(200);
    const link = t.mail.linksTo(gina.email).find((l) => l.includes('reset-password'))!;
    const landing = await t.app.inject({ url: link.replace('http://localhost:3000', '') });
    expect(landing.statusCode).toBe(302);
    const token = new URL(landing.headers.location as string).searchParams.get('token')!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: { token, newPassword: 'brand-new-pass' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(t.app, gina.email, 'secret123')).statusCode).toBe(401);
    expect((await signIn(t.app, gina.email, 'brand-new-pass')).statusCode).toBe(200);
  });

  it('a reset request for an unknown email answers like a known one and sends nothing', async () => {
    const ghost = uniqueEmail('ghost');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: { email: ghost, redirectTo: `${ORIGIN}/reset-password` },
    });
    expect(res.statusCode).toBe(200);
    expect(t.mail.linksTo(ghost)).toEqual([]);
  });
});

describe('rate limits', () => {
  it('stop password guessing after 10 attempts a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await signIn(t.app, alice.email, `guess-${i}`)).statusCode);
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // The real password is refused too while the limit holds.
    const res = await signIn(t.app, alice.email);
    expect(res.statusCode).toBe(429);
    expect(sessionCookie(res)).toBe('');
  });
});
