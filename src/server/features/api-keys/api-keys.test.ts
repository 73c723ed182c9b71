// Both databases: issue 42 asks that API keys' scopes refuse what they do not grant; the per-key limit is an upsert.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../db/schema';
import { auditEntries } from '../../test/admin';
import type { Client } from '../../test/auth';
import type { TestApp } from '../../test/helper';
import { appWithPeople } from '../../test/people';
import { makeProduct, placeOrder } from '../../test/shop';

// Integrations call the API with admin-made keys (decision 062): each key reaches only the routes that declare one
// of its scopes, acts under its own name, and has its own rate limit.
let t: TestApp;
let admin: Client;
let alice: Client;
let orderId: string;
let productId: string;

beforeAll(async () => {
  [t, admin, alice] = await appWithPeople('Alice Buyer');
  productId = (await makeProduct(t.app, { quantity: 50, priceCents: 10_000 })).id;
  const placed = await placeOrder(t.app, alice, { productId, quantity: 2 });
  expect(placed.statusCode).toBe(200);
  orderId = placed.json().insertedId;
});
afterAll(() => t.close());

async function createKey(body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: admin.headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { key: { _id: string; prefix: string; name: string }; secret: string };
}

const withKey = (
  secret: string,
  req: { method?: 'GET' | 'PUT' | 'POST' | 'DELETE'; url: string; payload?: object; cookie?: string },
) =>
  t.app.inject({
    method: req.method ?? 'GET',
    url: req.url,
    headers: { authorization: `Bearer ${secret}`, ...(req.cookie ? { cookie: req.cookie } : {}) },
    ...(req.payload ? { payload: req.payload } : {}),
  });

describe('managing keys', () => {
  it('shows the secret once, lists keys without it, and keeps only its SHA-256', async () => {
    const { key, secret } = await createKey({ name: 'ERP sync', scopes: ['orders:read'] });
    expect(secret).toMatch(/^sk_live_[A-Za-z0-9_-]{40,}$/);
    expect(secret.startsWith(key.prefix)).toBe(true);

    const list = await t.app.inject({ url: '/api/api-keys?limit=100', headers: admin.headers });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    const listed = (list.json() as Record<string, unknown>[]).find((k) => k._id === key._id)!;
    expect(listed).toMatchObject({
      name: 'ERP sync',
      scopes: ['orders:read'],
      status: 'active',
      lastUsedAt: null,
    });
    expect(listed).not.toHaveProperty('secret');
    expect(listed).not.toHaveProperty('secretHash');

    const [row] = await t.app.database.db.select().from(apiKeys).where(eq(apiKeys.id, key._id));
    expect(row!.secretHash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret);

    const audit = await auditEntries(t.app, admin, 'api_key.created');
    expect(audit.some((e) => e.entityId === key._id && e.actorEmail === admin.email)).toBe(true);
  });

  it('refuses bad input with a 400 naming the field, and customers with a 403', async () => {
    const post = (payload: object, headers = admin.headers) =>
      t.app.inject({ method: 'POST', url: '/api/api-keys', headers, payload });
    const noScopes = await post({ name: 'x', scopes: [] });
    expect(noScopes.statusCode).toBe(400);
    expect(noScopes.json().message).toMatch(/scopes/i);
    const unknownScope = await post({ name: 'x', scopes: ['users:write'] });
    expect(unknownScope.statusCode).toBe(400);
    expect(unknownScope.json().message).toMatch(/^Scope 1: must be one of orders:read/);
    const past = await post({ name: 'x', scopes: ['orders:read'], expiresOn: '2020-01-01' });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toMatch(/expiresOn|expires/i);
    const noName = await post({ name: ' ', scopes: ['orders:read'] });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toMatch(/name/i);
    expect((await post({ name: 'x', scopes: ['orders:read'] }, alice.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/api-keys', headers: alice.headers })).statusCode).toBe(403);
  });
});

describe('calling with a key', () => {
  it('reads orders with orders:read, new ones since a time too, and records its last use', async () => {
    const { key, secret } = await createKey({ name: 'Order reader', scopes: ['orders:read'] });
    const all = await withKey(secret, { url: '/api/order?sort=oldest&limit=50' });
    expect(all.statusCode, all.body).toBe(200);
    const found = (all.json() as { _id: string; orderNumber: number }[]).find((o) => o._id === orderId);
    expect(found?.orderNumber).toBeGreaterThan(0);

    const since = await withKey(secret, {
      url: `/api/order?sort=oldest&since=${new Date(Date.now() + 60_000).toISOString()}`,
    });
    expect(since.statusCode).toBe(200);
    expect(since.json()).toEqual([]);
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const recent = await withKey(secret, { url: `/api/order?sort=oldest&since=${hourAgo}` });
    expect((recent.json() as { _id: string }[]).map((o) => o._id)).toContain(orderId);
    const badSince = await withKey(secret, { url: '/api/order?since=yesterday' });
    expect(badSince.statusCode).toBe(400);
    expect(badSince.json().message).toMatch(/since/);

    const one = await withKey(secret, { url: `/api/singleorderitem/${orderId}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()._id).toBe(orderId);

    const [row] = await t.app.database.db.select().from(apiKeys).where(eq(apiKeys.id, key._id));
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('refuses a route whose scope the key lacks with a 403 naming the scope', async () => {
    const { secret } = await createKey({ name: 'Order reader 2', scopes: ['orders:read'] });
    const write = await withKey(secret, {
      method: 'PUT',
      url: `/api/product/${productId}`,
      payload: { quantity: 1 },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toContain('products:write');
    const invoices = await withKey(secret, { url: `/api/order/${orderId}/invoices` });
    expect(invoices.statusCode).toBe(403);
    expect(invoices.json().message).toContain('invoices:read');
  });

  it('writes price and stock with products:write, audited under the key name, and nothing else', async () => {
    const { secret } = await createKey({ name: 'ERP sync', scopes: ['products:write', 'products:read'] });
    const res = await withKey(secret, {
      method: 'PUT',
      url: `/api/product/${productId}`,
      payload: { price: 123.45, quantity: 77 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product).toMatchObject({ price: 123.45, quantity: 77 });
    const read = await withKey(secret, { url: `/api/product/${productId}` });
    expect(read.json()).toMatchObject({ price: 123.45, quantity: 77 });

    const edits = await auditEntries(t.app, admin, 'product.edited');
    const entry = edits.find((e) => e.entityId === productId);
    expect(entry?.actorEmail).toBe('API key: ERP sync');

    const rename = await withKey(secret, {
      method: 'PUT',
      url: `/api/product/${productId}`,
      payload: { quantity: 5, name: 'Renamed by the ERP' },
    });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().message).toMatch(/^name: /);
  });

  it('answers 401 for a revoked, an expired or an unknown key', async () => {
    const { key, secret } = await createKey({ name: 'Short lived', scopes: ['orders:read'] });
    expect((await withKey(secret, { url: '/api/order' })).statusCode).toBe(200);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/api-keys/${key._id}`,
      headers: admin.headers,
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().status).toBe('revoked');
    const after = await withKey(secret, { url: '/api/order' });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toMatch(/revoked/);
    const audit = await auditEntries(t.app, admin, 'api_key.revoked');
    expect(audit.some((e) => e.entityId === key._id)).toBe(true);

    const expiring = await createKey({ name: 'Expiring', scopes: ['orders:read'] });
    await t.app.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expiring.key._id));
    expect((await withKey(expiring.secret, { url: '/api/order' })).statusCode).toBe(401);

    expect((await withKey(`${secret}x`, { url: '/api/order' })).statusCode).toBe(401);
    expect((await withKey('sk_live_not!a!key', { url: '/api/order' })).statusCode).toBe(401);
    const missing = await t.app.inject({
      method: 'DELETE',
      url: `/api/api-keys/${crypto.randomUUID()}`,
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('never reaches accounts, admin roles, key management or undeclared routes, cookies or not', async () => {
    const { secret } = await createKey({
      name: 'Everything',
      scopes: ['orders:read', 'invoices:read', 'shipments:read', 'products:read', 'products:write'],
    });
    const refused = [
      { method: 'PUT' as const, url: `/api/user/${alice.email}` },
      { url: '/api/user' },
      { url: '/api/auth/get-session' },
      { method: 'POST' as const, url: '/api/auth/sign-out' },
      { url: '/api/api-keys' },
      { method: 'POST' as const, url: '/api/api-keys', payload: { name: 'Mine', scopes: ['orders:read'] } },
      { url: `/api/myorder/${alice.email}` },
      { url: '/api/audit' },
      { url: '/api/products' },
    ];
    for (const req of refused) {
      const res = await withKey(secret, req);
      expect(res.statusCode, `${req.url}: ${res.body}`).toBe(403);
      expect(res.json().message).toBe('API keys cannot call this route.');
    }
    // An admin's cookie riding along changes nothing: the request is the key's alone.
    const mixed = await withKey(secret, { url: '/api/api-keys', cookie: admin.headers.cookie! });
    expect(mixed.statusCode).toBe(403);
  });

  it('names in the API document the scope that opens each route', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    expect(doc.paths['/api/order'].get.description).toContain('API keys: needs the scope `orders:read`.');
    expect(doc.paths['/api/product/{id}'].put.description).toContain('`products:write`');
    expect(doc.paths['/api/api-keys'].get.description ?? '').not.toContain('API keys: needs');
  });

  it('has its own rate limit: 429 with Retry-After', async () => {
    const { secret } = await createKey({ name: 'Tight', scopes: ['orders:read'], ratePerMinute: 3 });
    for (let i = 0; i < 3; i++)
      expect((await withKey(secret, { url: '/api/order?limit=1' })).statusCode).toBe(200);
    const limited = await withKey(secret, { url: '/api/order?limit=1' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another key, and the admin's own session, are not held back.
    const other = await createKey({ name: 'Other', scopes: ['orders:read'] });
    expect((await withKey(other.secret, { url: '/api/order?limit=1' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/order?limit=1', headers: admin.headers })).statusCode).toBe(200);
  });
});
