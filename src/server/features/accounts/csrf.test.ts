import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { ORIGIN, signUp, type Client } from '../../test/auth';

let t: TestApp;
let alice: Client;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' });
  alice = await signUp(t.app, { name: 'Alice' });
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/userlogin/${alice.email}`,
    headers: alice.headers,
    payload: {},
  });
  token = (res.json() as { token: string }).token;
}, 300_000);
afterAll(() => t.close());

const cookie = () => alice.headers.cookie!;
const write = (headers: Record<string, string>) =>
  t.app
    .inject({
      method: 'PUT',
      url: `/api/userprofile/${alice.email}`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: { address: `${Math.random()}` },
    })
    .then((r) => r.statusCode);

describe('writes carrying the session cookie must come from the shop itself', () => {
  it.each([
    [
      'a foreign Origin, even with a Basic Authorization header',
      { origin: 'https://evil.example', authorization: 'Basic YTpi' },
    ],
    [
      'a foreign Origin with a Bearer header beside the cookie',
      { origin: 'https://evil.example', authorization: `Bearer x` },
    ],
    ['no Origin, Sec-Fetch-Site or Referer', {}],
    ['no Origin, with a Basic Authorization header', { authorization: 'Basic YTpi' }],
    ['no Origin and Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['no Origin and Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
    ['no Origin and a foreign Referer', { referer: 'https://evil.example/page' }],
    ['no Origin and a malformed Referer', { referer: 'not a url' }],
  ])('refuses %s (403)', async (_name, headers: Record<string, string>) => {
    expect(await write({ cookie: cookie(), ...headers })).toBe(403);
  });

  it.each([
    ['the shop Origin', { origin: ORIGIN }],
    ['no Origin and Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['no Origin and Sec-Fetch-Site: none (typed by the user)', { 'sec-fetch-site': 'none' }],
    ["no Origin and the shop's Referer", { referer: `${ORIGIN}/dashboard` }],
  ])('accepts %s', async (_name, headers: Record<string, string>) => {
    expect(await write({ cookie: cookie(), ...headers })).toBe(200);
  });
});

describe('API clients without cookies', () => {
  it('a Bearer token works with no Origin at all', async () => {
    expect(await write({ authorization: `Bearer ${token}` })).toBe(200);
    expect(await write({ authorization: `Bearer ${token}`, origin: 'https://tool.example' })).toBe(200);
  });

  it('an anonymous write is 401, not a CSRF refusal', async () => {
    expect(await write({})).toBe(401);
    expect(await write({ authorization: 'Basic YTpi' })).toBe(401);
  });
});
