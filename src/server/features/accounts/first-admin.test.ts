// Issue 39 item 16: a first start without ADMIN_EMAIL prints a one-time link that creates the first admin.
// Both databases: one token row under an insert-or-nothing and a row lock, and starts side by side, on both drivers.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { user, verification } from '../../db/schema';
import { captureMailer, createTestApp, testPasswordHashing, type TestApp } from '../../test/helper';
import { ORIGIN, sessionCookie, signIn, signUp, uniqueEmail } from '../../test/auth';
import { purgeAuthLimits } from '../../http/auth-limits';
import { FIRST_ADMIN_ATTEMPTS, issueFirstAdminToken } from './first-admin';

/** What the terminal shows while `start` runs. */
async function printedBy<T>(start: () => Promise<T>): Promise<{ result: T; printed: string }> {
  let printed = '';
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    printed += String(chunk);
    return true;
  });
  try {
    return { result: await start(), printed };
  } finally {
    write.mockRestore();
  }
}

const LINK = /(http:\/\/\S+\/setup-admin\?token=([\w-]+))/;

/** Another start of the shop on the same database and data folder (so the same secret); what it printed. */
async function restart(t: TestApp): Promise<string> {
  const { result: app, printed } = await printedBy(async () => {
    const again = await buildApp(t.config, {
      database: t.database,
      skipMigrations: true,
      mailer: captureMailer(),
      passwordHashing: testPasswordHashing,
    });
    await again.ready();
    return again;
  });
  await app.close();
  return printed;
}

let t: TestApp;
let printed = '';
beforeAll(async () => {
  ({ result: t, printed } = await printedBy(() => createTestApp({ SEED_DEMO: 'false' })));
});
afterAll(() => t.close());

const setup = (body: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/setup/first-admin',
    headers: { origin: ORIGIN },
    payload: body,
    remoteAddress,
  });
const secret = async () => (await t.app.auth.$context).secret;
const tokenRows = () =>
  t.database.db.select().from(verification).where(eq(verification.identifier, 'first-admin-setup'));

describe('the first start with no admin', () => {
  const owner = uniqueEmail('owner');
  let token = '';

  it('prints a link to the setup page carrying a token', () => {
    const link = LINK.exec(printed);
    expect(link, printed).not.toBeNull();
    expect(printed).toContain("First start: no admin yet. Create the shop's admin here");
    token = link![2]!;
    expect(token.length).toBeGreaterThanOrEqual(32);
  });

  it('refuses a wrong token (403) without hashing its password, and a short password (400), creating nobody', async () => {
    const hash = vi.spyOn((await t.app.auth.$context).password, 'hash');
    try {
      const wrong = await setup({
        token: 'x'.repeat(43),
        name: 'Owner',
        email: owner,
        password: 'long enough pass',
      });
      expect(wrong.statusCode).toBe(403);
      expect(hash).not.toHaveBeenCalled();
    } finally {
      hash.mockRestore();
    }
    const short = await setup({ token, name: 'Owner', email: owner, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ field: 'password' });
    expect((await signIn(t.app, owner, 'long enough pass')).statusCode).toBe(401);
  });

  it('survives restarts until used: the next start prints the same link, and so do two instances starting at once', async () => {
    expect(LINK.exec(await restart(t))?.[2]).toBe(token);
    const both = await Promise.all([issueFirstAdminToken(t.database.db, await secret()), restart(t)]);
    expect(both[0]).toBe(token);
    expect(LINK.exec(both[1])?.[2]).toBe(token);
    expect(await tokenRows()).toHaveLength(1);
  });

  it('stores only a hash of the token: the database alone does not give the link away', async () => {
    const [row] = await tokenRows();
    expect(row!.value).not.toContain(token);
  });

  it('is replaced when the secret changed, since the old link cannot be printed again', async () => {
    const other = await issueFirstAdminToken(t.database.db, 'another secret of at least 32 characters');
    expect(other).not.toBe(token);
    const body = { name: 'A', email: uniqueEmail('a'), password: 'long enough pass' };
    expect((await setup({ token, ...body })).statusCode).toBe(403);
    token = (await issueFirstAdminToken(t.database.db, await secret()))!;
    expect(token).not.toBe(other);
    expect((await setup({ token: other, ...body })).statusCode).toBe(403);
    expect(await tokenRows()).toHaveLength(1);
  });

  it('answers 409 naming the email when the address is registered', async () => {
    const customer = await signUp(t.app, { name: 'Early Bird', verified: true });
    const taken = await setup({ token, name: 'A', email: customer.email, password: 'long enough pass' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ field: 'email' });
  });

  it('is dead once an admin exists another way (409), and the next start deletes it (403, no link printed)', async () => {
    const customer = await signUp(t.app, { name: 'Promoted Elsewhere', verified: true });
    const byEmail = eq(user.email, customer.email);
    await t.database.db.update(user).set({ role: 'admin' }).where(byEmail);
    const body = { token, name: 'A', email: uniqueEmail('b'), password: 'long enough pass' };
    expect((await setup(body)).statusCode).toBe(409);
    const printedAgain = await restart(t);
    expect(printedAgain).not.toMatch(LINK);
    expect(await tokenRows()).toHaveLength(0);
    expect((await setup(body)).statusCode).toBe(403);
    // Without that admin the shop is back to its first start: a new link.
    await t.database.db.update(user).set({ role: 'user' }).where(byEmail);
    token = LINK.exec(await restart(t))![2]!;
  });

  it('counts attempts per client address like sign-in: 429 with Retry-After past the limit', async () => {
    const body = {
      token: 'y'.repeat(43),
      name: 'Guess',
      email: uniqueEmail('g'),
      password: 'long enough pass',
    };
    for (let i = 0; i < FIRST_ADMIN_ATTEMPTS.max; i++)
      expect((await setup(body, '203.0.113.7')).statusCode).toBe(403);
    const limited = await setup({ ...body, token }, '203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held up by it.
    expect((await setup(body, '203.0.113.8')).statusCode).toBe(403);
    // The count goes once its window is over, with the sign-in counts.
    await purgeAuthLimits(t.database.db, Date.now() + FIRST_ADMIN_ATTEMPTS.windowMs + 1);
    expect((await setup(body, '203.0.113.7')).statusCode).toBe(403);
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
    // With an admin, a restart prints no link.
    expect(await restart(t)).not.toMatch(LINK);
    expect(await issueFirstAdminToken(t.database.db, await secret())).toBeNull();
  });
});

describe('a start with ADMIN_EMAIL', () => {
  it('ensures that admin and prints no link', async () => {
    const { result: withAdmin, printed: out } = await printedBy(() =>
      createTestApp({
        SEED_DEMO: 'false',
        ADMIN_EMAIL: uniqueEmail('boss'),
        ADMIN_PASSWORD: 'boss password',
      }),
    );
    try {
      expect(out).not.toMatch(LINK);
      const rows = await withAdmin.database.db
        .select()
        .from(verification)
        .where(eq(verification.identifier, 'first-admin-setup'));
      expect(rows).toHaveLength(0);
    } finally {
      await withAdmin.close();
    }
  });
});
