import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { sessionCookie, uniqueEmail } from '../../test/auth';

// A newcomer runs `npm start` with no BASE_URL and opens the address the log prints (127.0.0.1), not localhost.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false', BASE_URL: '', PORT: '3000' });
}, 300_000);
afterAll(() => t.close());

const signUpFrom = (origin: string, email = uniqueEmail('loopback')) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin, 'content-type': 'application/json' },
    payload: { email, password: 'secret123', name: 'Lou Loopback' },
  });

describe('without BASE_URL, both loopback spellings of the port are the shop', () => {
  it.each(['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://localhost:3000'])(
    'registers and writes from %s',
    async (origin) => {
      const email = uniqueEmail('loopback');
      const res = await signUpFrom(origin, email);
      expect(res.statusCode, res.body).toBe(200);
      const write = await t.app.inject({
        method: 'PUT',
        url: `/api/userprofile/${email}`,
        headers: { origin, cookie: sessionCookie(res), 'content-type': 'application/json' },
        payload: { address: '1 Loop Road' },
      });
      expect(write.statusCode, write.body).toBe(200);
    },
  );

  it('still refuses writes from another port or host', async () => {
    const email = uniqueEmail('loopback');
    const cookie = sessionCookie(await signUpFrom('http://127.0.0.1:3000', email));
    for (const origin of ['http://127.0.0.1:4000', 'http://localhost:4000', 'https://evil.example']) {
      const write = await t.app.inject({
        method: 'PUT',
        url: `/api/userprofile/${email}`,
        headers: { origin, cookie, 'content-type': 'application/json' },
        payload: { address: 'elsewhere' },
      });
      expect(write.statusCode, origin).toBe(403);
    }
  });
});
