import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helper';
import { ORIGIN, signUp, signUpAdmin, uniqueEmail, type Client } from '../../test/auth';
import { accountsApp } from './accounts.harness';

let t: TestApp;
let alice: Client;
let bob: Client;
let admin: Client;

beforeAll(async () => {
  ({ t, alice } = await accountsApp());
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
