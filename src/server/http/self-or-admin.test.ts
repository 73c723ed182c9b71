import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/helper';
import type { Client } from '../test/auth';
import { ORIGIN } from '../test/auth';
import { appWithPeople } from '../test/people';

// The route options `selfOrAdmin` and `self` (auth-guard.ts), through routes that declare them.
describe('selfOrAdmin and self route options', () => {
  let t: TestApp;
  let admin: Client;
  let ann: Client;
  let bob: Client;

  beforeAll(async () => {
    [t, admin, ann, bob] = await appWithPeople('Ann', 'Bob');
  });
  afterAll(() => t.close());

  const profileOf = (email: string, who?: Client) =>
    t.app.inject({
      method: 'GET',
      url: `/api/userprofile/${encodeURIComponent(email)}`,
      headers: who?.headers ?? {},
    });

  it('selfOrAdmin: the owner and an admin get through, another customer gets 403', async () => {
    expect((await profileOf(ann.email, ann)).statusCode).toBe(200);
    // The email is compared without regard to case, as the routes did.
    expect((await profileOf(ann.email.toUpperCase(), ann)).statusCode).toBe(200);
    expect((await profileOf(ann.email, admin)).statusCode).toBe(200);
    const refused = await profileOf(ann.email, bob);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: 'forbidden',
      message: 'You can only access your own account.',
    });
    const orders = await t.app.inject({
      method: 'GET',
      url: `/api/myorder/${encodeURIComponent(ann.email)}`,
      headers: bob.headers,
    });
    expect(orders.statusCode).toBe(403);
  });

  it('an anonymous caller still gets 401 first, and a malformed email 400 before it is anyone’s', async () => {
    const anonymous = await profileOf(ann.email);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ message: 'Please log in to continue.' });
    expect((await profileOf('not-an-email', bob)).statusCode).toBe(400);
  });

  it("self: only the owner, admins included, with the route's own message", async () => {
    const order = (email: string, who: Client) =>
      t.app.inject({
        method: 'POST',
        url: `/api/order/${encodeURIComponent(email)}`,
        headers: { ...who.headers, origin: ORIGIN },
        payload: {
          productId: '00000000-0000-4000-8000-000000000000',
          quantity: 1,
          number: '555-0100',
          address: 'Here 1',
        },
      });
    for (const who of [bob, admin]) {
      const res = await order(ann.email, who);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: 'You can only place orders for your own account.' });
    }
    // The owner passes the check (and meets the next one: the product does not exist).
    expect((await order(ann.email, ann)).statusCode).toBe(404);
  });
});
