import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { ORIGIN, signIn, signUp, uniqueEmail, type Client } from '../../test/auth';

// Decision 012, addendum on issue 21 item 11: opening a verification link changes nothing; finishing it keeps the
// password only for someone signed in to the account or who types it; the mailbox owner may remove an unverified
// account someone else registered.
let t: TestApp;
beforeAll(async () => {
  // Loopback is the proxy, so each sign-up names an address of its own (sign-up allows 10 a minute per address).
  t = await createTestApp({ SEED_DEMO: 'false', TRUST_PROXY: 'loopback' });
}, 300_000);
afterAll(() => t.close());

let n = 0;
const register = (opts: { email?: string; password?: string } = {}) =>
  signUp(t.app, { ...opts, ip: `10.30.0.${++n}` });

/** The token of the last verification mail to `email` (the link opens the shop's page, not Better Auth's). */
const tokenFor = (email: string) => {
  const link = t.mail.linksTo(email).findLast((l) => l.includes('/verify-email?'));
  if (!link) throw new Error(`no verification mail to ${email}`);
  expect(link.startsWith(`${ORIGIN}/verify-email?token=`)).toBe(true);
  return new URL(link).searchParams.get('token')!;
};

const state = (token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/email-verification?token=${encodeURIComponent(token)}`, headers });

const finish = (
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
  remoteAddress?: string,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/email-verification',
    remoteAddress,
    headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers },
    payload: body,
  });

const decline = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/email-verification/decline',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    payload: { token },
  });

const session = async (client: Client) =>
  (await t.app.inject({ url: '/api/auth/get-session', headers: client.headers })).json() as {
    user: { email: string; emailVerified: boolean };
  } | null;

const verifiedNow = async (token: string) => (await state(token)).json().verified as boolean;

describe('opening the link', () => {
  it('changes nothing: not the page, not the old Better Auth link, not the state call', async () => {
    const owner = await register({ password: 'owner-pass' });
    const token = tokenFor(owner.email);

    // A mail scanner follows the link (the web page) and the form it had before this change.
    await t.app.inject({ url: `/verify-email?token=${token}` });
    const old = await t.app.inject({
      url: `/api/auth/verify-email?token=${token}&callbackURL=%2Femail-verified`,
    });
    expect(old.statusCode).toBe(302);
    expect(old.headers.location).toBe(`/verify-email?token=${token}`);
    const read = await state(token);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ email: owner.email, verified: false, signedIn: false });

    expect(await session(owner)).toMatchObject({ user: { email: owner.email, emailVerified: false } });
    expect((await signIn(t.app, owner.email, 'owner-pass')).statusCode).toBe(200);
  });

  it('tells the registering session it is signed in to the account', async () => {
    const owner = await register();
    expect((await state(tokenFor(owner.email), owner.headers)).json()).toMatchObject({ signedIn: true });
  });

  it('answers 400 naming token for a missing or forged token, and 404 once the account is gone', async () => {
    const missing = await t.app.inject({ url: '/api/email-verification' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'bad_request', field: 'token' });
    const forged = await state('not.a.token');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({
      field: 'token',
      message: expect.stringMatching(/invalid or has expired/),
    });

    const gone = await register();
    const token = tokenFor(gone.email);
    expect((await decline(token)).statusCode).toBe(200);
    expect((await state(token)).statusCode).toBe(404);
    expect((await finish({ token, password: 'secret123' })).statusCode).toBe(404);
  });
});

describe('finishing in the session that registered', () => {
  it('takes one call, no password; the password and the session stay', async () => {
    const owner = await register({ password: 'my-own-pass' });
    const token = tokenFor(owner.email);
    const res = await finish({ token }, owner.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: owner.email, verified: true });
    expect(await session(owner)).toMatchObject({ user: { emailVerified: true } });
    expect((await signIn(t.app, owner.email, 'my-own-pass')).statusCode).toBe(200);
    // Done once: a second click is a 409, not a second effect.
    expect((await finish({ token }, owner.headers)).statusCode).toBe(409);
  });

  it('refuses a cookie write from another site', async () => {
    const owner = await register();
    const res = await finish(
      { token: tokenFor(owner.email) },
      { ...owner.headers, origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
    expect(await verifiedNow(tokenFor(owner.email))).toBe(false);
  });
});

describe('finishing on another device', () => {
  it('with the right password verifies, keeps the password and the registering session, signs nobody in', async () => {
    const owner = await register({ password: 'laptop-pass' });
    const token = tokenFor(owner.email);

    const noPassword = await finish({ token });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toMatchObject({ error: 'bad_request', field: 'password' });

    const res = await finish({ token, password: 'laptop-pass' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await verifiedNow(token)).toBe(true);
    expect((await signIn(t.app, owner.email, 'laptop-pass')).statusCode).toBe(200);
    expect(await session(owner)).toMatchObject({ user: { email: owner.email, emailVerified: true } });
  });

  it('with a wrong password answers 401 naming password and verifies nothing', async () => {
    const owner = await register({ password: 'laptop-pass' });
    const token = tokenFor(owner.email);
    const res = await finish({ token, password: 'attacker-guess' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      error: 'unauthorized',
      field: 'password',
      message: 'The password is not correct.',
    });
    expect(await verifiedNow(token)).toBe(false);
    expect((await signIn(t.app, owner.email, 'laptop-pass')).statusCode).toBe(200);
  });

  it('a session of another account is no proof: the password is asked for', async () => {
    const owner = await register();
    const other = await register();
    const res = await finish({ token: tokenFor(owner.email) }, other.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'password' });
    expect(await verifiedNow(tokenFor(owner.email))).toBe(false);
  });

  it('wrong passwords count as failed sign-ins: the sixth in a row waits, with Retry-After', async () => {
    const owner = await register({ password: 'laptop-pass' });
    const token = tokenFor(owner.email);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await finish({ token, password: `guess-${i}` }, {}, '192.0.2.50')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const limited = await finish({ token, password: 'laptop-pass' }, {}, '192.0.2.50');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ error: 'rate_limited' });
    expect(await verifiedNow(token)).toBe(false);
    // The same counter as sign-in: the account's sign-in waits too.
    expect((await signIn(t.app, owner.email, 'laptop-pass')).statusCode).toBe(429);
  });

  it('answers 400 naming the field for malformed bodies', async () => {
    const noToken = await finish({ password: 'x' });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json()).toMatchObject({ field: 'token' });
    const owner = await register();
    const badPassword = await finish({ token: tokenFor(owner.email), password: 42 });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json()).toMatchObject({ field: 'password' });
  });
});

describe("I didn't create this account", () => {
  it('removes the unverified account and its sessions; the address can then be registered', async () => {
    const email = uniqueEmail('mailbox');
    const squatter = await register({ email, password: 'squatter-pass' });
    const res = await decline(tokenFor(email));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email, removed: true });
    expect(await session(squatter)).toBeNull();
    expect((await signIn(t.app, email, 'squatter-pass')).statusCode).toBe(401);

    const owner = await register({ email, password: 'owner-pass' });
    expect(await session(owner)).toMatchObject({ user: { email, emailVerified: false } });
    expect((await signIn(t.app, email, 'owner-pass')).statusCode).toBe(200);
    // The new account's link works; the removed account's does not verify it.
    expect((await finish({ token: tokenFor(email) }, owner.headers)).statusCode).toBe(200);
  });

  it('never removes a verified account', async () => {
    const owner = await register({ password: 'owner-pass' });
    const token = tokenFor(owner.email);
    expect((await finish({ token }, owner.headers)).statusCode).toBe(200);
    const res = await decline(token);
    expect(res.statusCode).toBe(409);
    expect((await signIn(t.app, owner.email, 'owner-pass')).statusCode).toBe(200);
    expect(await session(owner)).toMatchObject({ user: { emailVerified: true } });
  });

  it('answers 400 naming token without one', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/email-verification/decline',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'token' });
  });
});

describe('API document', () => {
  it('documents the three calls with their errors', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const state = doc.paths['/api/email-verification']?.get;
    const verify = doc.paths['/api/email-verification']?.post;
    const remove = doc.paths['/api/email-verification/decline']?.post;
    expect(Object.keys(state?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '404']));
    expect(Object.keys(verify?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '404', '409', '429']),
    );
    expect(Object.keys(remove?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '404', '409']),
    );
  });
});
