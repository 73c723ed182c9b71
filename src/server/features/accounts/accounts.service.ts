import { eq, sql } from 'drizzle-orm';
import type { Profile, ProfileUpdate, Role, UserRole } from '@shared/accounts/accounts.schema';
import { session, user } from '../../db/schema';
import { AppError, fieldError, notFound } from '../../infra/errors';
import type { Db } from '../../infra/db';
import type { SessionUser } from '../../http/auth-guard';
import { recordAudit } from '../audit/audit.service';

const byEmail = (email: string) => eq(user.email, email.trim().toLowerCase());
const roleOf = (role: string | null): Role => (role === 'admin' ? 'admin' : 'user');

async function findUser(db: Db, email: string) {
  const [row] = await db.select().from(user).where(byEmail(email));
  if (!row) throw notFound('User');
  return row;
}

/** The id of the account with this email (whatever its case), for features that keep rows per customer. */
export async function userIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: user.id }).from(user).where(byEmail(email));
  return row?.id;
}

export async function getUserRole(db: Db, email: string): Promise<UserRole> {
  const row = await findUser(db, email);
  return { email: row.email, role: roleOf(row.role) };
}

export { listUsers } from './users.lists';

/** Makes the user an admin; promoting an admin again changes nothing. `actor` is absent for the command line. */
export async function promoteToAdmin(
  db: Db,
  email: string,
  actor?: SessionUser,
): Promise<{ modified: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(user).where(byEmail(email)).for('update');
    if (!row) throw notFound('User');
    if (row.role === 'admin') return { modified: false };
    await tx.update(user).set({ role: 'admin' }).where(eq(user.id, row.id));
    if (actor) {
      await recordAudit(tx, actor, {
        kind: 'user.promoted',
        entityType: 'user',
        entityId: row.id,
        summary: `Made ${row.email} an admin`,
        before: { role: roleOf(row.role) },
        after: { role: 'admin' },
      });
    }
    return { modified: true };
  });
}

export const demoteSelfMessage = 'You cannot demote yourself: ask another admin to do it.';
export const lastAdminMessage = (email: string) =>
  `${email} is the last admin: make someone else an admin first.`;
export const noLongerAdminMessage = 'You are no longer an admin.';

/**
 * Makes an admin a customer again; demoting a customer changes nothing (as promoting an admin does). Never oneself,
 * never the last admin: every admin row is locked before counting, so two admins demoting each other at once are
 * serialised and the second finds the first's change (decision 036).
 */
export async function demoteAdmin(db: Db, email: string, actor: SessionUser): Promise<{ modified: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(user).where(byEmail(email));
    if (!row) throw notFound('User');
    if (row.id === actor.id) throw new AppError('conflict', demoteSelfMessage);
    if (row.role !== 'admin') return { modified: false };
    // Row locks rather than a count: a row another demotion changed meanwhile is read again once its lock is free.
    const admins = await tx.execute<{ id: string }>(
      sql`select id from ${user} where role = 'admin' order by id for update`,
    );
    const ids = admins.rows.map((r) => r.id);
    if (!ids.includes(row.id)) return { modified: false };
    if (ids.length <= 1) throw new AppError('conflict', lastAdminMessage(row.email));
    if (!ids.includes(actor.id)) throw new AppError('forbidden', noLongerAdminMessage);
    await tx.update(user).set({ role: 'user' }).where(eq(user.id, row.id));
    await recordAudit(tx, actor, {
      kind: 'user.demoted',
      entityType: 'user',
      entityId: row.id,
      summary: `Made ${row.email} a customer again (no longer an admin)`,
      before: { role: 'admin' },
      after: { role: 'user' },
    });
    return { modified: true };
  });
}

export async function getProfile(db: Db, email: string): Promise<Profile> {
  const row = await findUser(db, email);
  return {
    name: row.name,
    email: row.email,
    phone: row.phone ?? '',
    address: row.address ?? '',
    education: row.education ?? '',
    linkedin: row.linkedin ?? '',
    image: row.image,
  };
}

export async function updateProfile(db: Db, email: string, changes: ProfileUpdate): Promise<void> {
  const row = await findUser(db, email);
  if (changes.email !== undefined && changes.email.trim().toLowerCase() !== row.email) {
    throw fieldError('bad_request', 'email', 'cannot be changed here');
  }
  const { email: _ignored, ...fields } = changes;
  if (Object.keys(fields).length === 0) return;
  await db.update(user).set(fields).where(eq(user.id, row.id));
}

/** Revokes every session of a user (password set by the admin bootstrap, for example). */
export async function revokeSessions(db: Db, userId: string) {
  await db.delete(session).where(eq(session.userId, userId));
}
