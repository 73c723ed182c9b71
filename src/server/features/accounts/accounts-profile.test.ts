import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helper';
import { signUp, type Client } from '../../test/auth';
import { accountsApp } from './accounts.harness';

let t: TestApp;
let alice: Client;

beforeAll(async () => {
  ({ t, alice } = await accountsApp());
});
afterAll(() => t.close());

describe('profile', () => {
  it('starts empty and saves phone, address, education and LinkedIn', async () => {
    const dave = await signUp(t.app, { name: 'Dave' });
    const before = await t.app.inject({ url: `/api/userprofile/${dave.email}`, headers: dave.headers });
    expect(before.json()).toEqual({
      name: 'Dave',
      email: dave.email,
      phone: '',
      address: '',
      education: '',
      linkedin: '',
      image: null,
    });
    const update = {
      name: 'Dave Miller',
      phone: '+1 555 0100',
      address: '7 Mill Lane',
      education: 'BSc Mechanical Engineering',
      linkedin: 'https://www.linkedin.com/in/dave',
    };
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/userprofile/${dave.email}`,
      headers: dave.headers,
      payload: update,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await t.app.inject({ url: `/api/userprofile/${dave.email}`, headers: dave.headers });
    expect(after.json()).toEqual({ ...update, email: dave.email, image: null });
    // The display name is the account's name.
    const session = await t.app.inject({ url: '/api/auth/get-session', headers: dave.headers });
    expect(session.json().user.name).toBe('Dave Miller');
  });

  it.each([
    [{ phone: 'call me' }, /^phone: /],
    [{ linkedin: 'javascript:alert(1)' }, /^linkedin: /],
    [{ image: 'https://evil.example/x.png' }, /^image: /],
    [{ name: '' }, /^name: /],
    [{ address: 'x'.repeat(301) }, /^address: /],
    [{ email: 'someone-else@example.com' }, /^email: /],
  ])('refuses %j with a 400 naming the field, and changes nothing', async (body, message) => {
    const before = (
      await t.app.inject({ url: `/api/userprofile/${alice.email}`, headers: alice.headers })
    ).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/userprofile/${alice.email}`,
      headers: alice.headers,
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(
      (await t.app.inject({ url: `/api/userprofile/${alice.email}`, headers: alice.headers })).json(),
    ).toEqual(before);
  });

  it('refuses a state-changing call from another site', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/userprofile/${alice.email}`,
      headers: { ...alice.headers, origin: 'https://evil.example' },
      payload: { address: 'Hijacked' },
    });
    expect(res.statusCode).toBe(403);
  });
});
