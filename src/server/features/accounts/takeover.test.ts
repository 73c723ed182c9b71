import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { ORIGIN, sessionCookie, signIn, signUp, uniqueEmail } from '../../test/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' });
}, 300_000);
afterAll(() => t.close());

const verifyLink = (email: string) => {
  const link = t.mail.linksTo(email).find((l) => l.includes('/verify-email?'));
  if (!link) throw new Error(`no verification mail to ${email}`);
  return link.replace(ORIGIN, '');
};
const whoAmI = async (cookie: string) =>
  (await t.app.inject({ url: '/api/auth/get-session', headers: { cookie } })).json() as {
    user: { email: string; emailVerified: boolean };
  } | null;
const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 50 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  return check();
};

describe('pre-registration takeover', () => {
  it("the attacker who signed up with the victim's address loses the account when the victim verifies", async () => {
    const victim = uniqueEmail('victim');
    const attacker = await signUp(t.app, { email: victim, password: 'attacker-pass' });
    expect(await whoAmI(attacker.headers.cookie!)).toMatchObject({ user: { email: victim } });

    // The victim opens the mailed link in their own browser: no session of the attacker there.
    const verify = await t.app.inject({ url: verifyLink(victim) });
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toBe(`${ORIGIN}/email-verified`);
    expect(sessionCookie(verify)).not.toMatch(/session_token=[^;]/);

    expect((await signIn(t.app, victim, 'attacker-pass')).statusCode).toBe(401);
    expect(await whoAmI(attacker.headers.cookie!)).toBeNull();

    // The mailbox owner takes the account with a reset link, as the verified page suggests.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: { email: victim, redirectTo: `${ORIGIN}/reset-password` },
    });
    expect(reset.statusCode).toBe(200);
    expect(await waitFor(() => t.mail.linksTo(victim).some((l) => l.includes('/reset-password/')))).toBe(
      true,
    );
  });

  it('the same link opened from another site signs nobody in (no login CSRF)', async () => {
    const email = uniqueEmail('csrf');
    await signUp(t.app, { email, password: 'attacker-pass' });
    const visit = await t.app.inject({
      url: verifyLink(email),
      headers: { referer: 'https://evil.example/', 'sec-fetch-site': 'cross-site' },
    });
    expect(visit.statusCode).toBe(302);
    expect(sessionCookie(visit)).not.toMatch(/session_token=[^;]/);
  });

  it('verifying in the session that signed up keeps the password and the session', async () => {
    const owner = await signUp(t.app, { password: 'my-own-pass' });
    const verify = await t.app.inject({ url: verifyLink(owner.email), headers: owner.headers });
    expect(verify.statusCode).toBe(302);
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
    // It answers like a new sign-up (decision 012), but its cookie signs nobody in.
    const session = await t.app.inject({
      url: '/api/auth/get-session',
      headers: { cookie: sessionCookie(first) },
    });
    expect(session.json()).toBeNull();
    expect((await signIn(t.app, owner.email, 'attacker-pass')).statusCode).toBe(401);
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
