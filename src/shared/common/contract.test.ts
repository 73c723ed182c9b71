import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { accountsCalls } from '../accounts/accounts.calls';
import { accountsContract } from '../accounts/accounts.contract';
import type { ProfileUpdate } from '../accounts/accounts.schema';
import { catalogueCalls } from '../catalogue/catalogue.calls';
import type { SearchResult } from '../catalogue/search.schema';
import {
  defineContract,
  endpoints,
  fastifyPath,
  fillPath,
  type CallAnswer,
  type CallArgs,
  type PathParams,
} from './contract';

const noteSchemas = {
  list: {
    query: z.object({ q: z.string().optional(), limit: z.coerce.number().default(10) }),
    response: z.array(z.string()),
  },
  add: {
    params: z.object({ shelf: z.string() }),
    body: z.object({ text: z.string().min(1) }),
    response: z.object({ acknowledged: z.literal(true) }),
    status: 201,
  },
} as const;
const noteCalls = endpoints<typeof noteSchemas>()({
  list: { method: 'GET', path: '/notes' },
  add: { method: 'POST', path: '/shelves/{shelf}/notes' },
});

describe('fillPath', () => {
  it('fills every {param}, encoding each as one segment', () => {
    expect(fillPath('/user/{email}', { email: 'a+b@example.com' })).toBe('/user/a%2Bb%40example.com');
    expect(fillPath('/shelves/{shelf}/notes/{id}', { shelf: 'x/y?z#w', id: 7 })).toBe(
      '/shelves/x%2Fy%3Fz%23w/notes/7',
    );
    expect(fillPath('/catalogue/search', {})).toBe('/catalogue/search');
  });

  it('refuses a segment that would vanish or climb out of the path', () => {
    expect(() => fillPath('/user/{email}', { email: '' })).toThrow('{email}');
    expect(() => fillPath('/user/{email}', { email: '..' })).toThrow('{email}');
    expect(() => fillPath('/user/{email}', { email: '.' })).toThrow('{email}');
    expect(() => fillPath('/user/{email}', {} as { email: string })).toThrow('{email}');
  });

  it('types its params from the path', () => {
    expectTypeOf<PathParams<'/a/{id}/b/{slug}'>>().toEqualTypeOf<'id' | 'slug'>();
    expectTypeOf<PathParams<'/a'>>().toBeNever();
    // @ts-expect-error: the path has {email}, not {id}
    expect(() => fillPath('/user/{email}', { id: 'x' })).toThrow('{email}');
  });
});

describe('fastifyPath', () => {
  it("writes {param} as Fastify's :param", () => {
    expect(fastifyPath('/shelves/{shelf}/notes/{id}')).toBe('/shelves/:shelf/notes/:id');
    expect(fastifyPath('/notes')).toBe('/notes');
  });
});

describe('endpoints and defineContract', () => {
  it('joins each call with its schemas', () => {
    const contract = defineContract(noteCalls, noteSchemas);
    expect(contract.add).toMatchObject({ method: 'POST', path: '/shelves/{shelf}/notes', status: 201 });
    expect(contract.add.body).toBe(noteSchemas.add.body);
    expect(Object.keys(accountsContract).sort()).toEqual(Object.keys(accountsCalls).sort());
    expect(accountsContract.makeAdmin).toMatchObject({ method: 'PUT', path: '/user/{email}' });
  });

  it('keeps the calls plain data (the browser imports them without zod)', () => {
    expect(JSON.parse(JSON.stringify(catalogueCalls))).toEqual(catalogueCalls);
  });

  it('refuses a path whose {params} are not the params schema', () => {
    endpoints<typeof noteSchemas>()({
      list: { method: 'GET', path: '/notes' },
      // @ts-expect-error: {id} is not the schema's `shelf`
      add: { method: 'POST', path: '/shelves/{id}/notes' },
    });
  });
});

describe('CallArgs and CallAnswer', () => {
  it("take the schemas' input and answer the schema's output", () => {
    expectTypeOf<CallAnswer<typeof noteCalls.list>>().toEqualTypeOf<string[]>();
    expectTypeOf<CallAnswer<typeof catalogueCalls.search>>().toEqualTypeOf<SearchResult>();
    expectTypeOf<CallArgs<typeof accountsCalls.updateProfile>['body']>().toEqualTypeOf<ProfileUpdate>();
    expectTypeOf<CallArgs<typeof noteCalls.add>>().toExtend<{
      params: { shelf: string };
      body: { text: string };
    }>();
  });

  it('refuses a wrong body, a missing param and a body where the call has none', () => {
    const ok: CallArgs<typeof noteCalls.add> = { params: { shelf: 's' }, body: { text: 'hi' } };
    // @ts-expect-error: text must be a string
    const wrongBody: CallArgs<typeof noteCalls.add> = { params: { shelf: 's' }, body: { text: 1 } };
    // @ts-expect-error: the path needs {shelf}
    const noParams: CallArgs<typeof noteCalls.add> = { body: { text: 'hi' } };
    // @ts-expect-error: a GET of the list takes no body
    const stray: CallArgs<typeof noteCalls.list> = { body: { text: 'hi' } };
    // @ts-expect-error: role is admin or user
    const badQuery: CallArgs<typeof accountsCalls.users> = { query: { role: 'owner' } };
    expect([ok, wrongBody, noParams, stray, badQuery]).toHaveLength(5);
  });
});
