import { and, eq } from 'drizzle-orm';
import { account, user } from '../../db/schema';
import type { Db } from '../../infra/db';
import type { Auth } from '../../http/auth';
import { revokeSessions } from './accounts.service';

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD: at every start this account exists, is verified and is an admin.
 * An existing *unverified* account with that email gets ADMIN_PASSWORD and loses its sessions, so nobody can claim
 * the admin's address by registering it first; a verified one keeps the password its owner chose.
 */
export async function ensureAdmin(
  auth: Auth,
  db: Db,
  email: string,
  password: string,
): Promise<'created' | 'updated'> {
  const ctx = await auth.$context;
  const normalized = email.trim().toLowerCase();
  const [existing] = await db.select().from(user).where(eq(user.email, normalized));
  const hash = await ctx.password.hash(password);

  if (!existing) {
    const id = crypto.randomUUID();
    await db.transaction(async (tx) => {
      await tx
        .insert(user)
        .values({ id, email: normalized, name: 'Administrator', emailVerified: true, role: 'admin' });
      await tx.insert(account).values({
        id: crypto.randomUUID(),
        userId: id,
        providerId: 'credential',
        accountId: id,
        password: hash,
      });
    });
    return 'created';
  }

  if (!existing.emailVerified) {
    const [credential] = await db
      .select({ id: account.id })
      .from(account)
      .where(and(eq(account.userId, existing.id), eq(account.providerId, 'credential')));
    if (credential) await db.update(account).set({ password: hash }).where(eq(account.id, credential.id));
    else
      await db.insert(account).values({
        id: crypto.randomUUID(),
        userId: existing.id,
        providerId: 'credential',
        accountId: existing.id,
        password: hash,
      });
    await revokeSessions(db, existing.id);
  }
  await db.update(user).set({ role: 'admin', emailVerified: true }).where(eq(user.id, existing.id));
  return 'updated';
}
