import { and, eq, sql } from 'drizzle-orm';
import type { Paged } from '@shared/common/paging.schema';
import type { MemberLimits } from '@shared/checkout/approvals.schema';
import {
  companyMessages,
  type CompanyRole,
  type Member,
  type PageQuery,
} from '@shared/companies/companies.schema';
import { centsToDollars, dollarsToCents, formatCents } from '@shared/common/money';
import { companyMembers, user } from '../../db/schema';
import { AppError, fieldError, notFound } from '../../infra/errors';
import { afterCursor, cutPage, keyText, orderBySort, type KeysetSort } from '../../infra/keyset';
import type { SessionUser } from '../../http/auth-guard';
import type { Db, Tx } from '../../infra/db';
import {
  access,
  adminCount,
  flagsOf,
  lockCompany,
  rolesOf,
  withdrawInvitationsWithoutVerifiedAdmin,
} from './companies.access';
import { audit } from './companies.service';

// Members of a company: their roles and spending limits, and leaving or removal.

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
    const withdrawn =
      before.m.isAdmin && !flags.isAdmin ? await withdrawInvitationsWithoutVerifiedAdmin(tx, id) : 0;
    await audit(tx, caller, {
      kind: 'company_member.roles_changed',
      entityId: id,
      summary:
        `Changed the roles of ${before.email}: ${rolesOf(before.m).join(', ')} → ${roles.join(', ')}` +
        withdrawnText(withdrawn),
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
    const withdrawn = before.m.isAdmin ? await withdrawInvitationsWithoutVerifiedAdmin(tx, id) : 0;
    await audit(tx, caller, {
      kind: leaving ? 'company_member.left' : 'company_member.removed',
      entityId: id,
      summary:
        (leaving ? `${before.email} left the company` : `Removed ${before.email} from the company`) +
        withdrawnText(withdrawn),
      before: { email: before.email, roles: rolesOf(before.m) },
    });
    return { acknowledged: true as const };
  });
}

/** The audit entry's note when a departing admin's leaving withdrew the pending invitations. */
const withdrawnText = (n: number) =>
  n === 0 ? '' : `; no admin with a verified address is left, so ${n} pending invitation(s) were withdrawn`;
