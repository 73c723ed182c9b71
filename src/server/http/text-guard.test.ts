import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/helper';
import { appWithPeople } from '../test/people';
import { ORIGIN, type Client } from '../test/auth';
import { makeProduct, placeOrder } from '../test/shop';
import { findUnstorable } from './text-guard';

let orderId: string;

let t: TestApp, customer: Client, admin: Client;
beforeAll(async () => {
  [t, admin, customer] = await appWithPeople('Casey');
  const product = await makeProduct(t.app);
  const res = await placeOrder(t.app, customer, { productId: product.id, quantity: 1 });
  orderId = res.json().insertedId;
});
afterAll(() => t.close());

const NUL = 'a\u0000b';

function expectRefused(res: { statusCode: number; body: string; json(): unknown }, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { error: string; message: string };
  expect(body.error).toBe('bad_request');
  expect(body.message).toMatch(new RegExp(`^${field.replaceAll('.', '\\.')}: must not contain NUL`));
}

describe('text that PostgreSQL cannot store is a 400 naming the field', () => {
  it('profile', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/userprofile/${customer.email}`,
      headers: customer.headers,
      payload: { address: NUL },
    });
    expectRefused(res, 'address');
    const profile = await t.app.inject({
      url: `/api/userprofile/${customer.email}`,
      headers: customer.headers,
    });
    expect(profile.json().address ?? '').not.toContain('\u0000');
  });

  it('order address', async () => {
    const product = await makeProduct(t.app);
    expectRefused(
      await placeOrder(t.app, customer, { productId: product.id, quantity: 1, address: NUL }),
      'address',
    );
  });

  it('review', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/review',
      headers: customer.headers,
      payload: { orderId, productName: 'x', reviewMessage: NUL, rating: 5 },
    });
    expectRefused(res, 'reviewMessage');
  });

  it('news, and an unpaired surrogate too', async () => {
    for (const [title, body] of [
      [NUL, 'body'],
      ['title', 'broken \ud800 half'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/news',
        headers: admin.headers,
        payload: { title, body, name: 'Admin' },
      });
      expectRefused(res, title === NUL ? 'title' : 'body');
    }
  });

  it('transactionId', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/order/${orderId}`,
      headers: customer.headers,
      payload: { transactionId: NUL, email: customer.email },
    });
    expectRefused(res, 'transactionId');
  });

  it('clientSecret', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm',
      headers: customer.headers,
      payload: { clientSecret: NUL, cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
    });
    expectRefused(res, 'clientSecret');
  });

  it('Better Auth: update-user and sign-up (JSON and form bodies)', async () => {
    const update = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { ...customer.headers, 'content-type': 'application/json' },
      payload: { name: NUL },
    });
    expectRefused(update, 'name');
    const me = await t.app.inject({ url: `/api/userprofile/${customer.email}`, headers: customer.headers });
    expect(me.json().name).toBe('Casey');

    const signUpJson = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: { email: 'nul@example.com', password: 'secret123', name: NUL },
    });
    expectRefused(signUpJson, 'name');
    const signUpForm = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=nul%40example.com&password=secret123&name=a%00b',
    });
    expectRefused(signUpForm, 'name');
  });

  it('query strings and path parameters', async () => {
    expectRefused(await t.app.inject({ url: '/api/audit?kind=%00', headers: admin.headers }), 'kind');
    expectRefused(await t.app.inject({ url: '/api/news/a%00b' }), 'id');
  });

  it('still answers 401 before looking at the body of a protected call', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/userprofile/${customer.email}`,
      headers: { origin: ORIGIN },
      payload: { address: NUL },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('bytes that are not UTF-8 are a 400, never stored altered', () => {
  const invalid = Buffer.concat([
    Buffer.from('{"address":"Al'),
    Buffer.from([0xff, 0xfe]),
    Buffer.from('ice"}'),
  ]);

  function expectInvalid(res: { statusCode: number; body: string; json(): unknown }, field: string) {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', message: `${field}: must be valid UTF-8 text` });
  }

  it('in a JSON body', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/userprofile/${customer.email}`,
      headers: { ...customer.headers, 'content-type': 'application/json' },
      payload: invalid,
    });
    expectInvalid(res, 'body');
    const profile = await t.app.inject({
      url: `/api/userprofile/${customer.email}`,
      headers: customer.headers,
    });
    expect(profile.json().address ?? '').not.toContain('\ufffd');
  });

  it("in Better Auth's raw bodies", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: Buffer.concat([
        Buffer.from('{"email":"bytes@example.com","password":"secret123","name":"Al'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('ice"}'),
      ]),
    });
    expectInvalid(res, 'body');
  });

  it('in percent-escapes of the query and the path; valid escapes and a stray % still pass', async () => {
    expectInvalid(await t.app.inject('/api/catalogue/search?q=Al%FF%FEice'), 'q');
    const path = await t.app.inject('/api/news/%FF%FE');
    expect(path.statusCode).toBe(400);
    expect(path.json()).toMatchObject({ error: 'bad_request', message: expect.stringMatching(/^path: /) });
    expect((await t.app.inject('/api/catalogue/search?q=compresseur%20%C3%A9lan')).statusCode).toBe(200);
    expect((await t.app.inject('/api/catalogue/search?q=100%')).statusCode).toBe(200);
  });

  it('proper text in a JSON body is unchanged', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/userprofile/${customer.email}`,
      headers: { ...customer.headers, 'content-type': 'application/json' },
      payload: Buffer.from(JSON.stringify({ address: 'Straße 5, Köln 🛠️' })),
    });
    expect(res.statusCode, res.body).toBe(200);
    const profile = await t.app.inject({
      url: `/api/userprofile/${customer.email}`,
      headers: customer.headers,
    });
    expect(profile.json().address).toBe('Straße 5, Köln 🛠️');
  });
});

describe('findUnstorable', () => {
  it('names nested fields and keys, and accepts proper text', () => {
    expect(findUnstorable({ a: { b: [1, 'ok', 'x\u0000'] } })).toBe('a.b.2');
    expect(findUnstorable({ ['k\u0000']: 1 })).toBe('k?');
    expect(findUnstorable({ a: 'émoji 🛠️ \u00a0 tab\t' })).toBeUndefined();
    expect(findUnstorable({ a: '\udc00' })).toBe('a');
  });
});
