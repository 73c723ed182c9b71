import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { firstAdminMessages, type FirstAdminBody } from '@shared/accounts/first-admin.schema';
import { account, user, verification } from '../../db/schema';
import type { Db } from '../../infra/db';
import { AppError, fieldError } from '../../infra/errors';
import { claimWindow } from '../../http/auth-limits';
import type { Auth } from '../../http/auth';

/**
 * First start without ADMIN_EMAIL (decisions 046 and 079): while the shop has no admin, one setup token exists. It
 * is derived from the auth secret and a random nonce stored in Better Auth's `verification` table with the token's
 * hash, so every instance sharing the database and the secret prints the same link, at every start, until the link
 * is used; the database alone does not give the token away. It never expires otherwise, since an owner may open it
 * days after installing.
 */
const IDENTIFIER = 'first-admin-setup';
/** One fixed row: two instances starting at once cannot each store a token of their own. */
const ROW_ID = 'first-admin-setup';
/** `expires_at` is required by the table; the token is spent by use, not by time. */
const NEVER = new Date('9999-12-31T00:00:00Z');
/** Setup attempts per client address, like failed sign-ins (auth-limits.ts); a person needs a handful. */
export const FIRST_ADMIN_ATTEMPTS = { max: 10, windowMs: 15 * 60_000 };

const digest = (token: string) => createHash('sha256').update(token).digest('hex');
const tokenFrom = (secret: string, nonce: string) =>
  createHmac('sha256', secret).update(`first-admin:${nonce}`).digest('base64url');

/** The row's value: `<nonce>.<sha256 of the token>`. */
const stored = (secret: string, nonce: string) => `${nonce}.${digest(tokenFrom(secret, nonce))}`;

/** The token a stored value was made from, or null when it was made under another secret or the older scheme. */
function tokenOf(secret: string, value: string): string | null {
  const [nonce, hash] = value.split('.');
  if (!nonce || !hash) return null;
  const token = tokenFrom(secret, nonce);
  return matches(hash, token) ? token : null;
}

const matches = (hash: string, token: string) => {
  const given = Buffer.from(digest(token));
  const kept = Buffer.from(hash);
  return kept.length === given.length && timingSafeEqual(kept, given);
};

const hashOf = (value: string) => value.split('.')[1] ?? '';

const adminCount = async (db: Db) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(user)
    .where(eq(user.role, 'admin'));
  return row?.n ?? 0;
};

const readRow = async (db: Db) =>
  (await db.select().from(verification).where(eq(verification.id, ROW_ID)))[0];

/**
 * The setup token while the shop has no admin, else null (and any token is deleted). The first start stores it;
 * later starts and other instances find the same one. A row made under another secret (or the older one-token-per-
 * start scheme) cannot be printed again, so it is replaced.
 */
export async function issueFirstAdminToken(db: Db, secret: string): Promise<string | null> {
  if ((await adminCount(db)) > 0) {
    await db.delete(verification).where(eq(verification.identifier, IDENTIFIER));
    return null;
  }
  await db
    .delete(verification)
    .where(and(eq(verification.identifier, IDENTIFIER), ne(verification.id, ROW_ID)));
  const fresh = () => stored(secret, randomBytes(18).toString('base64url'));
  await db
    .insert(verification)
    .values({ id: ROW_ID, identifier: IDENTIFIER, value: fresh(), expiresAt: NEVER })
    .onConflictDoNothing();
  const row = await readRow(db);
  const token = row && tokenOf(secret, row.value);
  if (token || !row) return token ?? null;
  // Replaced only if nobody changed it meanwhile; then whatever is stored is read again.
  await db
    .update(verification)
    .set({ value: fresh() })
    .where(and(eq(verification.id, ROW_ID), eq(verification.value, row.value)));
  const again = await readRow(db);
  return again ? tokenOf(secret, again.value) : null;
}

/** The setup page's address for a token, as the start-up log prints it. */
export const firstAdminLink = (baseUrl: string, token: string) =>
  `${baseUrl.replace(/\/$/, '')}/setup-admin?token=${token}`;

/** Counts one setup attempt of a client address; 429 with Retry-After past FIRST_ADMIN_ATTEMPTS. */
export async function claimFirstAdminAttempt(db: Db, ip: string, now = Date.now()): Promise<void> {
  const claim = await claimWindow(db, `first-admin:ip:${ip}`, FIRST_ADMIN_ATTEMPTS, now);
  if (!('retryAfterMs' in claim)) return;
  const retryAfter = Math.max(1, Math.ceil(claim.retryAfterMs / 1000));
  throw new AppError('rate_limited', firstAdminMessages.tooManyAttempts, undefined, { retryAfter });
}

/**
 * Creates the first admin. A wrong token is refused before the password is hashed (a hash costs ~100 ms of CPU,
 * which nobody without the token may spend). The token row is deleted in the same transaction that creates the
 * account, under a lock on it, so two submissions of one link make one admin; 403 for a spent or wrong token, 409
 * once an admin exists.
 */
export async function createFirstAdmin(auth: Auth, db: Db, body: FirstAdminBody) {
  const before = await readRow(db);
  if (!before || !matches(hashOf(before.value), body.token))
    throw new AppError('forbidden', firstAdminMessages.used);
  const ctx = await auth.$context;
  const email = body.email.trim().toLowerCase();
  const hash = await ctx.password.hash(body.password);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(verification).where(eq(verification.id, ROW_ID)).for('update');
    if (!row || !matches(hashOf(row.value), body.token))
      throw new AppError('forbidden', firstAdminMessages.used);
    const [admins] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(user)
      .where(eq(user.role, 'admin'));
    if ((admins?.n ?? 0) > 0) throw new AppError('conflict', firstAdminMessages.adminExists);
    const [taken] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email));
    if (taken) throw fieldError('conflict', 'email', firstAdminMessages.emailTaken);
    const id = crypto.randomUUID();
    await tx.insert(user).values({ id, email, name: body.name, emailVerified: true, role: 'admin' });
    await tx.insert(account).values({
      id: crypto.randomUUID(),
      userId: id,
      providerId: 'credential',
      accountId: id,
      password: hash,
    });
    await tx.delete(verification).where(eq(verification.id, ROW_ID));
    return { acknowledged: true as const, email };
  });
}
