import { describe, expect, expectTypeOf, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { z } from 'zod';
import { accountsCalls } from '@shared/accounts/accounts.calls';
import type { Profile } from '@shared/accounts/accounts.schema';
import { catalogueCalls } from '@shared/catalogue/catalogue.calls';
import { endpoints } from '@shared/common/contract';
import { setupMswServer } from '@/test/utils';
import { ApiError } from './api-client';
import { callApiPage } from './api-page';
import { callApi } from './call-api';

const server = setupMswServer();

// The browser knows a contract's schemas as types only, like this one.
type ListSchemas = {
  list: {
    query: z.ZodObject<{
      tag: z.ZodOptional<z.ZodArray<z.ZodString>>;
      limit: z.ZodOptional<z.ZodNumber>;
      q: z.ZodOptional<z.ZodString>;
    }>;
    response: z.ZodArray<z.ZodString>;
  };
};
const listCalls = endpoints<ListSchemas>()({ list: { method: 'GET', path: '/notes' } });

/** Answers `answer` to any request, and records what it was asked. */
function record(answer: object = { acknowledged: true }, init?: ResponseInit) {
  const seen: { method: string; url: string; type: string | null; body: string }[] = [];
  server.use(
    http.all('/api/*', async ({ request }) => {
      const url = new URL(request.url);
      seen.push({
        method: request.method,
        url: url.pathname + url.search,
        type: request.headers.get('content-type'),
        body: await request.text(),
      });
      return HttpResponse.json(answer, init);
    }),
  );
  return seen;
}

describe('callApi', () => {
  it("sends the contract's method to its path with the params filled in and encoded", async () => {
    const seen = record({ email: 'a+b@example.com', role: 'user' });
    const answer = await callApi(accountsCalls.role, { params: { email: 'a+b@example.com' } });
    expect(answer).toEqual({ email: 'a+b@example.com', role: 'user' });
    expect(seen).toEqual([{ method: 'GET', url: '/api/user/a%2Bb%40example.com', type: null, body: '' }]);
  });

  it('sends the body as JSON, and no body (nor content type) when the call takes none', async () => {
    const seen = record();
    await callApi(accountsCalls.updateProfile, { params: { email: 'u@example.com' }, body: { name: 'Una' } });
    await callApi(accountsCalls.makeAdmin, { params: { email: 'u@example.com' } });
    expect(seen).toEqual([
      {
        method: 'PUT',
        url: '/api/userprofile/u%40example.com',
        type: 'application/json',
        body: '{"name":"Una"}',
      },
      { method: 'PUT', url: '/api/user/u%40example.com', type: null, body: '' },
    ]);
  });

  it('writes the query, leaving out empty values, or sends a query string already written as it is', async () => {
    const seen = record({ total: 0 });
    await callApi(catalogueCalls.suggest, { query: { q: 'drill & bit' } });
    await callApi(listCalls.list, { query: { q: '', tag: ['a b', 'c'], limit: 2 } });
    await callApi(catalogueCalls.search, { query: new URLSearchParams('spec.pressure=6..10&sort=name') });
    await callApi(catalogueCalls.categories);
    expect(seen.map((s) => s.url)).toEqual([
      '/api/catalogue/suggest?q=drill+%26+bit',
      '/api/notes?tag=a+b&tag=c&limit=2',
      '/api/catalogue/search?spec.pressure=6..10&sort=name',
      '/api/catalogue/categories',
    ]);
  });

  it("fails with the server's ApiError, as api() does", async () => {
    record({ error: 'forbidden', message: 'Admins only.' }, { status: 403 });
    const failure = callApi(accountsCalls.makeAdmin, { params: { email: 'u@example.com' } });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 403, code: 'forbidden', message: 'Admins only.' });
  });

  it('types its arguments and answer from the contract', () => {
    expectTypeOf<
      ReturnType<typeof callApi<typeof accountsCalls.profile>>
    >().resolves.toEqualTypeOf<Profile>();
    // @ts-expect-error: the profile call needs its {email}
    expect(() => callApi(accountsCalls.profile)).toThrow('{email}');
    // Never called: only its types are checked.
    const _wrongBody = () =>
      // @ts-expect-error: a profile's name is a string
      callApi(accountsCalls.updateProfile, { params: { email: 'x' }, body: { name: 1 } });
  });
});

describe('callApiPage', () => {
  it('reads the page from the body and what comes next from the headers', async () => {
    const users = [{ _id: 'u1', name: 'Una', email: 'una@example.com', role: 'user' }];
    record(users, { headers: { 'x-total-count': '7', 'x-next-cursor': 'abc' } });
    const page = await callApiPage(accountsCalls.users, { query: { limit: '1', sort: 'newest' } });
    expect(page).toEqual({ items: users, total: 7, nextCursor: 'abc' });
  });
});
