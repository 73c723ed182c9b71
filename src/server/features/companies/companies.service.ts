import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { Paged } from '@shared/common/paging.schema';
import type { MemberLimits } from '@shared/checkout/approvals.schema';
import {
  companyMessages,
  INVITATION_DAYS,
  INVITATIONS_PER_ACCOUNT_HOUR,
  INVITATIONS_PER_COMPANY_DAY,
  type Company,
  type CompanyInput,
  type CompanyListQuery,
  type CompanyRole,
  type CompanyView,
  type Invitation,
  type InvitationInput,
  type InvitationPreview,
  type Member,
  type PageQuery,
} from '@shared/companies/companies.schema';
import { auditLog, companies, companyInvitations, companyMembers, user } from '../../db/schema';
import { AppError, fieldError, notFound } from '../../infra/errors';
import { afterCursor, cutPage, keyText, orderBySort, startsWith, type KeysetSort } from '../../infra/keyset';
import type { SessionUser } from '../../http/auth-guard';
import type { Db, Tx } from '../../infra/db';
import type { Mailer } from '../../infra/mail';
import { recordAudit } from '../audit/audit.service';
import {
  access,
  adminCount,
  assertVerified,
  flagsOf,
  isUniqueViolation,
  lockCompany,
  membershipOf,
  rolesOf,
} from './companies.access';
import { invitationMail, type CompanyMailContext } from './companies.mail';
import { centsToDollars, dollarsToCents, formatCents } from '@shared/common/money';
import { recordEvent } from '../webhooks/index';

export interface CompanyDeps {
  db: Db;
  mailer: Mailer;
  mail: CompanyMailContext;
}

type CompanyRow = typeof companies.$inferSelect;

const memberCount = sql<number>`(select count(*)::int from ${companyMembers} where ${companyMembers.companyId} = ${companies.id})`;

const toCompany = (r: CompanyRow, count: number): Company => ({
  _id: r.id,
  name: r.name,
  taxId: r.taxId,
  memberCount: count,
  createdAt: r.createdAt.toISOString(),
  approvalWindowDays: r.approvalWindowDays,
});

export async function view(db: Db | Tx, companyId: string, roles: CompanyRole[]): Promise<CompanyView> {
  const [row] = await db
    .select({ row: companies, count: memberCount })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) throw notFound('Company');
  return { ...toCompany(row.row, row.count), myRoles: roles };
}

const audit = (tx: Tx, actor: SessionUser, r: Omit<Parameters<typeof recordAudit>[2], 'entityType'>) =>
  recordAudit(tx, actor, { ...r, entityType: 'company' });

const ALL_ROLES: CompanyRole[] = ['admin', 'buyer', 'approver'];

/** POST /api/companies: the caller founds a company and holds every role in it; 409 when already in one. */
export async function createCompany(db: Db, caller: SessionUser, input: CompanyInput): Promise<CompanyView> {
  await assertVerified(db, caller.id, companyMessages.verifyToCreate);
  if (await membershipOf(db, caller.id)) throw new AppError('conflict', companyMessages.alreadyMember);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(companies)
        .values({ ...input, createdBy: caller.id })
        .returning();
      // The member's primary key is the user: a concurrent second company of the same person fails here.
      await tx
        .insert(companyMembers)
        .values({ userId: caller.id, companyId: row!.id, ...flagsOf(ALL_ROLES) });
      await audit(tx, caller, {
        kind: 'company.created',
        entityId: row!.id,
        summary: `Created the company ${row!.name} (tax ID ${row!.taxId})`,
        after: input,
      });
      await recordEvent(tx, { type: 'company.created', companyId: row!.id, data: toCompany(row!, 1) });
      return { ...toCompany(row!, 1), myRoles: ALL_ROLES };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('conflict', companyMessages.alreadyMember);
    throw err;
  }
}

/** GET /api/companies/mine: the caller's company with their roles, or null (a customer without a company). */
export async function myCompany(db: Db, caller: SessionUser): Promise<{ company: CompanyView | null }> {
  const own = await membershipOf(db, caller.id);
  return { company: own ? await view(db, own.companyId, rolesOf(own)) : null };
}

export async function getCompany(db: Db, caller: SessionUser, id: string): Promise<CompanyView> {
  const a = await access(db, caller, id);
  return view(db, id, a.roles);
}

export async function updateCompany(db: Db, caller: SessionUser, id: string, input: CompanyInput) {
  return db.transaction(async (tx) => {
    const a = await access(tx, caller, id, 'admin');
    await lockCompany(tx, id);
    const [before] = await tx.select().from(companies).where(eq(companies.id, id));
    await tx
      .update(companies)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(companies.id, id));
    await audit(tx, caller, {
      kind: 'company.edited',
      entityId: id,
      summary: `Edited the company ${input.name}`,
      before: { name: before!.name, taxId: before!.taxId },
      after: input,
    });
    return view(tx, id, a.roles);
  });
}

/** Newest first; a search is a prefix of the name or the tax ID, whatever the case (both indexed). */
const newestCompanies: KeysetSort = {
  name: 'newest',
  key: sql`${companies.createdAt}`,
  dir: 'desc',
  id: sql`${companies.id}`,
  idType: 'uuid',
  type: 'timestamptz',
};

/** GET /api/companies (shop admin). */
export async function listCompanies(db: Db, q: CompanyListQuery): Promise<Paged<Company>> {
  const pattern = q.search ? startsWith(q.search.toLowerCase()) : undefined;
  const where = pattern
    ? or(sql`lower(${companies.name}) like ${pattern}`, sql`lower(${companies.taxId}) like ${pattern}`)
    : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        row: companies,
        count: memberCount,
        cursorKey: keyText(newestCompanies),
        cursorId: sql<string>`${companies.id}::text`,
      })
      .from(companies)
      .where(and(where, q.cursor ? afterCursor(newestCompanies, q.cursor) : undefined))
      .orderBy(orderBySort(newestCompanies))
      .limit(q.limit + 1),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(companies)
      .where(where),
  ]);
  const cut = cutPage(newestCompanies, rows, q.limit);
  return {
    items: cut.rows.map((r) => toCompany(r.row, r.count)),
    nextCursor: cut.nextCursor,
    total: counted?.n ?? 0,
  };
}

// ---- Members ----

const byJoined: KeysetSort = {
  name: 'joined',
  key: sql`${companyMembers.joinedAt}`,
  dir: 'asc',
  id: sql`${companyMembers.userId}`,
  idType: 'text',
  type: 'timestamptz',
};

const memberColumns = { m: companyMembers, name: user.name, email: user.email };
const toMember = (r: { m: typeof companyMembers.$inferSelect; name: string; email: string }): Member => ({
  userId: r.m.userId,
  name: r.name,
  email: r.email,
  roles: rolesOf(r.m),
  joinedAt: r.m.joinedAt.toISOString(),
  orderLimit: dollars(r.m.orderLimitCents),
  monthlyLimit: dollars(r.m.monthlyLimitCents),
  orderLimitCents: r.m.orderLimitCents,
  monthlyLimitCents: r.m.monthlyLimitCents,
});

const dollars = (cents: number | null) => (cents === null ? null : centsToDollars(cents));
const cents = (dollars: number | null) => (dollars === null ? null : dollarsToCents(dollars));
const limitText = (cents: number | null) => (cents === null ? 'no limit' : formatCents(cents));

/** GET /api/companies/{id}/members: any member (or a shop admin), oldest member first. */
export async function listMembers(
  db: Db,
  caller: SessionUser,
  id: string,
  q: PageQuery,
): Promise<Paged<Member>> {
  await access(db, caller, id);
  const where = eq(companyMembers.companyId, id);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        ...memberColumns,
        cursorKey: keyText(byJoined),
        cursorId: sql<string>`${companyMembers.userId}`,
      })
      .from(companyMembers)
      .innerJoin(user, eq(user.id, companyMembers.userId))
      .where(and(where, q.cursor ? afterCursor(byJoined, q.cursor) : undefined))
      .orderBy(orderBySort(byJoined))
      .limit(q.limit + 1),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(companyMembers)
      .where(where),
  ]);
  const cut = cutPage(byJoined, rows, q.limit);
  return { items: cut.rows.map(toMember), nextCursor: cut.nextCursor, total: counted?.n ?? 0 };
}

async function memberIn(tx: Tx, companyId: string, userId: string) {
  const [row] = await tx
    .select(memberColumns)
    .from(companyMembers)
    .innerJoin(user, eq(user.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  if (!row) throw notFound('Member');
  return row;
}

/** PUT /api/companies/{id}/members/{userId} (company admin): the last company admin keeps the role (409). */
export async function setMemberRoles(
  db: Db,
  caller: SessionUser,
  id: string,
  userId: string,
  roles: CompanyRole[],
): Promise<Member> {
  return db.transaction(async (tx) => {
    await access(tx, caller, id, 'admin');
    await lockCompany(tx, id);
    // Again under the lock: an admin demoted by a change that committed meanwhile is an admin no more.
    await access(tx, caller, id, 'admin');
    const before = await memberIn(tx, id, userId);
    const flags = flagsOf(roles);
    if (before.m.isAdmin && !flags.isAdmin && (await adminCount(tx, id)) <= 1)
      throw fieldError('conflict', 'roles', companyMessages.lastAdmin);
    const [m] = await tx
      .update(companyMembers)
      .set(flags)
      .where(eq(companyMembers.userId, userId))
      .returning();
    await audit(tx, caller, {
      kind: 'company_member.roles_changed',
      entityId: id,
      summary: `Changed the roles of ${before.email}: ${rolesOf(before.m).join(', ')} → ${roles.join(', ')}`,
      before: { email: before.email, roles: rolesOf(before.m) },
      after: { email: before.email, roles: rolesOf(m!) },
    });
    return toMember({ m: m!, name: before.name, email: before.email });
  });
}

/**
 * PUT /api/companies/{id}/members/{userId}/limits (company admin or shop admin): the member's spending limits per
 * order and per calendar month. A checkout over one waits for an approver (docs/decisions/040-approvals-and-limits.md).
 */
export async function setMemberLimits(
  db: Db,
  caller: SessionUser,
  id: string,
  userId: string,
  limits: MemberLimits,
): Promise<Member> {
  return db.transaction(async (tx) => {
    await access(tx, caller, id, 'admin');
    const before = await memberIn(tx, id, userId);
    const [m] = await tx
      .update(companyMembers)
      .set({ orderLimitCents: cents(limits.orderLimit), monthlyLimitCents: cents(limits.monthlyLimit) })
      .where(eq(companyMembers.userId, userId))
      .returning();
    await audit(tx, caller, {
      kind: 'company_member.limits_changed',
      entityId: id,
      summary: `Changed the spending limits of ${before.email}: per order ${limitText(m!.orderLimitCents)}, per month ${limitText(m!.monthlyLimitCents)}`,
      before: {
        email: before.email,
        orderLimitCents: before.m.orderLimitCents,
        monthlyLimitCents: before.m.monthlyLimitCents,
      },
      after: {
        email: before.email,
        orderLimitCents: m!.orderLimitCents,
        monthlyLimitCents: m!.monthlyLimitCents,
      },
    });
    return toMember({ m: m!, name: before.name, email: before.email });
  });
}

/**
 * DELETE /api/companies/{id}/members/{userId}: a company admin removes a member, or a member leaves. The last company
 * admin can do neither (409). The row goes, so the next call of the former member is refused.
 */
export async function removeMember(db: Db, caller: SessionUser, id: string, userId: string) {
  return db.transaction(async (tx) => {
    const leaving = userId === caller.id;
    await access(tx, caller, id, leaving ? 'member' : 'admin');
    await lockCompany(tx, id);
    await access(tx, caller, id, leaving ? 'member' : 'admin');
    const before = await memberIn(tx, id, userId);
    if (before.m.isAdmin && (await adminCount(tx, id)) <= 1)
      throw new AppError('conflict', companyMessages.lastAdmin);
    await tx.delete(companyMembers).where(eq(companyMembers.userId, userId));
    await audit(tx, caller, {
      kind: leaving ? 'company_member.left' : 'company_member.removed',
      entityId: id,
      summary: leaving ? `${before.email} left the company` : `Removed ${before.email} from the company`,
      before: { email: before.email, roles: rolesOf(before.m) },
    });
    return { acknowledged: true as const };
  });
}

// ---- Invitations ----

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
