import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Paged } from '@shared/common/paging.schema';
import {
  companyMessages,
  INVITATION_DAYS,
  INVITATIONS_PER_ACCOUNT_HOUR,
  INVITATIONS_PER_COMPANY_DAY,
  type CompanyView,
  type Invitation,
  type InvitationInput,
  type InvitationPreview,
  type PageQuery,
} from '@shared/companies/companies.schema';
import { auditLog, companies, companyInvitations, companyMembers, user } from '../../db/schema';
import { AppError, fieldError, notFound } from '../../infra/errors';
import { afterCursor, cutPage, keyText, orderBySort, type KeysetSort } from '../../infra/keyset';
import type { SessionUser } from '../../http/auth-guard';
import type { Db, Tx } from '../../infra/db';
import {
  access,
  assertVerified,
  flagsOf,
  isUniqueViolation,
  lockCompany,
  membershipOf,
  rolesOf,
} from './companies.access';
import { invitationMail } from './companies.mail';
import { audit, view, type CompanyDeps } from './companies.service';

// Invitations: a company admin invites by email; the mailed single-use link lets that account join.

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const toInvitation = (r: typeof companyInvitations.$inferSelect): Invitation => ({
  _id: r.id,
  email: r.email,
  roles: rolesOf(r),
  expiresAt: r.expiresAt.toISOString(),
  createdAt: r.createdAt.toISOString(),
});

const newestInvitations: KeysetSort = {
  name: 'newest',
  key: sql`${companyInvitations.createdAt}`,
  dir: 'desc',
  id: sql`${companyInvitations.id}`,
  idType: 'uuid',
  type: 'timestamptz',
};

/** GET /api/companies/{id}/invitations (company admin): the ones not accepted yet, expired included, newest first. */
export async function listInvitations(
  db: Db,
  caller: SessionUser,
  id: string,
  q: PageQuery,
): Promise<Paged<Invitation>> {
  await access(db, caller, id, 'admin');
  const where = and(eq(companyInvitations.companyId, id), isNull(companyInvitations.acceptedAt));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        row: companyInvitations,
        cursorKey: keyText(newestInvitations),
        cursorId: sql<string>`${companyInvitations.id}::text`,
      })
      .from(companyInvitations)
      .where(and(where, q.cursor ? afterCursor(newestInvitations, q.cursor) : undefined))
      .orderBy(orderBySort(newestInvitations))
      .limit(q.limit + 1),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(companyInvitations)
      .where(where),
  ]);
  const cut = cutPage(newestInvitations, rows, q.limit);
  return {
    items: cut.rows.map((r) => toInvitation(r.row)),
    nextCursor: cut.nextCursor,
    total: counted?.n ?? 0,
  };
}

const HOUR_MS = 3_600_000;

/**
 * 429 (with Retry-After) when the caller sent INVITATIONS_PER_ACCOUNT_HOUR invitations in the last hour, or the
 * company INVITATIONS_PER_COMPANY_DAY in the last day. Counted from the audit log, which nothing deletes: withdrawing
 * or replacing an invitation deletes its row, so counting invitations would let a loop of invite and withdraw mail
 * without end. Called under the company's lock (and a person is in one company), so concurrent invitations count.
 */
async function assertInvitationBudget(tx: Tx, caller: SessionUser, companyId: string) {
  const now = Date.now();
  const sent = sql`${auditLog.kind} = 'company_invitation.sent'`;
  const budgets = [
    {
      where: and(sent, eq(auditLog.actorId, caller.id)),
      windowMs: HOUR_MS,
      max: INVITATIONS_PER_ACCOUNT_HOUR,
      message: companyMessages.invitationsPerHour(INVITATIONS_PER_ACCOUNT_HOUR),
    },
    {
      where: and(sent, eq(auditLog.entityType, 'company'), eq(auditLog.entityId, companyId)),
      windowMs: 24 * HOUR_MS,
      max: INVITATIONS_PER_COMPANY_DAY,
      message: companyMessages.companyInvitationsPerDay(INVITATIONS_PER_COMPANY_DAY),
    },
  ];
  for (const b of budgets) {
    const since = new Date(now - b.windowMs);
    // The oldest entry that, once it leaves the window, makes room for one more.
    const recent = await tx
      .select({ at: auditLog.createdAt })
      .from(auditLog)
      .where(and(b.where, gte(auditLog.createdAt, since)))
      .orderBy(desc(auditLog.createdAt))
      .limit(b.max);
    if (recent.length < b.max) continue;
    const freesAt = recent[recent.length - 1]!.at.getTime() + b.windowMs;
    const retryAfter = Math.max(1, Math.ceil((freesAt - now) / 1000));
    throw new AppError('rate_limited', b.message, undefined, { retryAfter });
  }
}

/**
 * POST /api/companies/{id}/invitations (company admin): a single-use token, valid INVITATION_DAYS, mailed in the same
 * transaction; inviting the same address again replaces the open invitation (the old link stops working).
 */
export async function invite(
  deps: CompanyDeps,
  caller: SessionUser,
  id: string,
  input: InvitationInput,
): Promise<Invitation> {
  return deps.db.transaction(async (tx) => {
    await access(tx, caller, id, 'admin');
    await assertVerified(tx, caller.id, companyMessages.verifyToInvite);
    await lockCompany(tx, id);
    await assertInvitationBudget(tx, caller, id);
    const [already] = await tx
      .select({ id: user.id })
      .from(companyMembers)
      .innerJoin(user, eq(user.id, companyMembers.userId))
      .where(and(eq(companyMembers.companyId, id), sql`lower(${user.email}) = ${input.email}`));
    if (already) throw fieldError('conflict', 'email', 'is already a member of this company');
    await tx
      .delete(companyInvitations)
      .where(
        and(
          eq(companyInvitations.companyId, id),
          sql`lower(${companyInvitations.email}) = ${input.email}`,
          isNull(companyInvitations.acceptedAt),
        ),
      );
    const token = randomBytes(32).toString('base64url');
    const [row] = await tx
      .insert(companyInvitations)
      .values({
        companyId: id,
        email: input.email,
        ...flagsOf(input.roles),
        tokenHash: hashToken(token),
        invitedBy: caller.id,
        expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
      })
      .returning();
    const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, id));
    await audit(tx, caller, {
      kind: 'company_invitation.sent',
      entityId: id,
      summary: `Invited ${input.email} to ${company!.name} as ${input.roles.join(', ')}`,
      after: { email: input.email, roles: input.roles },
    });
    await deps.mailer.send(
      invitationMail(deps.mail, {
        email: input.email,
        companyName: company!.name,
        inviterName: caller.name,
        roles: input.roles,
        token,
        days: INVITATION_DAYS,
      }),
      { tx },
    );
    return toInvitation(row!);
  });
}

/** DELETE /api/companies/{id}/invitations/{itemId} (company admin): its link stops working. */
export async function revokeInvitation(db: Db, caller: SessionUser, id: string, invitationId: string) {
  return db.transaction(async (tx) => {
    await access(tx, caller, id, 'admin');
    const [row] = await tx
      .delete(companyInvitations)
      .where(
        and(
          eq(companyInvitations.id, invitationId),
          eq(companyInvitations.companyId, id),
          isNull(companyInvitations.acceptedAt),
        ),
      )
      .returning();
    if (!row) throw notFound('Invitation');
    await audit(tx, caller, {
      kind: 'company_invitation.revoked',
      entityId: id,
      summary: `Withdrew the invitation of ${row.email}`,
      before: { email: row.email, roles: rolesOf(row) },
    });
    return { acknowledged: true as const };
  });
}

async function invitationByToken(db: Db | Tx, token: string, lock = false) {
  const q = db
    .select({ inv: companyInvitations, companyName: companies.name })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .where(eq(companyInvitations.tokenHash, hashToken(token)));
  const [row] = lock ? await q.for('update', { of: companyInvitations }) : await q;
  // An unknown token and a withdrawn one are the same: the link does not say which companies exist.
  if (!row) throw notFound('Invitation');
  return row;
}

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Why the caller cannot accept, or null; checked in this order by accept too. */
async function problemOf(db: Db | Tx, caller: SessionUser, inv: typeof companyInvitations.$inferSelect) {
  if (inv.acceptedAt) return { code: 'conflict' as const, message: companyMessages.invitationUsed };
  if (inv.expiresAt.getTime() <= Date.now())
    return { code: 'conflict' as const, message: companyMessages.invitationExpired };
  if (!sameEmail(inv.email, caller.email))
    return { code: 'forbidden' as const, message: companyMessages.invitationOtherEmail(inv.email) };
  if (await membershipOf(db, caller.id))
    return { code: 'conflict' as const, message: companyMessages.alreadyMember };
  return null;
}

/** GET /api/company-invitations/{token}: what the link offers, and why the caller cannot take it if so. */
export async function previewInvitation(
  db: Db,
  caller: SessionUser,
  token: string,
): Promise<InvitationPreview> {
  const { inv, companyName } = await invitationByToken(db, token);
  const problem = await problemOf(db, caller, inv);
  return {
    companyName,
    email: inv.email,
    roles: rolesOf(inv),
    expiresAt: inv.expiresAt.toISOString(),
    problem: problem?.message ?? null,
  };
}

/**
 * POST /api/company-invitations/{token}/accept: the signed-in account whose email the invitation names joins with its
 * roles, once (the row lock makes a second or concurrent accept a 409). The token came by mail to that address, so
 * holding it proves the mailbox, as a verification link does.
 */
export async function acceptInvitation(db: Db, caller: SessionUser, token: string): Promise<CompanyView> {
  try {
    return await db.transaction(async (tx) => {
      const { inv, companyName } = await invitationByToken(tx, token, true);
      const problem = await problemOf(tx, caller, inv);
      if (problem) throw new AppError(problem.code, problem.message);
      await tx
        .insert(companyMembers)
        .values({ userId: caller.id, companyId: inv.companyId, ...flagsOf(rolesOf(inv)) });
      await tx
        .update(companyInvitations)
        .set({ acceptedAt: new Date(), acceptedBy: caller.id })
        .where(eq(companyInvitations.id, inv.id));
      await audit(tx, caller, {
        kind: 'company_member.joined',
        entityId: inv.companyId,
        summary: `${caller.email} joined ${companyName} as ${rolesOf(inv).join(', ')}`,
        after: { email: caller.email, roles: rolesOf(inv) },
      });
      return view(tx, inv.companyId, rolesOf(inv));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('conflict', companyMessages.alreadyMember);
    throw err;
  }
}
