import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { ORIGIN, sessionCookie, signUp, signUpAdmin, uniqueEmail, type Client } from '../../test/auth';
import { cartApi, makeCartProduct } from '../../test/cart';

// Issue 39 item 6 (decision 055): a sign-up naming a known address gets a session that lives and behaves like a new
// account's to a caller who cannot read the mailbox, and never reaches the real account.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false', AUTH_RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

async function signUpAs(email: string, name: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    payload: { email, password: 'chosen-by-caller', name },
  });
  expect(res.statusCode, res.body).toBe(200);
  const client: Client = { email, headers: { cookie: sessionCookie(res), origin: ORIGIN } };
  return { client, body: res.json() as { user: { id: string; email: string; name: string } } };
}

/** Everything a caller without the mailbox can ask of a fresh session, in a form that must not depend on the address. */
async function whatTheCallerSees(client: Client, signedUp: { user: { id: string } }, name: string) {
  const get = (url: string) => t.app.inject({ url, headers: client.headers });
  const session = (await get('/api/auth/get-session')).json() as {
    user: { id: string; email: string; name: string; emailVerified: boolean };
  } | null;
  const profile = await get(`/api/userprofile/${client.email}`);
  const cart = await get(`/api/cart/${client.email}`);
  const orders = await get(`/api/myorder/${client.email}`);
  const company = await t.app.inject({
    method: 'POST',
    url: '/api/companies',
    headers: client.headers,
    payload: { name: `Co ${Math.random()}`, taxId: '12-3456789' },
  });
  const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: client.headers });
  const after = (await get('/api/auth/get-session')).json();
  return {
    session: session && {
      sameId: session.user.id === signedUp.user.id,
      sameEmail: session.user.email === client.email,
      sameName: session.user.name === name,
      emailVerified: session.user.emailVerified,
    },
    profile: [profile.statusCode, profile.json().email === client.email, profile.json().name === name],
    cart: [cart.statusCode, cart.json().lines],
    orders: [orders.statusCode, orders.json()],
    company: [company.statusCode, company.json().message],
    signOut: out.statusCode,
    after,
  };
}

describe('sign-up with a known address', () => {
  it('gives a live session that answers as a new account does (4 known, 4 new addresses)', async () => {
    const product = await makeCartProduct(t.app, { priceCents: 1_000 });
    const owners: Client[] = [];
    for (let i = 0; i < 4; i++) {
      const owner = await signUp(t.app, { name: 'Real Owner', verified: i % 2 === 0 });
      // The real account has something to lose: a cart line a ghost must never see.
      expect((await cartApi(t.app, owner).add(product.id, 2)).statusCode).toBe(200);
      owners.push(owner);
    }
    const addresses = owners.flatMap((o, i) => [
      { email: o.email, known: true },
      { email: uniqueEmail(`new${i}`), known: false },
    ]);
    const seen: { known: boolean; what: unknown }[] = [];
    for (const [i, a] of addresses.entries()) {
      const name = `Caller ${i}`;
      const { client, body } = await signUpAs(a.email, name);
      seen.push({ known: a.known, what: await whatTheCallerSees(client, body, name) });
    }
    const fresh = seen.find((s) => !s.known)!.what;
    expect(fresh).toMatchObject({
      session: { sameId: true, sameEmail: true, sameName: true, emailVerified: false },
      cart: [200, []],
      orders: [200, []],
      signOut: 200,
      after: null,
    });
    for (const s of seen) expect(s.what, s.known ? 'a known address' : 'a new address').toEqual(fresh);

    // The real accounts are untouched: same name, same cart, still signed in, and still the only ones on their address.
    for (const owner of owners) {
      const session = (
        await t.app.inject({ url: '/api/auth/get-session', headers: owner.headers })
      ).json() as { user: { email: string; name: string } } | null;
      expect(session?.user).toMatchObject({ email: owner.email, name: 'Real Owner' });
      const cart = (await cartApi(t.app, owner).get()).json() as { lines: { quantity: number }[] };
      expect(cart.lines.map((l) => l.quantity)).toEqual([2]);
      expect(await t.database.db.select().from(user).where(eq(user.email, owner.email))).toHaveLength(1);
    }
    // The admin's list of people shows each owner once and no ghost.
    const admin = await signUpAdmin(t.app);
    const people = (
      await t.app.inject({ url: '/api/user?sort=newest&limit=100', headers: admin.headers })
    ).json() as { email: string }[];
    for (const owner of owners) expect(people.filter((p) => p.email === owner.email)).toHaveLength(1);
    expect(people.filter((p) => p.email.endsWith('.invalid'))).toEqual([]);
  });

  it('signs in again later with the claimed address and the password chosen, as a new account does', async () => {
    const owner = await signUp(t.app, { name: 'Real Owner', verified: true });
    const signIn = (email: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        payload: { email, password },
      });
    const later = async (email: string) => {
      const { client, body } = await signUpAs(email, 'Later Caller');
      await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: client.headers });
      const wrong = await signIn(email, 'not-the-one-chosen');
      const right = await signIn(email, 'chosen-by-caller');
      const headers = { cookie: sessionCookie(right), origin: ORIGIN };
      const session = (await t.app.inject({ url: '/api/auth/get-session', headers })).json() as {
        user: { id: string; email: string };
      } | null;
      return {
        wrong: wrong.statusCode,
        right: [right.statusCode, (right.json() as { user?: { email?: string } }).user?.email === email],
        session: session && { sameId: session.user.id === body.user.id, email: session.user.email === email },
      };
    };
    const fresh = await later(uniqueEmail('later'));
    expect(fresh).toEqual({ wrong: 401, right: [200, true], session: { sameId: true, email: true } });
    expect(await later(owner.email)).toEqual(fresh);
    // The real owner's own password still reaches the real account, never the ghost.
    const real = await signIn(owner.email, 'secret123');
    expect(real.statusCode).toBe(200);
    const realSession = (
      await t.app.inject({
        url: '/api/auth/get-session',
        headers: { cookie: sessionCookie(real), origin: ORIGIN },
      })
    ).json() as { user: { name: string; email: string } };
    expect(realSession.user).toMatchObject({ name: 'Real Owner', email: owner.email });
  });

  // Found while checking item 6 again: Better Auth answered a ghost's resend 400 "Email mismatch", a new account's 200.
  it('asks for the verification mail again as a new account does', async () => {
    const owner = await signUp(t.app, { name: 'Real Owner', verified: true });
    const unverifiedOwner = await signUp(t.app, { name: 'Real Owner' });
    const resend = async (email: string) => {
      const { client } = await signUpAs(email, 'Resending Caller');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/send-verification-email',
        headers: { ...client.headers, 'content-type': 'application/json' },
        payload: { email },
      });
      return [res.statusCode, res.body];
    };
    const fresh = await resend(uniqueEmail('resend'));
    expect(fresh[0]).toBe(200);
    expect(await resend(owner.email)).toEqual(fresh);
    expect(await resend(unverifiedOwner.email)).toEqual(fresh);
    // Nothing goes to the stand-in addresses ghosts are stored under.
    expect(t.mail.sent.filter((m) => m.to.endsWith('.invalid'))).toEqual([]);
  });

  it('refuses a sign-up with an address of the kind the shop makes up for these sessions', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: { email: 'ghost-61-0a0b0c0d0e0f@ghost.invalid', password: 'secret123', name: 'Sly' },
    });
    expect(res.statusCode).toBe(400);
  });
});
