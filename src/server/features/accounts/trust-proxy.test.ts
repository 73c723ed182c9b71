import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { ORIGIN, signUp } from '../../test/auth';

// Dozens of requests per test: slow on a loaded machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

// Every per-address limit keys on the client IP these tests pin down. Sign-up's (Better Auth, 10 a minute per
// address) is the cheapest to reach: a too-short password is refused without hashing, and still counted.
const attempt = (t: TestApp, email: string, headers: Record<string, string>, remoteAddress: string) =>
  t.app
    .inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress,
      headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers },
      payload: { email, password: 'x', name: 'Proxy Test' },
    })
    .then((r) => r.statusCode);

describe('without TRUST_PROXY, X-Forwarded-For is ignored (in production too)', () => {
  let t: TestApp;
  let email: string;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production', SEED_DEMO: 'false', AUTH_RATE_LIMIT: 'true' });
    email = (await signUp(t.app)).email;
  });
  afterAll(() => t.close());

  it('a new made-up address per attempt does not escape the per-address limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++)
      statuses.push(await attempt(t, email, { 'x-forwarded-for': `198.51.100.${i + 1}` }, '192.0.2.10'));
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.at(-1)).toBe(429);
  });

  it("naming a victim's address does not lock the victim out", async () => {
    for (let i = 0; i < 12; i++) await attempt(t, email, { 'x-forwarded-for': '192.0.2.77' }, '192.0.2.11');
    expect(await attempt(t, email, {}, '192.0.2.77')).toBe(400);
  });
});

describe('with TRUST_PROXY naming the proxy, the address it forwards is the client', () => {
  let t: TestApp;
  let email: string;
  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'false', AUTH_RATE_LIMIT: 'true', TRUST_PROXY: '10.0.0.0/8' });
    email = (await signUp(t.app)).email;
  });
  afterAll(() => t.close());

  it('believes X-Forwarded-For from 10.0.0.0/8 only', async () => {
    for (let i = 0; i < 12; i++) await attempt(t, email, { 'x-forwarded-for': '203.0.113.9' }, '10.0.0.3');
    expect(await attempt(t, email, { 'x-forwarded-for': '203.0.113.9' }, '10.0.0.3')).toBe(429);
    expect(await attempt(t, email, { 'x-forwarded-for': '203.0.113.10' }, '10.0.0.3')).toBe(400);
    // A client outside the proxy range cannot pose as the forwarded client that is still allowed.
    for (let i = 0; i < 12; i++) await attempt(t, email, { 'x-forwarded-for': '203.0.113.11' }, '192.0.2.50');
    expect(await attempt(t, email, { 'x-forwarded-for': '203.0.113.11' }, '10.0.0.3')).toBe(400);
  });
});

describe('with TRUST_PROXY=1 the address the proxy forwards is the client', () => {
  let t: TestApp;
  let email: string;
  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'false', AUTH_RATE_LIMIT: 'true', TRUST_PROXY: '1' });
    email = (await signUp(t.app)).email;
  });
  afterAll(() => t.close());

  it('limits each forwarded client on its own, all behind one proxy', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push(await attempt(t, email, { 'x-forwarded-for': '203.0.113.5' }, '10.0.0.2'));
    expect(statuses.at(-1)).toBe(429);
    expect(await attempt(t, email, { 'x-forwarded-for': '203.0.113.6' }, '10.0.0.2')).toBe(400);
  });
});
