// Issue 39 item 16: a first start without ADMIN_EMAIL prints a one-time link that creates the first admin.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { ORIGIN, sessionCookie, signIn, signUp, uniqueEmail } from '../../test/auth';
import { issueFirstAdminToken } from './first-admin';

let t: TestApp;
let printed = '';
beforeAll(async () => {
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    printed += String(chunk);
    return true;
  });
  try {
    t = await createTestApp({ SEED_DEMO: 'false' });
  } finally {
    write.mockRestore();
  }
});
afterAll(() => t.close());

const setup = (body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/setup/first-admin',
    headers: { origin: ORIGIN },
    payload: body,
  });

describe('the first start with no admin', () => {
  const owner = uniqueEmail('owner');
  let token = '';

  it('prints a link to the setup page carrying a token', () => {
    const link = /(http:\/\/\S+\/setup-admin\?token=([\w-]+))/.exec(printed);
    expect(link, printed).not.toBeNull();
    token = link![2]!;
    expect(token.length).toBeGreaterThanOrEqual(32);
  });

  it('refuses a wrong token (403) and a short password (400 naming it), creating nobody', async () => {
    const wrong = await setup({
      token: 'x'.repeat(32),
      name: 'Owner',
      email: owner,
      password: 'long enough pass',
    });
    expect(wrong.statusCode).toBe(403);
    const short = await setup({ token, name: 'Owner', email: owner, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ field: 'password' });
    expect((await signIn(t.app, owner, 'long enough pass')).statusCode).toBe(401);
  });

  it('is replaced by a restart before it is used: the old token is refused, an address in use is a 409', async () => {
    const old = token;
    token = (await issueFirstAdminToken(t.database.db))!;
    expect(token).not.toBe(old);
    const refused = await setup({
      token: old,
      name: 'A',
      email: uniqueEmail('a'),
      password: 'long enough pass',
    });
    expect(refused.statusCode).toBe(403);
    const customer = await signUp(t.app, { name: 'Early Bird', verified: true });
    const taken = await setup({ token, name: 'A', email: customer.email, password: 'long enough pass' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ field: 'email' });
  });

  it('creates a verified admin who signs in and reaches admin calls; the link is then spent', async () => {
    const res = await setup({ token, name: 'Olga Owner', email: owner, password: 'long enough pass' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, email: owner });
    const signedIn = await signIn(t.app, owner, 'long enough pass');
    expect(signedIn.statusCode).toBe(200);
    const headers = { cookie: sessionCookie(signedIn), origin: ORIGIN };
    const session = await t.app.inject({ url: '/api/auth/get-session', headers });
    expect(session.json().user).toMatchObject({
      email: owner,
      name: 'Olga Owner',
      emailVerified: true,
      role: 'admin',
    });
    expect((await t.app.inject({ url: '/api/user', headers })).statusCode).toBe(200);

    const again = await setup({
      token,
      name: 'Mallory',
      email: uniqueEmail('m'),
      password: 'long enough pass',
    });
    expect(again.statusCode).toBe(403);
    // With an admin, a restart issues no new link.
    expect(await issueFirstAdminToken(t.database.db)).toBeNull();
  });
});
