import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { ApprovalReason } from '@shared/checkout/approvals.schema';
import { companyMembers, holdLastsSql, user } from '../../db/schema';
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

/** Which limit a checkout went over, and the figures it was weighed by (cents). */
export interface LimitBreach {
  reason: ApprovalReason;
  limitCents: number;
  spentCents: number;
}

/** The first instant of `now`'s calendar month, UTC: the monthly limit counts from here. */
export const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/**
 * What a buyer has spent in their company this calendar month (UTC), in cents: every line they placed as a member
 * of it since the first of the month — single orders and checkout lines, goods + shipping + tax — that is paid
 * (delivered or not), or unpaid and still holding its stock inside the checkout window (waiting for payment or for an
 * approver, approved or not). Cancelled, rejected, refunded and expired lines do not count.
 */
export async function spentThisMonth(
  tx: Tx,
  deps: { expiryMs: number },
  userId: string,
  companyId: string,
  now = new Date(),
  placing?: string,
): Promise<number> {
  const rows = await tx.execute<{ spent: string | number | null }>(sql`
    select coalesce(sum(o.quantity::bigint * o.unit_price_cents + o.shipping_cents + o.tax_cents), 0) as spent
    from orders o
    where o.user_id = ${userId} and o.company_id = ${companyId}
      and o.created_at >= ${monthStart(now).toISOString()}::timestamptz
      and o.order_status <> 'Cancelled'
      and (o.payment_status or (o.order_status = 'Pending' and ${holdLastsSql(now, deps.expiryMs, 'o')}))
      ${placing ? sql`and o.id <> ${placing}` : sql``}`);
  return Number(rows.rows[0]?.spent ?? 0);
}

/**
 * Weighs a purchase of `totalCents` against its buyer's limits, in the purchase's transaction with the buyer's
 * membership locked (so two purchases cannot both slip under the monthly limit). Equal to a limit is within it.
 * Null: within both (or not a member, or no limits). The one rule for the cart's checkout, which then waits for an
 * approver, and for Order Now, which is refused (docs/decisions/040-approvals-and-limits.md). `placing`: an order of
 * this purchase already inserted in the transaction (Order Now inserts before it locks), not counted as spent.
 */
export async function limitBreach(
  tx: Tx,
  deps: { expiryMs: number },
  userId: string,
  totalCents: number,
  placing?: string,
): Promise<LimitBreach | null> {
  const member = await lockBuyerLimits(tx, userId);
  if (!member) return null;
  const { orderLimitCents, monthlyLimitCents } = member;
  if (orderLimitCents === null && monthlyLimitCents === null) return null;
  const spentCents = await spentThisMonth(tx, deps, userId, member.companyId, new Date(), placing);
  if (orderLimitCents !== null && totalCents > orderLimitCents)
    return { reason: 'order', limitCents: orderLimitCents, spentCents };
  if (monthlyLimitCents !== null && spentCents + totalCents > monthlyLimitCents)
    return { reason: 'monthly', limitCents: monthlyLimitCents, spentCents };
  return null;
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
