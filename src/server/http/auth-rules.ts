import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, like, lte } from 'drizzle-orm';
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { profileUpdateSchema } from '@shared/accounts/accounts.schema';
import { setSessionCookie } from 'better-auth/cookies';
import type { FastifyBaseLogger } from 'fastify';
import { user, verification } from '../db/schema';
import { claimedAddressOf, ghostAddressFor, ghostAddressPrefix, isGhostAddress } from './ghost-sign-up';
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
    if (ctx.path === '/send-verification-email') return ghostResend(ctx);
    if (ctx.path !== '/change-password') return;
    return { context: { body: { ...(ctx.body as object), revokeOtherSessions: true } } };
  });

  /**
   * A ghost asking for its verification mail again, for the address it claimed (decision 055, addendum 076): a new
   * account gets `{ status: true }` (the mail goes to its address), so the ghost gets the same, and nothing is mailed
   * (its stored address is a stand-in, and the real owner is no business of this caller). Better Auth would refuse it
   * as an "Email mismatch" (the session's address is the stand-in), which told a known address apart.
   */
  async function ghostResend(ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]) {
    const email = (ctx.body as { email?: unknown } | undefined)?.email;
    if (typeof email !== 'string') return;
    const session = await getSessionFromCtx(ctx);
    const claimed = session && claimedAddressOf(session.user.email);
    if (claimed === undefined || claimed === null || claimed !== email.toLowerCase()) return;
    return ctx.json({ status: true });
  }

  /** The newest ghost account standing for `email` (decision 055), with its password hash. */
  async function newestGhost(email: string) {
    const [ghost] = await db
      .select({ id: user.id })
      .from(user)
      .where(like(user.email, `${ghostAddressPrefix(email)}%`))
      .orderBy(desc(user.createdAt))
      .limit(1);
    return ghost;
  }

  // A password hash to check a sign-in against when no ghost exists, so every failed sign-in costs the same.
  let dummyHash: Promise<string> | undefined;

  const after = createAuthMiddleware(async (ctx) => {
    if (ctx.path === '/sign-in/email') return ghostSignIn(ctx);
    if (ctx.path !== '/sign-up/email') return;
    // Better Auth answers a sign-up for a known address with a made-up user (autoSignIn is off for that reason);
    // a user that really exists was just created, and is signed in as the shop has always done.
    const returned = ctx.context.returned as { user?: { id?: unknown } } | undefined;
    if (!returned || isAPIError(returned) || typeof returned.user?.id !== 'string') return;
    const created = await ctx.context.internalAdapter.findUserById(returned.user.id);
    const body = ctx.body as { rememberMe?: unknown; password?: unknown } | undefined;
    const dontRemember = body?.rememberMe === false;
    // Hashed on both paths, so a known address's sign-up takes as long as a new one's.
    const hash = await ctx.context.password.hash(String(body?.password ?? ''));
    if (!created) {
      // A known address gets a ghost account of its own (ghost-sign-up.ts, decision 055) under the very id the
      // answer named: its session lives, get-session and the shop's calls answer as for a new, unverified, empty
      // account, and nothing it does reaches the real one. It keeps the password chosen, so signing in again with
      // the claimed address and that password reaches it, as it would a new account.
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
      await ctx.context.internalAdapter.linkAccount({
        userId: ghost.id,
        providerId: 'credential',
        accountId: ghost.id,
        password: hash,
      });
      const session = await ctx.context.internalAdapter.createSession(ghost.id, dontRemember);
      await setSessionCookie(ctx, { session, user: ghost }, dontRemember);
      return;
    }
    const newSession = await ctx.context.internalAdapter.createSession(created.id, dontRemember);
    await setSessionCookie(ctx, { session: newSession, user: created }, dontRemember);
  });

  /**
   * A sign-in the real account refused may be a ghost's (decision 055): the newest ghost for that address, with the
   * password chosen at its sign-up, is signed in as a new account would be. The real account is always tried first.
   * Every refused sign-in checks one hash here (a dummy one without a ghost), so no timing tells a ghost apart.
   */
  async function ghostSignIn(ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]) {
    const returned = ctx.context.returned;
    if (!isAPIError(returned) || returned.statusCode !== 401) return;
    const { email, password, rememberMe } = (ctx.body ?? {}) as Record<string, unknown>;
    if (typeof email !== 'string' || typeof password !== 'string') return;
    const ghost = await newestGhost(email);
    const account = ghost
      ? (await ctx.context.internalAdapter.findAccounts(ghost.id)).find((a) => a.providerId === 'credential')
      : undefined;
    dummyHash ??= ctx.context.password.hash(randomBytes(16).toString('hex'));
    const hash = account?.password ?? (await dummyHash);
    const matches = await ctx.context.password.verify({ hash, password });
    if (!ghost || !account?.password || !matches) return;
    const ghostUser = await ctx.context.internalAdapter.findUserById(ghost.id);
    if (!ghostUser) return;
    const dontRemember = rememberMe === false;
    const session = await ctx.context.internalAdapter.createSession(ghostUser.id, dontRemember);
    await setSessionCookie(ctx, { session, user: ghostUser }, dontRemember);
    // A Response, not ctx.json: the refused sign-in's 401 would otherwise stay the answer's status.
    const answer = { redirect: false, token: session.token, user: ghostUser };
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }

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
