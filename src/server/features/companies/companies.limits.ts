import { and, asc, eq, ne, or } from 'drizzle-orm';
import { companyMembers, user } from '../../db/schema';
import type { Db, Tx } from '../../infra/db';

/**
 * The buyer's membership with its spending limits, locked until the checkout's transaction ends: two checkouts of
 * one buyer are weighed against the monthly limit one after the other, the second seeing the first's lines. Not a
 * member: undefined (no limits).
 */
export async function lockBuyerLimits(tx: Tx, userId: string) {
  const [row] = await tx
    .select({
      companyId: companyMembers.companyId,
      orderLimitCents: companyMembers.orderLimitCents,
      monthlyLimitCents: companyMembers.monthlyLimitCents,
    })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId))
    .for('update');
  return row;
}

/**
 * Who is told that a checkout waits: the company's approvers other than its buyer; when there are none, the
 * company admins (who can make someone an approver). Oldest member first, at most 50 mails.
 */
export async function approvalRecipients(tx: Tx | Db, companyId: string, buyerId: string) {
  const rows = await tx
    .select({ name: user.name, email: user.email, isApprover: companyMembers.isApprover })
    .from(companyMembers)
    .innerJoin(user, eq(user.id, companyMembers.userId))
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        ne(companyMembers.userId, buyerId),
        or(eq(companyMembers.isApprover, true), eq(companyMembers.isAdmin, true)),
      ),
    )
    .orderBy(asc(companyMembers.joinedAt), asc(companyMembers.userId))
    .limit(100);
  const approvers = rows.filter((r) => r.isApprover);
  return (approvers.length ? approvers : rows).slice(0, 50);
}
