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

/** `by` invites `who` to the company by mail with `roles`, and `who` accepts through the mailed link. */
export async function inviteAndJoin(
  t: { app: FastifyInstance; mail: { linksTo(email: string): string[] } },
  companyId: string,
  by: Client,
  who: Client,
  roles: string[],
) {
  const call = apiCaller(() => t.app);
  const invited = await call(by, 'POST', `/companies/${companyId}/invitations`, { email: who.email, roles });
  if (invited.statusCode !== 201) throw new Error(`invitation: ${invited.statusCode} ${invited.body}`);
  const link = t.mail.linksTo(who.email).at(-1);
  if (!link) throw new Error(`no invitation mailed to ${who.email}`);
  const joined = await call(
    who,
    'POST',
    `/company-invitations/${new URL(link).searchParams.get('token')}/accept`,
  );
  if (joined.statusCode !== 200) throw new Error(`accepting: ${joined.statusCode} ${joined.body}`);
}
