import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { sessionCookie, signIn, signUp, uniqueEmail, ORIGIN } from '../../test/auth';
import { ensureAdmin } from './admin-bootstrap';

const adminEmail = uniqueEmail('owner');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    SEED_DEMO: 'false',
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: 'owner-password-1',
  });
});
afterAll(() => t.close());

describe('ADMIN_EMAIL + ADMIN_PASSWORD', () => {
  it('creates a verified admin at start-up who can sign in and reach admin calls', async () => {
    const res = await signIn(t.app, adminEmail, 'owner-password-1');
    expect(res.statusCode).toBe(200);
    const headers = { cookie: sessionCookie(res), origin: ORIGIN };
    expect((await t.app.inject({ url: '/api/user', headers })).statusCode).toBe(200);
    const session = await t.app.inject({ url: '/api/auth/get-session', headers });
    expect(session.json().user).toMatchObject({ email: adminEmail, emailVerified: true, role: 'admin' });
  });

  it('is idempotent: a restart keeps one admin with the password its owner uses', async () => {
    expect(await ensureAdmin(t.app.auth, t.database.db, adminEmail, 'owner-password-1')).toBe('updated');
    const rows = await t.database.db.select().from(user).where(eq(user.email, adminEmail));
    expect(rows).toHaveLength(1);
    expect((await signIn(t.app, adminEmail, 'owner-password-1')).statusCode).toBe(200);
  });

  it('takes back an unverified account someone registered with the admin address first', async () => {
    const squatted = uniqueEmail('squat');
    const squatter = await signUp(t.app, { email: squatted, password: 'squatter-pass' });
    await ensureAdmin(t.app.auth, t.database.db, squatted, 'real-owner-pass');
    expect((await t.app.inject({ url: `/api/user/${squatted}`, headers: squatter.headers })).statusCode).toBe(
      401,
    );
    expect((await signIn(t.app, squatted, 'squatter-pass')).statusCode).toBe(401);
    expect((await signIn(t.app, squatted, 'real-owner-pass')).statusCode).toBe(200);
  });
});
