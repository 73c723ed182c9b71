import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { ORIGIN, sessionCookie } from '../../test/auth';
import { startOidcProvider, type TestOidcProvider } from '../../test/oidc-provider';

// The whole "Continue with …" sign-in against a real OpenID provider (oidc-provider on 127.0.0.1):
// discovery at start-up, authorization request with PKCE, the provider's login and consent pages,
// code exchange, ID token and userinfo, and our session at the end.

const OLIVIA = { sub: 'olivia-1', email: 'oidc-user@example.com', email_verified: true, name: 'Olivia Oidc' };
const CALLBACK_PATH = '/api/auth/callback/oidc';

let idp: TestOidcProvider;
let t: TestApp;

beforeAll(async () => {
  idp = await startOidcProvider({ redirectUri: `${ORIGIN}${CALLBACK_PATH}`, accounts: [OLIVIA] });
  t = await createTestApp({ SEED_DEMO: 'false', ...idp.env });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

/** Presses the button: returns the provider's authorization URL and the browser's cookies at the shop. */
async function startSignIn() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    payload: { provider: 'oidc', callbackURL: `${ORIGIN}/dashboard` },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { url: string; redirect: boolean };
  expect(body.redirect).toBe(true);
  return { url: new URL(body.url), cookie: sessionCookie(res) };
}

/** Our callback, called as the browser would after the provider's redirect. */
function callback(query: URLSearchParams, cookie: string) {
  return t.app.inject({ method: 'GET', url: `${CALLBACK_PATH}?${query}`, headers: { cookie } });
}

const setCookies = (res: { headers: Record<string, unknown> }) => {
  const raw = res.headers['set-cookie'] as string | string[] | undefined;
  return Array.isArray(raw) ? raw : raw ? [raw] : [];
};
/** A session cookie that is set, not one that is being cleared. */
const setsSession = (res: { headers: Record<string, unknown> }) =>
  setCookies(res).some((c) => /session_token=[^;]+/.test(c) && !/max-age=0/i.test(c));

describe('sign-in with the configured OpenID provider', () => {
  it(
    'runs the authorization-code flow end to end and ends logged in as a customer',
    { timeout: 15_000 },
    async () => {
      const { url, cookie } = await startSignIn();

      // The authorization request our client builds from the provider's discovery document.
      expect(url.origin + url.pathname).toBe(`${idp.issuer}/auth`);
      const params = url.searchParams;
      expect(params.get('client_id')).toBe(idp.clientId);
      expect(params.get('response_type')).toBe('code');
      expect(params.get('redirect_uri')).toBe(`${ORIGIN}${CALLBACK_PATH}`);
      expect(params.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
      expect(params.get('code_challenge_method')).toBe('S256');
      expect(params.get('code_challenge')).toBeTruthy();
      expect(params.get('state')).toBeTruthy();
      expect(cookie).not.toBe('');

      // The browser at the provider: login form, consent, then back to us with a code.
      const back = await idp.authorize(url.href, OLIVIA.sub);
      expect(back.origin + back.pathname).toBe(`${ORIGIN}${CALLBACK_PATH}`);
      expect(back.searchParams.get('error'), back.href).toBeNull();
      expect(back.searchParams.get('code')).toBeTruthy();
      expect(back.searchParams.get('state')).toBe(params.get('state'));

      const res = await callback(back.searchParams, cookie);
      expect(res.statusCode, res.body).toBe(302);
      expect(res.headers.location).toBe(`${ORIGIN}/dashboard`);
      expect(setsSession(res)).toBe(true);
      const headers = { cookie: sessionCookie(res), origin: ORIGIN };

      const session = await t.app.inject({ url: '/api/auth/get-session', headers });
      expect(session.statusCode).toBe(200);
      expect(session.json()).toMatchObject({
        user: { email: OLIVIA.email, name: OLIVIA.name, emailVerified: true },
      });

      const me = await t.app.inject({ url: `/api/user/${OLIVIA.email}`, headers });
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json()).toEqual({ email: OLIVIA.email, role: 'user' });

      // Replaying the provider's redirect logs nobody in again: the state is single-use.
      const replay = await callback(back.searchParams, cookie);
      expect(replay.statusCode).toBe(302);
      expect(replay.headers.location).toContain('error=');
      expect(setsSession(replay)).toBe(false);
    },
  );

  it('a forged state on the callback logs nobody in', { timeout: 15_000 }, async () => {
    const { url, cookie } = await startSignIn();
    const back = await idp.authorize(url.href, OLIVIA.sub);
    const code = back.searchParams.get('code');
    expect(code).toBeTruthy();

    // A genuine code with a state the shop never issued, with and without the browser's state cookie.
    for (const jar of [cookie, '']) {
      const forged = new URLSearchParams({ code: code ?? '', state: 'forged-state-value' });
      const res = await callback(forged, jar);
      expect(res.statusCode, res.body).toBe(302);
      expect(res.headers.location).toBe(`${ORIGIN}/api/auth/error?error=state_mismatch`);
      expect(setsSession(res)).toBe(false);
    }
  });
});
