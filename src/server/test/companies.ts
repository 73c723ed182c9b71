import type { FastifyInstance } from 'fastify';
import type { Client } from './auth';

/**
 * A call to `/api…` as `client` (null: nobody signed in), for the companies' API tests. `app` is read at call time:
 * the test's app is made in `beforeAll`, after the file's helpers are defined.
 */
export const apiCaller =
  (app: () => FastifyInstance) =>
  (client: Client | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app().inject({
      method,
      url: `/api${url}`,
      headers: client?.headers ?? {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
