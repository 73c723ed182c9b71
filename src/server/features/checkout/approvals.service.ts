import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Paged } from '@shared/common/paging.schema';
import {
  approvalMessages,
  type Approval,
  type ApprovalDecision,
  type ApprovalStatus,
} from '@shared/checkout/approvals.schema';
import { checkouts, orders, user } from '../../db/schema';
import { AppError, notFound } from '../../infra/errors';
import { afterCursor, cutPage, keyText, orderBySort, type KeysetSort } from '../../infra/keyset';
import type { SessionUser } from '../../http/auth-guard';
import type { Db, Tx } from '../../infra/db';
import { access, membershipOf } from '../companies/index';
import {
  closeUnpaid,
  holdEndsAt,
  holdLastsSql,
  isPastWindow,
  totalCents,
  type OrderDeps,
  type OrderRow,
} from '../orders/index';
import { recordDecision } from './checkout.approval';
import { retakeApprovalStock } from './approvals.stock';
import { checkoutLines, lockCheckout, type CheckoutRow } from './checkout.model';
import { checkoutPayable } from './checkout.payment';
import { centsToDollars } from '@shared/common/money';

/**
 * A company's approvals (docs/decisions/040-approvals-and-limits.md): the checkouts of its members that went over a
 * spending limit. Approvers and company admins see them (and the shop's admins); only approvers decide, never on
 * their own checkout.
 */

/** Approvers and company admins of this company, or a shop admin; anyone else 403. */
async function seeAccess(db: Db | Tx, caller: SessionUser, companyId: string) {
  const a = await access(db, caller, companyId);
  if (!a.staff && !a.roles.includes('approver') && !a.roles.includes('admin'))
    throw new AppError('forbidden', 'Only approvers and company admins see the approvals.');
  return a;
}

const decider = alias(user, 'decider');

function statusOf(co: CheckoutRow, lines: OrderRow[], expiryMs: number): ApprovalStatus {
  if (co.approvalStatus === 'approved' || co.approvalStatus === 'rejected') return co.approvalStatus;
  const first = lines[0];
  if (!first || first.orderStatus !== 'Pending' || isPastWindow(first, expiryMs)) return 'expired';
  return 'awaiting';
}

function toApproval(
  co: CheckoutRow,
  lines: OrderRow[],
  by: { name: string; email: string } | null,
  expiryMs: number,
): Approval {
  const first = lines[0];
  const limitCents = co.approvalLimitCents!;
  const spentThisMonthCents = co.approvalSpentCents ?? 0;
  const allCents = lines.reduce((s, l) => s + totalCents(l), 0);
  return {
    _id: co.id,
    companyId: co.companyId!,
    status: statusOf(co, lines, expiryMs),
    reason: co.approvalReason!,
    limit: centsToDollars(limitCents),
    spentThisMonth: centsToDollars(spentThisMonthCents),
    total: centsToDollars(allCents),
    limitCents,
    spentThisMonthCents,
    totalCents: allCents,
    buyer: { userId: co.userId, name: co.name, email: co.email },
    poNumber: co.poNumber,
    address: co.address,
    createdAt: co.createdAt.toISOString(),
    expiresAt: (co.approvalExpiresAt ?? holdEndsAt(first ?? co, expiryMs)).toISOString(),
    decidedAt: co.approvalDecidedAt?.toISOString() ?? null,
    decidedBy: by && co.approvalDecidedBy ? by : null,
    comment: co.approvalComment,
    lines: lines.map((l) => ({
      productName: l.productName,
      quantity: l.quantity,
      unitPrice: centsToDollars(l.unitPriceCents),
      total: centsToDollars(totalCents(l)),
      unitPriceCents: l.unitPriceCents,
      totalCents: totalCents(l),
      orderNumber: l.orderNumber,
    })),
  };
}

const newest: KeysetSort = {
  name: 'newest',
  key: sql`${checkouts.createdAt}`,
  dir: 'desc',
  id: sql`${checkouts.id}`,
  idType: 'uuid',
  type: 'timestamptz',
};

/**
 * GET /api/companies/{id}/approvals: newest first, keyset-paged. `awaiting` lists the open ones (still holding their
 * stock inside the approval window, nobody decided yet; served by a partial index); `all` every checkout that needed
 * approval, decided, expired or cancelled too.
 */
export async function listApprovals(
  deps: OrderDeps,
  caller: SessionUser,
  companyId: string,
  q: { limit: number; status: 'awaiting' | 'all'; cursor?: string | undefined },
): Promise<Paged<Approval>> {
  const { db } = deps;
  await seeAccess(db, caller, companyId);
  const where: SQL =
    q.status === 'awaiting'
      ? and(
          eq(checkouts.companyId, companyId),
          eq(checkouts.approvalStatus, 'awaiting'),
          sql`exists (select 1 from orders o where o.checkout_id = ${checkouts.id} and o.order_status = 'Pending' and ${holdLastsSql(new Date(), deps.expiryMs, 'o')})`,
        )!
      : and(eq(checkouts.companyId, companyId), isNotNull(checkouts.approvalStatus))!;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        co: checkouts,
        by: { name: decider.name, email: decider.email },
        cursorKey: keyText(newest),
        cursorId: sql<string>`${checkouts.id}::text`,
      })
      .from(checkouts)
      .leftJoin(decider, eq(decider.id, checkouts.approvalDecidedBy))
      .where(and(where, q.cursor ? afterCursor(newest, q.cursor) : undefined))
      .orderBy(orderBySort(newest))
      .limit(q.limit + 1),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(checkouts)
      .where(where),
  ]);
  const cut = cutPage(newest, rows, q.limit);
  const ids = cut.rows.map((r) => r.co.id);
  const lines = ids.length
    ? await db.select().from(orders).where(inArray(orders.checkoutId, ids)).orderBy(orders.productId)
    : [];
  return {
    items: cut.rows.map((r) =>
      toApproval(
        r.co,
        lines.filter((l) => l.checkoutId === r.co.id),
        r.by?.email ? { name: r.by.name, email: r.by.email } : null,
        deps.expiryMs,
      ),
    ),
    nextCursor: cut.nextCursor,
    total: counted?.n ?? 0,
  };
}

/** A checkout of this company that needed approval (404 otherwise: another company's id says nothing). */
async function approvalIn(db: Db | Tx, companyId: string, id: string) {
  const [row] = await db
    .select({ co: checkouts, by: { name: decider.name, email: decider.email } })
    .from(checkouts)
    .leftJoin(decider, eq(decider.id, checkouts.approvalDecidedBy))
    .where(
      and(eq(checkouts.id, id), eq(checkouts.companyId, companyId), isNotNull(checkouts.approvalStatus)),
    );
  if (!row) throw notFound('Approval');
  return row;
}

/** GET /api/companies/{id}/approvals/{itemId}. */
export async function getApproval(
  deps: OrderDeps,
  caller: SessionUser,
  companyId: string,
  id: string,
): Promise<Approval> {
  await seeAccess(deps.db, caller, companyId);
  const { co, by } = await approvalIn(deps.db, companyId, id);
  const lines = await checkoutLines(deps.db, id);
  return toApproval(co, lines, by?.email ? { name: by.name, email: by.email } : null, deps.expiryMs);
}

/**
 * The checks of a decision, on the checkout locked: an approver of this company (not a shop admin as such, not
 * the buyer), a checkout of the company still awaiting (409 once decided: of two approvers at once, one wins),
 * still holding its stock inside the approval window (409 after it), and to approve, a buyer who is still a member.
 */
async function lockForDecision(
  tx: Tx,
  caller: SessionUser,
  companyId: string,
  id: string,
  decision: 'approve' | 'reject',
  expiryMs: number,
) {
  const a = await access(tx, caller, companyId);
  if (!a.roles.includes('approver')) throw new AppError('forbidden', approvalMessages.approversOnly);
  await approvalIn(tx, companyId, id);
  const { co, lines } = await lockCheckout(tx, id);
  if (co.userId === caller.id) throw new AppError('forbidden', approvalMessages.ownCheckout);
  if (co.approvalStatus !== 'awaiting')
    throw new AppError('conflict', approvalMessages.alreadyDecided(co.approvalStatus ?? 'decided'));
  const first = lines[0];
  if (first?.orderStatus === 'Expired' || (first && isPastWindow(first, expiryMs)))
    throw new AppError('conflict', approvalMessages.tooLate);
  if (!first || first.orderStatus !== 'Pending' || co.paidAt)
    throw new AppError('conflict', approvalMessages.closed);
  if (decision === 'approve' && (await membershipOf(tx, co.userId))?.companyId !== companyId)
    throw new AppError('conflict', approvalMessages.buyerLeft);
  return { co, lines };
}

/**
 * POST /api/companies/{id}/approvals/{itemId}: approve (the checkout becomes payable as any other, for one checkout
 * window from the approval) or reject (its lines are cancelled and give their stock back), with a comment the buyer is mailed.
 */
export async function decideApproval(
  deps: OrderDeps,
  caller: SessionUser,
  companyId: string,
  id: string,
  input: { decision: ApprovalDecision['decision']; comment: string | null },
): Promise<Approval> {
  if (input.decision === 'approve') {
    await deps.db.transaction(async (tx) => {
      const { co, lines } = await lockForDecision(tx, caller, companyId, id, 'approve', deps.expiryMs);
      const taken = await retakeApprovalStock(tx, deps, co, lines);
      await recordDecision(tx, deps, caller, co, taken, 'approved', input.comment);
    });
  } else {
    // Rejecting closes the checkout the way a cancel does (its stock back in product-id order), the decision
    // recorded in the same transaction after the checks made under the checkout's lock.
    let seen: CheckoutRow | undefined;
    const base = checkoutPayable(deps, id);
    await deps.db.transaction(async (tx) => {
      seen = (await lockForDecision(tx, caller, companyId, id, 'reject', deps.expiryMs)).co;
    });
    await closeUnpaid(
      deps,
      {
        ...base,
        lock: async (tx) => {
          const { co, lines } = await lockForDecision(tx, caller, companyId, id, 'reject', deps.expiryMs);
          return { head: co, lines };
        },
        closed: async (tx, before) => {
          const [co] = await tx.select().from(checkouts).where(eq(checkouts.id, id));
          await recordDecision(tx, deps, caller, co!, before, 'rejected', input.comment);
        },
      },
      seen!,
      'Cancelled',
      caller,
    );
  }
  return getApproval(deps, caller, companyId, id);
}
