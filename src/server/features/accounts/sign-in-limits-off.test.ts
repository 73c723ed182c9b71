import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { signIn, signUp } from '../../test/auth';

// AUTH_RATE_LIMIT=false (end-to-end servers, most tests) turns the shop's sign-in limits off with Better Auth's.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false', AUTH_RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

describe('AUTH_RATE_LIMIT=false', () => {
  it('lets an account fail many times and still sign in', async () => {
    const { email } = await signUp(t.app);
    for (let i = 0; i < 8; i++) expect((await signIn(t.app, email, `wrong-${i}`)).statusCode).toBe(401);
    expect((await signIn(t.app, email)).statusCode).toBe(200);
  });
});
