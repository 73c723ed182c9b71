import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { ORIGIN, sessionCookie, signUp, uniqueEmail } from '../../test/auth';

// Over a hundred password checks in one test: slow on a loaded machine.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 300_000 });

// Decision 012: failed sign-ins count per account (back-off from the 6th) and per address (100 per 15 minutes);
// successes never count. Reset mail: 3 per 15 minutes per address asked about, 50 an hour per client address.
let t: TestApp;

const signInFrom = (remoteAddress: string, email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress,
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    payload: { email, password },
  });

const resetFrom = (remoteAddress: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    remoteAddress,
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    payload: { email, redirectTo: `${ORIGIN}/reset-password` },
  });

/** Accounts registered from addresses of their own (sign-up keeps Better Auth's 10 a minute per address). */
let n = 0;
const newAccount = () =>
  signUp(t.app, { ip: `10.20.${Math.floor(++n / 200)}.${n % 200}` }).then((c) => c.email);

const expectTooMany = (res: Awaited<ReturnType<typeof signInFrom>>, maxSeconds: number) => {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  expect(res.json()).toMatchObject({ error: 'rate_limited', message: expect.any(String) });
  expect(sessionCookie(res)).toBe('');
};

beforeAll(async () => {
  // Loopback is the proxy: sign-ups name their own addresses in X-Forwarded-For; sign-ins set remoteAddress.
  t = await createTestApp({ SEED_DEMO: 'false', AUTH_RATE_LIMIT: 'true', TRUST_PROXY: 'loopback' });
});
afterAll(() => t.close());

describe('password sign-in limits', () => {
  it('twelve buyers behind one address all sign in within a minute', async () => {
    const emails: string[] = [];
    for (let i = 0; i < 12; i++) emails.push(await newAccount());
    const statuses: number[] = [];
    for (const email of emails) statuses.push((await signInFrom('192.0.2.1', email, 'secret123')).statusCode);
    expect(statuses).toEqual(Array(12).fill(200));
  });

  it("an account's 6th wrong password waits, with Retry-After; another account from the same address signs in", async () => {
    const [victim, colleague] = [await newAccount(), await newAccount()];
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await signInFrom('192.0.2.2', victim, `guess-${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expectTooMany(await signInFrom('192.0.2.2', victim, 'guess-5'), 30);
    // The right password waits too, from anywhere: the limit is the account's.
    expectTooMany(await signInFrom('198.51.100.7', victim, 'secret123'), 30);
    expect((await signInFrom('192.0.2.2', colleague, 'secret123')).statusCode).toBe(200);
  });

  it('the wait doubles with each failure after it: 30 s, then 60 s', async () => {
    const email = await newAccount();
    for (let i = 0; i < 5; i++) await signInFrom('192.0.2.10', email, `guess-${i}`);
    expectTooMany(await signInFrom('192.0.2.10', email, 'guess-5'), 30);
    // 31 seconds later (the row's clock moved back rather than waiting).
    await t.database.db.execute(
      sql`update rate_limit set last_request = last_request - 31000 where key = ${`fail:account:${email}`}`,
    );
    expect((await signInFrom('192.0.2.10', email, 'guess-6')).statusCode).toBe(401);
    const res = await signInFrom('192.0.2.10', email, 'secret123');
    expectTooMany(res, 60);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(30);
  });

  it("a successful sign-in clears the account's failures", async () => {
    const email = await newAccount();
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++)
        statuses.push((await signInFrom('192.0.2.3', email, `typo-${i}`)).statusCode);
      if (round < 2) statuses.push((await signInFrom('192.0.2.3', email, 'secret123')).statusCode);
    }
    // Without the clearing, the 6th failure (second round) would wait.
    expect(statuses).toEqual([
      ...[401, 401, 401, 401, 200],
      ...[401, 401, 401, 401, 200],
      401,
      401,
      401,
      401,
    ]);
  });

  it('an address that fails 100 times in 15 minutes, across accounts, waits; other addresses do not', async () => {
    const known = await newAccount();
    // Four failures each on 25 made-up accounts: no account reaches its own limit.
    const statuses: number[] = [];
    for (let a = 0; a < 25; a++) {
      const email = uniqueEmail(`spray-${a}`);
      for (let i = 0; i < 4; i++)
        statuses.push((await signInFrom('192.0.2.4', email, `spray-${i}`)).statusCode);
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
    expectTooMany(await signInFrom('192.0.2.4', known, 'secret123'), 15 * 60);
    expect((await signInFrom('192.0.2.5', known, 'secret123')).statusCode).toBe(200);
  });
});

describe('odd requests to the limited paths', () => {
  it('never answer 500 (a reset answers 200 whatever the address, as before)', async () => {
    const odd = [
      // Too long for a unique index entry even compressed.
      { email: `${randomBytes(4000).toString('hex')}@example.com`, password: 'whatever1' },
      { email: 42, password: 'whatever1' },
      { password: 'whatever1' },
      { email: 'nul\u0000@example.com', password: 'whatever1' },
    ];
    for (const url of ['/api/auth/sign-in/email', '/api/auth/request-password-reset'])
      for (const payload of [...odd.map((o) => JSON.stringify(o)), '{not json', 'email=x%40example.com'])
        for (let i = 0; i < 2; i++) {
          const res = await t.app.inject({
            method: 'POST',
            url,
            remoteAddress: '192.0.2.11',
            headers: {
              origin: ORIGIN,
              'content-type': payload.startsWith('email=')
                ? 'application/x-www-form-urlencoded'
                : 'application/json',
            },
            payload,
          });
          expect(res.statusCode, `${url} ${payload.slice(0, 40)}`).toBeLessThan(500);
        }
  });
});

describe('password reset limits', () => {
  it('one address asked about 3 times in 15 minutes waits; other addresses from the same client do not', async () => {
    const target = await newAccount();
    for (let i = 0; i < 3; i++) expect((await resetFrom('192.0.2.6', target)).statusCode).toBe(200);
    const refused = await resetFrom('198.51.100.8', target);
    expectTooMany(refused, 15 * 60);
    const others: number[] = [];
    for (let i = 0; i < 8; i++) others.push((await resetFrom('192.0.2.6', await newAccount())).statusCode);
    expect(others).toEqual(Array(8).fill(200));
  });

  it('a client address may ask 50 resets an hour', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++)
      statuses.push((await resetFrom('192.0.2.7', uniqueEmail(`reset-${i}`))).statusCode);
    expect(statuses).toEqual(Array(50).fill(200));
    expectTooMany(await resetFrom('192.0.2.7', uniqueEmail('reset-51')), 60 * 60);
    expect((await resetFrom('192.0.2.8', uniqueEmail('reset-other'))).statusCode).toBe(200);
  });
});

describe("Better Auth's own limits", () => {
  it('answer 429 with a standard Retry-After and the shop error body (sign-up, 10 a minute per address)', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 11; i++) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress: '192.0.2.9',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        payload: { email: uniqueEmail('burst'), password: 'secret123', name: 'Burst' },
      });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expectTooMany(last!, 60);
  });
});
