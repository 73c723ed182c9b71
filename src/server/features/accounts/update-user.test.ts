import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { ORIGIN, signUp, uniqueEmail, type Client } from '../../test/auth';

let t: TestApp;
let alice: Client;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' });
  alice = await signUp(t.app, { name: 'Alice' });
}, 300_000);
afterAll(() => t.close());

const updateUser = (payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/update-user',
    headers: { ...alice.headers, 'content-type': 'application/json' },
    payload,
  });
const profile = async () =>
  (await t.app.inject({ url: `/api/userprofile/${alice.email}`, headers: alice.headers })).json() as {
    name: string;
    image: string | null;
  };

describe('POST /api/auth/update-user follows the profile rules', () => {
  it.each([
    ['a 900 KB name', { name: 'x'.repeat(900_000) }, 'name'],
    ['an empty name', { name: '   ' }, 'name'],
    ['a javascript: image', { image: 'javascript:alert(1)' }, 'image'],
    ['an image from another site', { image: 'https://evil.example/x.png' }, 'image'],
  ])('refuses %s with a 400 naming the field, and changes nothing', async (_what, body, field) => {
    const before = await profile();
    const res = await updateUser(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', field });
    expect(res.json().message).toMatch(new RegExp(`^${field}: `));
    expect(await profile()).toEqual(before);
  });

  it('accepts what the profile page accepts', async () => {
    const res = await updateUser({ name: 'Alice Smith', image: '/media/avatars/abc-123.webp' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await profile()).toMatchObject({ name: 'Alice Smith', image: '/media/avatars/abc-123.webp' });
  });

  it('the same rules hold for a server-side update (a database hook)', async () => {
    await expect(
      t.app.auth.api.updateUser({
        body: { name: 'y'.repeat(101) },
        headers: new Headers({ cookie: alice.headers.cookie! }),
      }),
    ).rejects.toThrow(/name: /);
    expect((await profile()).name).toBe('Alice Smith');
  });
});

describe('sign-up follows the same rules for name and photo', () => {
  it.each([
    [{ name: 'z'.repeat(101) }, 'name'],
    [{ name: 'Zed', image: 'javascript:alert(1)' }, 'image'],
  ])('refuses %j (400 naming the field)', async (fields, field) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: { email: uniqueEmail('long'), password: 'secret123', ...fields },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', field });
  });
});
