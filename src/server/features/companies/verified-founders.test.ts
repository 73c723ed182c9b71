// Both databases: issue 39, item 7 (decision 045) is about who may make the shop send mail, and what a company outlives.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companyMessages,
  INVITATIONS_PER_ACCOUNT_HOUR,
  INVITATIONS_PER_COMPANY_DAY,
} from '@shared/companies/companies.schema';
import { user } from '../../db/schema';
import { apiCaller } from '../../test/companies';
import { ORIGIN, signUp, uniqueEmail, type Client } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/helper';

let t: TestApp;
const call = apiCaller(() => t.app);

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false', AUTH_RATE_LIMIT: 'false' });
}, 300_000);
afterAll(() => t.close());

const setVerified = (email: string, verified: boolean) =>
  t.app.database.db.update(user).set({ emailVerified: verified }).where(eq(user.email, email));

const invitationMails = (to: string) =>
  t.mail.sent.filter((m) => m.to.toLowerCase() === to.toLowerCase() && /invited you to/.test(m.subject));

async function founded(by: Client, name = 'Founded Co') {
  const res = await call(by, 'POST', '/companies', { name, taxId: '11-1111111' });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { _id: string })._id;
}

/** The token of the latest mail to `email` whose link includes `part`. */
const tokenIn = (email: string, part: string) => {
  const link = t.mail.linksTo(email).findLast((l) => l.includes(part));
  if (!link) throw new Error(`no ${part} mail to ${email}`);
  return new URL(link).searchParams.get('token')!;
};

describe('an account that never verified its address', () => {
  it('cannot create a company: 403 with a clear message, and no company exists', async () => {
    const una = await signUp(t.app, { name: 'Una Unverified' });
    const res = await call(una, 'POST', '/companies', { name: 'Phish & Co', taxId: '12-3456789' });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ error: 'forbidden', message: companyMessages.verifyToCreate });
    expect((await call(una, 'GET', '/companies/mine')).json()).toEqual({ company: null });
    // Once verified, the same call works.
    await setVerified(una.email, true);
    await founded(una);
  });

  it('cannot invite anyone, even as the admin of a company: 403, nothing mailed', async () => {
    const vic = await signUp(t.app, { name: 'Vic Founder', verified: true });
    const company = await founded(vic, 'Vic Co');
    // An address that is no longer verified (an admin made before the rule, or a changed address).
    await setVerified(vic.email, false);
    const target = uniqueEmail('target');
    const res = await call(vic, 'POST', `/companies/${company}/invitations`, {
      email: target,
      roles: ['buyer'],
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ error: 'forbidden', message: companyMessages.verifyToInvite });
    expect(invitationMails(target)).toEqual([]);
  });
});

describe('invitations are rate limited', () => {
  it(`per account: ${INVITATIONS_PER_ACCOUNT_HOUR} an hour, withdrawn ones included; then 429 with Retry-After`, async () => {
    const ida = await signUp(t.app, { name: 'Ida Inviter', verified: true });
    const company = await founded(ida, 'Ida Co');
    for (let i = 0; i < INVITATIONS_PER_ACCOUNT_HOUR; i++) {
      const res = await call(ida, 'POST', `/companies/${company}/invitations`, {
        email: uniqueEmail(`inv${i}`),
        roles: ['buyer'],
      });
      expect(res.statusCode, res.body).toBe(201);
      // Withdrawing does not give the mail back.
      const withdrawn = await call(ida, 'DELETE', `/companies/${company}/invitations/${res.json()._id}`);
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    }
    const target = uniqueEmail('one-too-many');
    const refused = await call(ida, 'POST', `/companies/${company}/invitations`, {
      email: target,
      roles: ['buyer'],
    });
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toMatchObject({
      error: 'rate_limited',
      message: companyMessages.invitationsPerHour(INVITATIONS_PER_ACCOUNT_HOUR),
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3_000);
    expect(retryAfter).toBeLessThanOrEqual(3_600);
    expect(invitationMails(target)).toEqual([]);
  });

  it(`per company: ${INVITATIONS_PER_COMPANY_DAY} a day, whichever admin sends them`, async () => {
    const jan = await signUp(t.app, { name: 'Jan Founder', verified: true });
    const company = await founded(jan, 'Busy Co');
    // The day's earlier invitations of other admins: their audit entries, as sending them would have written.
    await t.app.database.db.execute(sql`
      insert into audit_log (actor_id, actor_email, kind, entity_type, entity_id, summary, created_at)
      select null, 'earlier-admin@example.com', 'company_invitation.sent', 'company', ${company}, 'Invited someone',
        now() - interval '23 hours'
      from generate_series(1, ${INVITATIONS_PER_COMPANY_DAY})`);
    const refused = await call(jan, 'POST', `/companies/${company}/invitations`, {
      email: uniqueEmail('day'),
      roles: ['buyer'],
    });
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().message).toBe(
      companyMessages.companyInvitationsPerDay(INVITATIONS_PER_COMPANY_DAY),
    );
    // The oldest of them leaves the day in about an hour.
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3_600);
  });
});

describe('a company whose last admin account is deleted', () => {
  const decline = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/email-verification/decline',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: { token },
    });

  it('goes with its pending invitations, whose links stop working', async () => {
    const kai = await signUp(t.app, { name: 'Kai Squatter', verified: true });
    const company = await founded(kai, 'Left Behind Co');
    const invitee = await signUp(t.app, { name: 'Invitee', verified: true });
    expect(
      (
        await call(kai, 'POST', `/companies/${company}/invitations`, {
          email: invitee.email,
          roles: ['admin'],
        })
      ).statusCode,
    ).toBe(201);
    const invitation = tokenIn(invitee.email, '/company/join?');
    // Kai's address turns out not to be theirs: unverified again, the mailbox owner removes the account.
    await setVerified(kai.email, false);
    const removed = await decline(tokenIn(kai.email, '/verify-email?'));
    expect(removed.statusCode, removed.body).toBe(200);

    const accept = await call(invitee, 'POST', `/company-invitations/${invitation}/accept`);
    expect(accept.statusCode, accept.body).toBe(404);
    expect((await call(invitee, 'GET', '/companies/mine')).json()).toEqual({ company: null });
    const { rows } = await t.app.database.db.execute(sql`select 1 from companies where id = ${company}`);
    expect(rows).toEqual([]);
  });

  it('stays when another verified admin remains, and its invitations still work', async () => {
    const lou = await signUp(t.app, { name: 'Lou Founder', verified: true });
    const company = await founded(lou, 'Kept Co');
    const max = await signUp(t.app, { name: 'Max Admin', verified: true });
    await call(lou, 'POST', `/companies/${company}/invitations`, { email: max.email, roles: ['admin'] });
    expect(
      (await call(max, 'POST', `/company-invitations/${tokenIn(max.email, '/company/join?')}/accept`))
        .statusCode,
    ).toBe(200);
    const invitee = await signUp(t.app, { name: 'Later Buyer', verified: true });
    await call(lou, 'POST', `/companies/${company}/invitations`, { email: invitee.email, roles: ['buyer'] });
    await setVerified(lou.email, false);
    expect((await decline(tokenIn(lou.email, '/verify-email?'))).statusCode).toBe(200);

    const accept = await call(
      invitee,
      'POST',
      `/company-invitations/${tokenIn(invitee.email, '/company/join?')}/accept`,
    );
    expect(accept.statusCode, accept.body).toBe(200);
    expect((await call(max, 'GET', '/companies/mine')).json().company).toMatchObject({ _id: company });
  });
});

describe('a company whose last verified admin leaves or is demoted (decision 076)', () => {
  /** A company of a verified founder with a second admin, and one pending invitation of the founder's. */
  async function twoAdmins(secondVerified: boolean) {
    const founder = await signUp(t.app, { name: 'Nia Founder', verified: true });
    const company = await founded(founder, `Two Admins ${Math.random()}`);
    const second = await signUp(t.app, { name: 'Oli Second', verified: true });
    await call(founder, 'POST', `/companies/${company}/invitations`, {
      email: second.email,
      roles: ['admin'],
    });
    const joined = await call(
      second,
      'POST',
      `/company-invitations/${tokenIn(second.email, '/company/join?')}/accept`,
    );
    expect(joined.statusCode, joined.body).toBe(200);
    if (!secondVerified) await setVerified(second.email, false);
    const invitee = await signUp(t.app, { name: 'Pat Invitee', verified: true });
    const sent = await call(founder, 'POST', `/companies/${company}/invitations`, {
      email: invitee.email,
      roles: ['buyer'],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    return { founder, second, company, invitee, token: tokenIn(invitee.email, '/company/join?') };
  }
  const memberId = async (who: Client, company: string) => {
    const members = (await call(who, 'GET', `/companies/${company}/members`)).json() as {
      userId: string;
      email: string;
    }[];
    return members.find((m) => m.email === who.email)!.userId;
  };

  it('withdraws its pending invitations when only unverified admins are left; the company stays', async () => {
    for (const how of ['leaves', 'is demoted'] as const) {
      const { founder, second, company, invitee, token } = await twoAdmins(false);
      const id = await memberId(founder, company);
      const res =
        how === 'leaves'
          ? await call(founder, 'DELETE', `/companies/${company}/members/${id}`)
          : await call(second, 'PUT', `/companies/${company}/members/${id}`, { roles: ['buyer'] });
      expect(res.statusCode, res.body).toBe(200);
      const accept = await call(invitee, 'POST', `/company-invitations/${token}/accept`);
      expect(accept.statusCode, `${how}: ${accept.body}`).toBe(404);
      expect((await call(invitee, 'GET', '/companies/mine')).json()).toEqual({ company: null });
      expect((await call(second, 'GET', '/companies/mine')).json().company).toMatchObject({ _id: company });
    }
  });

  it('keeps them while another verified admin remains', async () => {
    const { founder, company, invitee, token } = await twoAdmins(true);
    const left = await call(
      founder,
      'DELETE',
      `/companies/${company}/members/${await memberId(founder, company)}`,
    );
    expect(left.statusCode, left.body).toBe(200);
    const accept = await call(invitee, 'POST', `/company-invitations/${token}/accept`);
    expect(accept.statusCode, accept.body).toBe(200);
  });
});
