import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helper';
import { appWithPeople } from '../../test/people';
import { ORIGIN, type Client } from '../../test/auth';
import { validProduct as valid } from '../../test/admin';

let t: TestApp, customer: Client, admin: Client;
beforeAll(async () => {
  [t, admin, customer] = await appWithPeople('Casey');
});
afterAll(() => t.close());

describe('authorization matrix: every admin call', () => {
  const calls = [
    ['POST', () => '/api/product', valid],
    ['PUT', () => '/api/product/00000000-0000-4000-8000-000000000000', { price: 10 }],
    ['DELETE', () => '/api/product/00000000-0000-4000-8000-000000000000', undefined],
    ['POST', () => '/api/news', { title: 't', body: 'b', name: 'n' }],
    ['PUT', () => '/api/news/00000000-0000-4000-8000-000000000000', { title: 't', body: 'b', name: 'n' }],
    ['DELETE', () => '/api/news/00000000-0000-4000-8000-000000000000', undefined],
    ['GET', () => '/api/audit', undefined],
    ['GET', () => '/api/admin/overview', undefined],
    ['GET', () => '/api/order', undefined],
    ['PUT', () => '/api/delivery/00000000-0000-4000-8000-000000000000', undefined],
    ['GET', () => '/api/user', undefined],
  ] as const;
  for (const [method, url, body] of calls) {
    it(`${method} ${url()}: anonymous 401, customer 403, admin passes`, async () => {
      const send = (headers: Record<string, string>) =>
        t.app.inject({ method, url: url(), headers, ...(body ? { payload: body } : {}) });
      expect((await send({ origin: ORIGIN })).statusCode).toBe(401);
      expect((await send(customer.headers)).statusCode).toBe(403);
      expect([200, 404, 409]).toContain((await send(admin.headers)).statusCode);
    });
  }
});
