import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helper';
import { appWithPeople } from '../../test/people';
import { ORIGIN, signIn, signUp, uniqueEmail, type Client } from '../../test/auth';

let t: TestApp;
let admin: Client;
let customer: Client;
let customerId: string;
let port: number;

beforeAll(async () => {
  [t, admin] = await appWithPeople();
  customer = await signUp(t.app, { name: 'Casey' });
  const session = await t.app.inject({ url: '/api/auth/get-session', headers: customer.headers });
  customerId = (session.json() as { user: { id: string } }).user.id;
  // Over a real socket: the raw path reaches the server byte for byte, as from curl --path-as-is or sqlmap.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
}, 300_000);
afterAll(() => t.close());

function raw(method: string, path: string, headers: Record<string, string>, body?: object) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

// Every way of naming /api/auth/admin/<endpoint> that a URL parser resolves to it.
const spellings = (endpoint: string) => [
  `/api/auth/admin/${endpoint}`,
  `/api/auth/ADMIN/${endpoint}`,
  `/api/auth/Admin/${endpoint}`,
  `/api/auth/./admin/${endpoint}`,
  `/api/auth/%2e/admin/${endpoint}`,
  `/api/auth/%2E/admin/${endpoint}`,
  `/api/auth/x/../admin/${endpoint}`,
  `/api/auth/x/%2e%2e/admin/${endpoint}`,
  `/api/auth/x/%2E%2E/admin/${endpoint}`,
  `/api/auth/x/.%2e/admin/${endpoint}`,
  `/api/auth//admin/${endpoint}`,
  `/api/auth/admin//${endpoint}`,
  `/api/auth/admin%2f${endpoint}`,
  `/api/auth/admin%2F${endpoint}`,
  `/api/auth/admin%5c${endpoint}`,
  `/api/auth/%61dmin/${endpoint}`,
];

describe("Better Auth's admin endpoints, whatever the spelling of the path", () => {
  it('list-users answers 404 to an admin for every spelling', async () => {
    for (const path of spellings('list-users')) {
      const res = await raw('GET', path, admin.headers);
      expect(res.status, path).toBe(404);
      expect(res.text, path).not.toContain(customer.email);
    }
  });

  it('set-role, set-user-password and impersonate-user change nothing for any spelling', async () => {
    for (const path of spellings('set-role')) {
      expect(
        (await raw('POST', path, admin.headers, { userId: customerId, role: 'admin' })).status,
        path,
      ).toBe(404);
    }
    for (const path of spellings('set-user-password')) {
      const body = { userId: customerId, newPassword: 'taken-over-1' };
      expect((await raw('POST', path, admin.headers, body)).status, path).toBe(404);
    }
    for (const path of spellings('impersonate-user')) {
      const res = await raw('POST', path, admin.headers, { userId: customerId });
      expect(res.status, path).toBe(404);
    }
    const role = await t.app.inject({ url: `/api/user/${customer.email}`, headers: admin.headers });
    expect(role.json()).toEqual({ email: customer.email, role: 'user' });
    expect((await signIn(t.app, customer.email, 'secret123')).statusCode).toBe(200);
    expect((await signIn(t.app, customer.email, 'taken-over-1')).statusCode).toBe(401);
  });

  it('the plain spellings of ordinary endpoints still work', async () => {
    expect((await raw('GET', '/api/auth/get-session', customer.headers)).text).toContain(customer.email);
    expect((await raw('GET', '/api/auth/ok', {})).status).toBe(200);
  });
});

describe('sign-up follows the profile rules whatever the path spelling', () => {
  const bad = [
    ['name', { name: 'x'.repeat(5000) }],
    ['image', { name: 'Mallory', image: 'javascript:alert(1)' }],
  ] as const;
  for (const [field, fields] of bad) {
    it(`refuses a bad ${field} and creates no account`, async () => {
      for (const path of [
        '/api/auth/sign-up/email',
        '/api/auth/./sign-up/email',
        '/api/auth/%2e/sign-up/email',
      ]) {
        const email = uniqueEmail('spelled');
        const res = await raw('POST', path, { origin: ORIGIN }, { email, password: 'secret123', ...fields });
        expect(res.status, path).toBeGreaterThanOrEqual(400);
        expect(res.status, path).toBeLessThan(500);
        expect((await signIn(t.app, email)).statusCode, path).toBe(401);
      }
    });
  }
});
