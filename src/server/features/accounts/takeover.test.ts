import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { ORIGIN, sessionCookie, signIn, signUp, uniqueEmail } from '../../test/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' });
}, 300_000);
afterAll(() => t.close());

/** The token of the mailed verification link, which opens the shop's page (it verifies nothing by itself). */
const verifyToken = (email: string) => {
  const link = t.mail.linksTo(email).findLast((l) => l.includes('/verify-email?'));
  if (!link) throw new Error(`no verification mail to ${email}`);
  return new URL(link).searchParams.get('token')!;
};
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers },
    payload,
  });
const whoAmI = async (cookie: string) =>
  (await t.app.inject({ url: '/api/auth/get-session', headers: { cookie } })).json() as {
    user: { email: string; emailVerified: boolean };
  } | null;
const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 50 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  return check();
};

describe('pre-registration takeover', () => {
  it("the attacker who signed up with the victim's address loses the account when the victim answers the link", async () => {
    const victim = uniqueEmail('victim');
    const attacker = await signUp(t.app, { email: victim, password: 'attacker-pass' });
    expect(await whoAmI(attacker.headers.cookie!)).toMatchObject({ user: { email: victim } });
    const token = verifyToken(victim);

    // The victim opens the mailed link in their own browser: no session of the attacker there, so the page asks
    // for the password, which the victim does not know. Guessing verifies nothing.
    const guess = await post('/api/email-verification', { token, password: 'victims-own-pass' });
    expect(guess.statusCode).toBe(401);
    const withoutPassword = await post('/api/email-verification', { token });
    expect(withoutPassword.statusCode).toBe(400);
    expect((await whoAmI(attacker.headers.cookie!))?.user.emailVerified).toBe(false);

    // "I didn't create this account": the attacker's account, password and sessions go.
    const declined = await post('/api/email-verification/decline', { token });
    expect(declined.statusCode).toBe(200);
    expect(sessionCookie(declined)).toBe('');
    expect((await signIn(t.app, victim, 'attacker-pass')).statusCode).toBe(401);
    expect(await whoAmI(attacker.headers.cookie!)).toBeNull();

    // The mailbox owner registers the address with a password of their own and verifies it in that session.
    const owner = await signUp(t.app, { email: victim, password: 'victims-own-pass', ip: '10.0.0.2' });
    expect(
      (await post('/api/email-verification', { token: verifyToken(victim) }, owner.headers)).statusCode,
    ).toBe(200);
    expect(await whoAmI(owner.headers.cookie!)).toMatchObject({
      user: { email: victim, emailVerified: true },
    });
    expect((await signIn(t.app, victim, 'victims-own-pass')).statusCode).toBe(200);
    expect((await signIn(t.app, victim, 'attacker-pass')).statusCode).toBe(401);
    // The attacker's old link is worthless now: it names an account that no longer exists.
    expect((await post('/api/email-verification/decline', { token })).statusCode).toBe(404);
  });

  it('the attacker cannot finish the verification without the mailbox, and a link signs nobody in', async () => {
    const email = uniqueEmail('csrf');
    const attacker = await signUp(t.app, { email, password: 'attacker-pass' });
    // Only the mailbox has the token; anything else is refused whatever session sends it.
    const forged = await post('/api/email-verification', { token: 'forged' }, attacker.headers);
    expect(forged.statusCode).toBe(400);
    const visit = await t.app.inject({
      url: `/api/auth/verify-email?token=${verifyToken(email)}`,
      headers: { referer: 'https://evil.example/', 'sec-fetch-site': 'cross-site' },
    });
    expect(visit.statusCode).toBe(302);
    expect(sessionCookie(visit)).not.toMatch(/session_token=[^;]/);
    expect((await whoAmI(attacker.headers.cookie!))?.user.emailVerified).toBe(false);
  });

  it('verifying in the session that signed up keeps the password and the session', async () => {
    const owner = await signUp(t.app, { password: 'my-own-pass' });
    const verify = await post('/api/email-verification', { token: verifyToken(owner.email) }, owner.headers);
    expect(verify.statusCode).toBe(200);
    expect(await whoAmI(owner.headers.cookie!)).toMatchObject({ user: { emailVerified: true } });
    expect((await signIn(t.app, owner.email, 'my-own-pass')).statusCode).toBe(200);
  });

  it('a sign-up naming an unverified address takes no password, signs nobody in and re-sends the mail, once', async () => {
    const owner = await signUp(t.app, { password: 'owner-pass' });
    const mailsBefore = t.mail.sent.filter((m) => m.to === owner.email).length;
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        payload: { email: owner.email, password: 'attacker-pass', name: 'Mallory' },
      });
    const first = await attempt();
    expect(first.statusCode).toBe(200);
    // It answers like a new sign-up (decision 012), and its cookie signs in a ghost account of its own (decision
    // 055): never the owner's.
    const session = await t.app.inject({
      url: '/api/auth/get-session',
      headers: { cookie: sessionCookie(first) },
    });
    const ownerSession = await t.app.inject({ url: '/api/auth/get-session', headers: owner.headers });
    expect(session.json().user).toMatchObject({ email: owner.email, name: 'Mallory', emailVerified: false });
    expect(session.json().user.id).not.toBe(ownerSession.json().user.id);
    // Signing in again with the attacker's password reaches the attacker's own ghost, as a new account's sign-in
    // would (decision 055): never the owner's account.
    const again = await signIn(t.app, owner.email, 'attacker-pass');
    expect(again.statusCode).toBe(200);
    const againSession = await t.app.inject({
      url: '/api/auth/get-session',
      headers: { cookie: sessionCookie(again) },
    });
    expect(againSession.json().user).toMatchObject({ id: session.json().user.id, name: 'Mallory' });
    expect((await signIn(t.app, owner.email, 'neither-pass')).statusCode).toBe(401);
    expect((await signIn(t.app, owner.email, 'owner-pass')).statusCode).toBe(200);
    expect(
      await waitFor(() => t.mail.sent.filter((m) => m.to === owner.email).length === mailsBefore + 1),
    ).toBe(true);
    // Repeating it within the window sends nothing more: no mail bombing through sign-up.
    expect((await attempt()).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(t.mail.sent.filter((m) => m.to === owner.email)).toHaveLength(mailsBefore + 1);
  });
});
