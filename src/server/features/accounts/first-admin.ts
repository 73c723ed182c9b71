import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { firstAdminMessages, type FirstAdminBody } from '@shared/accounts/first-admin.schema';
import { account, user, verification } from '../../db/schema';
import type { Db } from '../../infra/db';
import { AppError, fieldError } from '../../infra/errors';
import type { Auth } from '../../http/auth';

/**
 * First start without ADMIN_EMAIL (decision 046): while the shop has no admin, each start replaces a one-time
 * token (only its hash is stored, in Better Auth's `verification` table) and prints the link to the setup page.
 * The link creates one verified admin and is then spent; it never expires otherwise, since an owner may open it
 * days after installing.
 */
const IDENTIFIER = 'first-admin-setup';
/** `expires_at` is required by the table; the token is spent by use, not by time. */
const NEVER = new Date('9999-12-31T00:00:00Z');

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

const adminCount = async (db: Db) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(user)
    .where(eq(user.role, 'admin'));
  return row?.n ?? 0;
};

/** A new setup token when the shop has no admin (the previous one is replaced), else null. */
export async function issueFirstAdminToken(db: Db): Promise<string | null> {
  if ((await adminCount(db)) > 0) {
    await db.delete(verification).where(eq(verification.identifier, IDENTIFIER));
    return null;
  }
  const token = randomBytes(24).toString('base64url');
  await db.transaction(async (tx) => {
    await tx.delete(verification).where(eq(verification.identifier, IDENTIFIER));
    await tx
      .insert(verification)
      .values({ id: crypto.randomUUID(), identifier: IDENTIFIER, value: digest(token), expiresAt: NEVER });
  });
  return token;
}

/** The setup page's address for a token, as the start-up log prints it. */
export const firstAdminLink = (baseUrl: string, token: string) =>
  `${baseUrl.replace(/\/$/, '')}/setup-admin?token=${token}`;

/**
 * Creates the first admin. The token row is deleted in the same transaction that creates the account, under a lock
 * on it, so two submissions of one link make one admin; 403 for a spent or wrong token, 409 once an admin exists.
 */
export async function createFirstAdmin(auth: Auth, db: Db, body: FirstAdminBody) {
  const ctx = await auth.$context;
  const email = body.email.trim().toLowerCase();
  const hash = await ctx.password.hash(body.password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(verification)
      .where(eq(verification.identifier, IDENTIFIER))
      .for('update');
    const given = Buffer.from(digest(body.token));
    if (!row || !timingSafeEqual(Buffer.from(row.value), given))
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
    await tx
      .delete(verification)
      .where(and(eq(verification.identifier, IDENTIFIER), eq(verification.id, row.id)));
    return { acknowledged: true as const, email };
  });
}
