import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helper';
import { appWithPeople } from '../../test/people';
import { signIn, signUp, type Client } from '../../test/auth';

let customer: Client;
let customerId: string;

let t: TestApp, admin: Client;
beforeAll(async () => {
  [t, admin] = await appWithPeople();
  customer = await signUp(t.app, { name: 'Casey' });
  const session = await t.app.inject({ url: '/api/auth/get-session', headers: customer.headers });
  customerId = (session.json() as { user: { id: string } }).user.id;
}, 300_000);
afterAll(() => t.close());

// Every endpoint of Better Auth's admin plugin, with a body that would succeed if it were reachable.
const endpoints = (): [string, 'GET' | 'POST', object | undefined][] => [
  ['set-role', 'POST', { userId: customerId, role: 'superuser' }],
  ['set-user-password', 'POST', { userId: customerId, newPassword: 'taken-over-1' }],
  ['ban-user', 'POST', { userId: customerId }],
  ['unban-user', 'POST', { userId: customerId }],
  ['impersonate-user', 'POST', { userId: customerId }],
  ['stop-impersonating', 'POST', {}],
  ['create-user', 'POST', { email: 'made-up@example.com', password: 'secret123', name: 'Made Up' }],
  ['update-user', 'POST', { userId: customerId, data: { name: 'Renamed' } }],
  ['remove-user', 'POST', { userId: customerId }],
  ['revoke-user-session', 'POST', { sessionToken: 'x' }],
  ['revoke-user-sessions', 'POST', { userId: customerId }],
  ['list-user-sessions', 'POST', { userId: customerId }],
  ['list-users', 'GET', undefined],
  [`get-user?id=${customerId}`, 'GET', undefined],
  ['has-permission', 'POST', { permissions: { user: ['create'] } }],
];

describe("Better Auth's admin endpoints are not reachable, even for admins", () => {
  it('answers 404 for each of them and changes nothing', async () => {
    for (const [path, method, body] of endpoints()) {
      const res = await t.app.inject({
        method,
        url: `/api/auth/admin/${path}`,
        headers: { ...admin.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { payload: body } : {}),
      });
      expect(res.statusCode, path).toBe(404);
      expect(res.json(), path).toMatchObject({ error: 'not_found' });
    }
    const role = await t.app.inject({ url: `/api/user/${customer.email}`, headers: admin.headers });
    expect(role.json()).toEqual({ email: customer.email, role: 'user' });
    expect((await signIn(t.app, customer.email, 'secret123')).statusCode).toBe(200);
    expect((await signIn(t.app, customer.email, 'taken-over-1')).statusCode).toBe(401);
    const users = (await t.app.inject({ url: '/api/user', headers: admin.headers })).json() as {
      email: string;
      name: string;
    }[];
    expect(users.map((u) => u.email)).not.toContain('made-up@example.com');
    expect(users.find((u) => u.email === customer.email)?.name).toBe('Casey');
  });

  it("role changes go through the shop's own call, which the audit log records", async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${customer.email}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const audit = await t.app.inject({ url: '/api/audit?kind=user.promoted', headers: admin.headers });
    expect(audit.statusCode, audit.body).toBe(200);
    const entries = (audit.json() as { entries: { entityId: string; after: unknown }[] }).entries;
    expect(entries.find((e) => e.entityId === customerId)).toMatchObject({ after: { role: 'admin' } });
  });
});
