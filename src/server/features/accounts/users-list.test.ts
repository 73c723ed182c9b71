import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { UserSummary } from '@shared/accounts/accounts.schema';
import { user } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { allPages } from '../../test/paging';

let t: TestApp;
let admin: Client;
let customer: Client;
const tag = Date.now().toString(36);
const made: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false', AUTH_RATE_LIMIT: 'false' });
  admin = await signUpAdmin(t.app);
  customer = await signUp(t.app);
  // Registered a second apart, in this order, so each sort has one right answer.
  for (let i = 0; i < 12; i++) {
    const email = `${i % 2 ? 'zed' : 'amy'}-${tag}-${String(i).padStart(2, '0')}@example.com`;
    await signUp(t.app, { email, name: `User ${i}` });
    await t.app.database.db
      .update(user)
      .set({ createdAt: sql`now() + ${i} * interval '1 second'` })
      .where(eq(user.email, email));
    made.push(email);
  }
});
afterAll(() => t.close());

const get = (url: string, who: Client | null = admin) => t.app.inject({ url, headers: who?.headers ?? {} });

describe('GET /api/user, paged', () => {
  it('answers every user in registration order without parameters, as before, with the total', async () => {
    const res = await get('/api/user');
    expect(res.statusCode).toBe(200);
    const list = res.json() as UserSummary[];
    expect(list.map((u) => u.email)).toEqual([admin.email, customer.email, ...made]);
    expect(list[0]).toMatchObject({ role: 'admin', _id: expect.any(String), name: 'Admin User' });
    expect(res.headers['x-total-count']).toBe('14');
    expect(res.headers['x-next-cursor']).toBeUndefined();
  });

  it('pages newest first and by email, searching by the start of the address', async () => {
    const newest = await allPages<UserSummary>(t.app, admin, '/api/user?sort=newest&limit=5');
    expect(newest.pages.map((p) => p.length)).toEqual([5, 5, 4]);
    expect(newest.items.slice(0, 12).map((u) => u.email)).toEqual([...made].reverse());
    const zeds = await allPages<UserSummary>(t.app, admin, `/api/user?sort=email&limit=4&q=ZED-${tag}`);
    expect(zeds.total).toBe(6);
    expect(zeds.items.map((u) => u.email)).toEqual(made.filter((e) => e.startsWith('zed')).sort());
  });

  it('filters by role', async () => {
    const admins = (await get('/api/user?role=admin')).json() as UserSummary[];
    expect(admins.map((u) => u.email)).toEqual([admin.email]);
    const customers = await get('/api/user?role=user&limit=1');
    expect(customers.headers['x-total-count']).toBe('13');
  });

  it.each([
    ['limit=-1', 'limit'],
    ['limit=1.5', 'limit'],
    ['sort=name', 'sort'],
    ['role=owner', 'role'],
    ['cursor=WyJvbGRlc3QiLCJ4IiwiIl0', 'cursor'],
  ])('?%s is a 400 naming %s', async (query, field) => {
    const res = await get(`/api/user?${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', field });
  });

  it('is 401 for anonymous callers and 403 for customers', async () => {
    expect((await get('/api/user?limit=5', null)).statusCode).toBe(401);
    expect((await get('/api/user?limit=5', customer)).statusCode).toBe(403);
  });
});
