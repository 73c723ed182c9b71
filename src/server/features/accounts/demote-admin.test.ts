import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { signUp, uniqueEmail, type Client } from '../../test/auth';
import { auditEntries } from '../../test/admin';
import { user } from '../../db/schema';
import { eq } from 'drizzle-orm';

let t: TestApp, admin: Client, customer: Client;
beforeAll(async () => {
  // The races below need many admins, more than the sign-up limit lets one address create.
  t = await createTestApp({ SEED_DEMO: 'false', AUTH_RATE_LIMIT: 'false' });
  customer = await signUp(t.app, { name: 'Casey', verified: true });
  admin = await signUpAdmin();
});
afterAll(() => t.close());

const demote = (email: string, who: Client = admin) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/user/${encodeURIComponent(email)}/admin`,
    headers: who.headers,
  });
const roleOf = async (email: string) =>
  (await t.app.inject({ url: `/api/user/${encodeURIComponent(email)}`, headers: admin.headers })).json().role;
async function signUpAdmin(): Promise<Client> {
  const c = await signUp(t.app, { email: uniqueEmail('admin') });
  await t.database.db.update(user).set({ role: 'admin' }).where(eq(user.email, c.email));
  return c;
}
/** Leaves exactly these clients as the shop's admins. */
async function onlyAdmins(...clients: Client[]) {
  await t.database.db.update(user).set({ role: 'user' });
  for (const c of clients)
    await t.database.db.update(user).set({ role: 'admin' }).where(eq(user.email, c.email));
}

describe('DELETE /api/user/{email}/admin', () => {
  it('makes another admin a customer, audited; their session loses the admin calls at once', async () => {
    const other = await signUpAdmin();
    // Resolved (and cached) as an admin first, so the demotion has to drop that.
    expect((await t.app.inject({ url: '/api/user', headers: other.headers })).statusCode).toBe(200);
    const res = await demote(other.email);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true });
    expect(await roleOf(other.email)).toBe('user');
    expect((await t.app.inject({ url: '/api/user', headers: other.headers })).statusCode).toBe(403);
    const [entry] = await auditEntries(t.app, admin, 'user.demoted');
    expect(entry).toMatchObject({
      actorEmail: admin.email,
      before: { role: 'admin' },
      after: { role: 'user' },
    });
    // The spec's promotion still works on the demoted user.
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${encodeURIComponent(other.email)}`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(200);
    expect(await roleOf(other.email)).toBe('admin');
  });

  it('refuses to demote oneself with a 409 saying why, and changes nothing', async () => {
    await signUpAdmin();
    const res = await demote(admin.email);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You cannot demote yourself: ask another admin to do it.');
    expect(await roleOf(admin.email)).toBe('admin');
  });

  it('changes nothing for a customer (like promoting an admin), 404 for an unknown user, 400 for a bad email', async () => {
    const before = (await auditEntries(t.app, admin, 'user.demoted')).length;
    expect((await demote(customer.email)).statusCode).toBe(200);
    expect(await roleOf(customer.email)).toBe('user');
    expect(await auditEntries(t.app, admin, 'user.demoted')).toHaveLength(before);
    expect((await demote('nobody@example.com')).statusCode).toBe(404);
    expect((await demote('not-an-email')).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const other = await signUpAdmin();
    expect((await demote(other.email, customer)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/user/${encodeURIComponent(other.email)}/admin` }))
        .statusCode,
    ).toBe(401);
    expect(await roleOf(other.email)).toBe('admin');
  });

  it('never leaves the shop without an admin when two admins demote each other at once', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = [await signUpAdmin(), await signUpAdmin()];
      await onlyAdmins(a, b);
      const answers = await Promise.all([demote(b.email, a), demote(a.email, b)]);
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
      // Run one after the other (PGlite), the second caller is no longer an admin when the guard looks (403); run
      // together, both pass the guard and the locked count refuses the second (409).
      const refused = answers.find((r) => r.statusCode !== 200)!;
      if (refused.statusCode === 409)
        expect(refused.json().message).toMatch(/is the last admin: make someone else an admin first\.$/);
      else expect(refused.statusCode).toBe(403);
      const admins = await t.database.db.select().from(user).where(eq(user.role, 'admin'));
      expect(admins).toHaveLength(1);
    }
    await onlyAdmins(admin);
  });

  it('refuses an admin demoted meanwhile: 403, even when other admins remain', async () => {
    const [a, b, c] = [await signUpAdmin(), await signUpAdmin(), await signUpAdmin()];
    await onlyAdmins(a, b, c);
    const answers = await Promise.all([demote(b.email, a), demote(c.email, b)]);
    const admins = (await t.database.db.select().from(user).where(eq(user.role, 'admin'))).map(
      (u) => u.email,
    );
    // Whichever ran first, B lost the role: either B's demotion ran before and C went too, or it found B demoted.
    if (answers[1]!.statusCode === 200) expect(admins.sort()).toEqual([a.email]);
    else {
      expect(answers[1]!.statusCode).toBe(403);
      expect(answers[1]!.json().message).toMatch(/^(You are no longer an admin|Only admins can do this)\.$/);
      expect(admins.sort()).toEqual([a.email, c.email].sort());
    }
    expect(answers[0]!.statusCode).toBe(200);
    await onlyAdmins(admin);
  });
});
