import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { session, user } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { signUp, signUpAdmin, type Client } from '../../test/auth';

// Resolved sessions are kept for a few seconds (infra/session-cache.ts); every change to users or sessions must
// still take effect on the very next call.
let t: TestApp, admin: Client;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' });
  admin = await signUpAdmin(t.app);
});
afterAll(() => t.close());

const role = (c: Client) =>
  t.app.inject({ url: `/api/user/${encodeURIComponent(c.email)}`, headers: c.headers });
const userList = (c: Client) => t.app.inject({ url: '/api/user', headers: c.headers });

describe('session cache', () => {
  it('resolves a session once for a run of calls with the same credential', async () => {
    const c = await signUp(t.app, { verified: true });
    const lookups = vi.spyOn(t.app.auth.api, 'getSession');
    try {
      for (let i = 0; i < 3; i++) expect((await role(c)).statusCode).toBe(200);
      expect(lookups).toHaveBeenCalledTimes(1);
    } finally {
      lookups.mockRestore();
    }
  });

  it('signing out ends the cached session at once', async () => {
    const c = await signUp(t.app, { verified: true });
    expect((await role(c)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: c.headers });
    expect(out.statusCode).toBe(200);
    expect((await role(c)).statusCode).toBe(401);
  });

  it('a bearer token stops working at once when its session is revoked', async () => {
    const c = await signUp(t.app, { verified: true });
    const login = await t.app.inject({
      method: 'PUT',
      url: `/api/userlogin/${c.email}`,
      headers: c.headers,
      payload: {},
    });
    const bearer = { authorization: `Bearer ${login.json().token}` };
    const me = () => t.app.inject({ url: `/api/user/${encodeURIComponent(c.email)}`, headers: bearer });
    expect((await me()).statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-sessions',
      headers: c.headers,
    });
    expect(revoked.statusCode).toBe(200);
    expect((await me()).statusCode).toBe(401);
  });

  it('a promotion through PUT /api/user/{email} counts on the next call', async () => {
    const c = await signUp(t.app, { verified: true });
    expect((await userList(c)).statusCode).toBe(403);
    const promoted = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${c.email}`,
      headers: admin.headers,
    });
    expect(promoted.statusCode).toBe(200);
    expect((await userList(c)).statusCode).toBe(200);
  });

  it('a new name through PUT /api/userprofile shows on the next order at once', async () => {
    const c = await signUp(t.app, { verified: true, name: 'Old Name' });
    expect((await role(c)).statusCode).toBe(200);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/userprofile/${c.email}`,
      headers: c.headers,
      payload: { name: 'New Name' },
    });
    expect(put.statusCode).toBe(200);
    const spy = vi.spyOn(t.app.auth.api, 'getSession');
    try {
      await role(c);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('what nobody announces', () => {
  it('a session deleted in the database stops working once the time limit passes', async () => {
    const short = await createTestApp({ SEED_DEMO: 'false', SESSION_CACHE_SECONDS: '0.3' });
    try {
      const c = await signUp(short.app, { verified: true });
      const call = () =>
        short.app.inject({ url: `/api/user/${encodeURIComponent(c.email)}`, headers: c.headers });
      expect((await call()).statusCode).toBe(200);
      const [u] = await short.database.db.select({ id: user.id }).from(user).where(eq(user.email, c.email));
      await short.database.db.delete(session).where(eq(session.userId, u!.id));
      await new Promise((r) => setTimeout(r, 350));
      expect((await call()).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });

  it('SESSION_CACHE_SECONDS=0 resolves every call', async () => {
    const off = await createTestApp({ SEED_DEMO: 'false', SESSION_CACHE_SECONDS: '0' });
    try {
      const c = await signUp(off.app, { verified: true });
      const spy = vi.spyOn(off.app.auth.api, 'getSession');
      for (let i = 0; i < 2; i++)
        await off.app.inject({ url: `/api/user/${encodeURIComponent(c.email)}`, headers: c.headers });
      expect(spy).toHaveBeenCalledTimes(2);
      spy.mockRestore();
    } finally {
      await off.close();
    }
  });
});
