import { and, eq, gt, lte } from 'drizzle-orm';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { profileUpdateSchema } from '@shared/accounts/accounts.schema';
import { setSessionCookie } from 'better-auth/cookies';
import type { FastifyBaseLogger } from 'fastify';
import { verification } from '../db/schema';
import { ghostAddressFor, isGhostAddress } from './ghost-sign-up';
import type { Db } from '../infra/db';

/**
 * The web page a verification link opens. Opening it changes nothing; the page finishes on a click, with the
 * account's session or its password (features/accounts/email-verification.ts).
 */
export const VERIFY_PAGE = '/verify-email';

/** One repeat of the verification mail per address in this window, however many sign-ups name it. */
const RESEND_WINDOW_MS = 5 * 60_000;

/** The user fields Better Auth itself writes from a request body, under the same rules as PUT /api/userprofile. */
const userFieldsSchema = profileUpdateSchema.pick({ name: true, image: true });

/** The first field of `fields` that breaks the profile rules, or undefined. */
export function userFieldProblem(fields: unknown): { field: string; message: string } | undefined {
  if (fields === null || typeof fields !== 'object') return undefined;
  const { name, image } = fields as { name?: unknown; image?: unknown };
  const parsed = userFieldsSchema.safeParse({ name, image });
  const issue = parsed.success ? undefined : parsed.error.issues[0];
  if (!issue) return undefined;
  return { field: String(issue.path[0] ?? 'body'), message: issue.message };
}

/** The parts of the Better Auth instance the rules call back into (it is built after them). */
export interface AuthHandle {
  api: {
    sendVerificationEmail(o: { body: { email: string } }): Promise<unknown>;
  };
}

interface Deps {
  db: Db;
  log: FastifyBaseLogger;
  auth: () => AuthHandle;
}

/**
 * The shop's rules on top of Better Auth. A password chosen before the address was verified belongs to whoever
 * typed it, not necessarily to the mailbox owner: a sign-up naming an existing address never sets a password or
 * reveals that the address is known (verifying it is the accounts feature's, see email-verification.ts).
 */
export function authRules({ db, log, auth }: Deps) {
  /** Re-sends the verification mail to an unverified address, at most once per window (a DB row, for every instance). */
  async function resendVerification(user: { email: string; emailVerified: boolean }) {
    if (user.emailVerified) return;
    const identifier = `resend-verification:${user.email}`;
    const now = new Date();
    const [recent] = await db
      .select({ id: verification.id })
      .from(verification)
      .where(and(eq(verification.identifier, identifier), gt(verification.expiresAt, now)));
    if (recent) return;
    await db
      .delete(verification)
      .where(and(eq(verification.identifier, identifier), lte(verification.expiresAt, now)));
    await db.insert(verification).values({
      id: crypto.randomUUID(),
      identifier,
      value: '1',
      expiresAt: new Date(now.getTime() + RESEND_WINDOW_MS),
    });
    await auth().api.sendVerificationEmail({ body: { email: user.email } });
  }

  // A new password ends every other session: whoever knew the old one is out.
  const before = createAuthMiddleware(async (ctx) => {
    if (ctx.path === '/sign-up/email') {
      const email = (ctx.body as { email?: unknown } | undefined)?.email;
      // The addresses ghost accounts stand in with are the shop's alone (decision 055).
      if (typeof email === 'string' && isGhostAddress(email))
        throw new APIError('BAD_REQUEST', { message: 'email: must be a real email address' });
      return;
    }
    if (ctx.path !== '/change-password') return;
    return { context: { body: { ...(ctx.body as object), revokeOtherSessions: true } } };
  });

  const after = createAuthMiddleware(async (ctx) => {
    if (ctx.path !== '/sign-up/email') return;
    // Better Auth answers a sign-up for a known address with a made-up user (autoSignIn is off for that reason);
    // a user that really exists was just created, and is signed in as the shop has always done.
    const returned = ctx.context.returned as { user?: { id?: unknown } } | undefined;
    if (!returned || isAPIError(returned) || typeof returned.user?.id !== 'string') return;
    const created = await ctx.context.internalAdapter.findUserById(returned.user.id);
    const dontRemember = (ctx.body as { rememberMe?: unknown } | undefined)?.rememberMe === false;
    if (!created) {
      // A known address gets a ghost account of its own (ghost-sign-up.ts, decision 055) under the very id the
      // answer named: its session lives, get-session and the shop's calls answer as for a new, unverified, empty
      // account, and nothing it does reaches the real one.
      const made = returned.user as { id: string; name?: unknown; image?: unknown; email?: unknown };
      const ghost = await ctx.context.internalAdapter.createUser(
        {
          ...(made as object),
          id: made.id,
          email: ghostAddressFor(String(made.email ?? '')),
          name: typeof made.name === 'string' ? made.name : '',
          image: typeof made.image === 'string' ? made.image : null,
          emailVerified: false,
        },
        { method: 'email-password' },
      );
      const session = await ctx.context.internalAdapter.createSession(ghost.id, dontRemember);
      await setSessionCookie(ctx, { session, user: ghost }, dontRemember);
      return;
    }
    const newSession = await ctx.context.internalAdapter.createSession(created.id, dontRemember);
    await setSessionCookie(ctx, { session: newSession, user: created }, dontRemember);
  });

  /** The last line for any path that updates a user (the HTTP routes answer earlier, in the shop's format). */
  // At the database, whichever endpoint (or spelling of its path) creates or changes the user.
  const checkUserFields = async (data: Record<string, unknown>) => {
    const problem = userFieldProblem(data);
    if (problem) throw new APIError('BAD_REQUEST', { message: `${problem.field}: ${problem.message}` });
  };
  const databaseHooks = {
    user: { create: { before: checkUserFields }, update: { before: checkUserFields } },
  };

  return {
    databaseHooks,
    resendVerification,
    hooks: { before, after },
    /** Mail work never holds a request: it runs after the answer (errors are logged by the senders). */
    backgroundTasks: {
      handler: (p: Promise<unknown>) =>
        void p.catch((err: unknown) => log.error({ err }, 'auth background task failed')),
    },
  };
}
