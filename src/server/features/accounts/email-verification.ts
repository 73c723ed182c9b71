import { and, eq, isNull, sql } from 'drizzle-orm';
import { verifyJWT } from 'better-auth/crypto';
import { isAPIError } from 'better-auth/api';
import { companies, companyInvitations, companyMembers, user } from '../../db/schema';
import type { Db, Tx } from '../../infra/db';
import type { Auth } from '../../http/auth';
import type { SessionUser } from '../../http/auth-guard';
import { AppError } from '../../infra/errors';

/**
 * Finishing a mailed verification link (decision 012, addendum on issue 21 item 11). The link proves who reads the
 * mailbox; the password chosen at registration may be a stranger's (someone can register an address before its
 * owner does). So verifying keeps that password only for someone who shows they know it (signed in to the account,
 * or typing it), and the mailbox owner who does not know it removes the unverified account instead and registers.
 */

const INVALID_LINK =
  'This verification link is invalid or has expired. To get a new one, register again with the same address.';
const NO_ACCOUNT =
  'There is no account for this link any more: it may have been removed. You can register with this address.';

export interface LinkAccount {
  id: string;
  email: string;
  emailVerified: boolean;
}

/**
 * The account a verification token names, checked the way Better Auth's verify-email checks it (its signature and
 * expiry, the email, and the user id it was issued for, so a link outlives no removed account).
 */
export async function accountOfLink(auth: Auth, token: string): Promise<LinkAccount> {
  const ctx = await auth.$context;
  const payload = await verifyJWT<{ email?: unknown; userId?: unknown; updateTo?: unknown }>(
    token,
    ctx.secret,
  );
  // A change-of-address token (`updateTo`) is not a sign-up verification; the shop does not send those.
  if (!payload || typeof payload.email !== 'string' || payload.updateTo !== undefined)
    throw new AppError('bad_request', INVALID_LINK, 'token');
  const found = await ctx.internalAdapter.findUserByEmail(payload.email);
  if (!found || (typeof payload.userId === 'string' && payload.userId !== found.user.id))
    throw new AppError('not_found', NO_ACCOUNT);
  const { id, email, emailVerified } = found.user;
  return { id, email, emailVerified };
}

const signedInAs = (caller: SessionUser | null, account: LinkAccount) => caller?.id === account.id;

/** What the link's page shows; reading it changes nothing. */
export async function verificationState(auth: Auth, token: string, caller: SessionUser | null) {
  const account = await accountOfLink(auth, token);
  return { email: account.email, verified: account.emailVerified, signedIn: signedInAs(caller, account) };
}

/** True when `password` is the account's own (a credential account with this password). */
export async function isAccountPassword(auth: Auth, userId: string, password: string): Promise<boolean> {
  const ctx = await auth.$context;
  const credential = await ctx.internalAdapter.findCredentialAccount(userId);
  if (!credential?.password) return false;
  return ctx.password.verify({ hash: credential.password, password });
}

/** Whether the caller needs the password: anyone but a session of the account itself. */
export const needsPassword = (caller: SessionUser | null, account: LinkAccount) =>
  !signedInAs(caller, account);

const alreadyVerified = () =>
  new AppError('conflict', 'This email address is already verified. Please log in.');

export function assertUnverified(account: LinkAccount) {
  if (account.emailVerified) throw alreadyVerified();
}

/** Marks the address verified through Better Auth's own verify-email (which checks the token once more). */
export async function finishVerification(auth: Auth, token: string, account: LinkAccount) {
  try {
    await auth.api.verifyEmail({ query: { token } });
  } catch (err) {
    // The account was removed between our check and Better Auth's ("I didn't create this account" in another tab).
    if (isAPIError(err)) throw new AppError('not_found', NO_ACCOUNT);
    throw err;
  }
  return { email: account.email, verified: true as const };
}

/**
 * "I didn't create this account": the unverified account goes, with its sessions and credentials (they cascade).
 * The `email_verified = false` condition is checked in the same statement, so a verification that wins a race is
 * never undone.
 */
export async function removeUnverifiedAccount(db: Db, account: LinkAccount) {
  assertUnverified(account);
  try {
    await db.transaction(async (tx) => {
      // Its companies go first (they hold no rows of the user that would block the delete); undone if it was
      // verified meanwhile.
      await dropCompaniesOfLeavingAdmin(tx, account.id);
      const gone = await tx
        .delete(user)
        .where(and(eq(user.id, account.id), eq(user.emailVerified, false)))
        .returning({ id: user.id });
      if (gone.length === 0) throw alreadyVerified();
      return gone;
    });
  } catch (err) {
    // Records that must outlive a customer (orders, invoices) hold the row; an unverified account cannot make them,
    // so this is a conflict to explain rather than an outage.
    if (isForeignKeyViolation(err))
      throw new AppError('conflict', 'This account has orders on record and cannot be removed this way.');
    throw err;
  }
  return { email: account.email, removed: true as const };
}

function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/**
 * Before an account is deleted (in the deleting transaction): each company it is an admin of with no other verified
 * admin goes (decision 045; the companies' tables are read here since companies already depends on accounts), with its members and pending invitations, so nobody can later take it over through an open invitation
 * of the departed admin. A company with a history that must be kept (orders, invoices: `on delete restrict`) stays,
 * but its pending invitations go.
 */
async function dropCompaniesOfLeavingAdmin(tx: Tx, userId: string) {
  const { rows } = await tx.execute<{ id: string }>(sql`
    select m.company_id as id from ${companyMembers} m
    where m.user_id = ${userId} and m.is_admin
      and not exists (
        select 1 from ${companyMembers} o join ${user} u on u.id = o.user_id
        where o.company_id = m.company_id and o.user_id <> ${userId} and o.is_admin and u.email_verified)`);
  for (const { id } of rows) {
    await tx.execute(sql`select 1 from ${companies} where id = ${id} for update`);
    await tx
      .delete(companyInvitations)
      .where(and(eq(companyInvitations.companyId, id), isNull(companyInvitations.acceptedAt)));
    try {
      // A savepoint: a company its history holds is kept without undoing the rest.
      await tx.transaction((sp) => sp.delete(companies).where(eq(companies.id, id)));
    } catch (err) {
      if (!isForeignKeyViolation(err)) throw err;
    }
  }
}
