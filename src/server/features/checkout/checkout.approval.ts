import { and, eq, sql } from 'drizzle-orm';
import { paths } from '@shared/common/web-paths';
import { formatOrderNumber } from '@shared/orders/order-number';
import { approvalReasonText } from '@shared/checkout/approvals.schema';
import { checkouts } from '../../db/schema';
import type { Tx } from '../../infra/db';
import { composeMail } from '../../infra/mail';
import type { SessionUser } from '../../http/auth-guard';
import { recordAudit } from '../audit/audit.service';
import { approvalRecipients, approvalWindowDaysOf } from '../companies/index';
import {
  holdCheckoutUntil,
  holdEndsAt,
  queueMail,
  totalCents,
  type OrderDeps,
  type OrderRow,
} from '../orders/index';

/** The advisory lock class of a company's approval holds (see approvalHeldUnits). */
const APPROVAL_HOLD_LOCK_CLASS = 0x0a9b1;
import { addWorkingDays, formatDeadline } from '@shared/common/working-days';
import type { CheckoutRow } from './checkout.model';
import { centsToDollars, formatCents } from '@shared/common/money';
import { numbersOf } from './checkout.mail';

const approvalUrl = (deps: OrderDeps, co: CheckoutRow) =>
  `${deps.mail.baseUrl}${paths.companyApproval(co.id)}`;

const lineText = (o: OrderRow) =>
  `${formatOrderNumber(o.orderNumber)}: ${o.quantity} × ${o.productName}: ${formatCents(totalCents(o))}`;
const itemsWord = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;
const reasonOf = (co: CheckoutRow) =>
  approvalReasonText({ reason: co.approvalReason!, limit: centsToDollars(co.approvalLimitCents!) });

/**
 * The units the company's other checkouts awaiting approval hold for their approval window (lines whose hold was moved
 * past the checkout window). Taken under a per-company transaction lock, so two requests of one company at once are
 * weighed one after the other against the shop's cap (APPROVAL_HOLD_MAX_UNITS).
 */
async function approvalHeldUnits(tx: Tx, companyId: string, except: string, now: Date): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${APPROVAL_HOLD_LOCK_CLASS}, hashtext(${companyId}))`);
  const { rows } = await tx.execute<{ units: string | number }>(sql`
    select coalesce(sum(o.quantity - o.backordered_quantity), 0) as units
    from orders o join checkouts c on c.id = o.checkout_id
    where c.company_id = ${companyId} and c.approval_status = 'awaiting' and c.id <> ${except}
      and c.approval_stock_until is null
      and o.order_status = 'Pending' and not o.payment_status and o.hold_until > ${now.toISOString()}::timestamptz`);
  return Number(rows[0]?.units ?? 0);
}

/**
 * A checkout that waits: it gets its approval deadline (the company's window in working days, decision 054) and its
 * lines hold their stock until then instead of one checkout window; the buyer hears that it waits (instead of the
 * usual "please pay"), the company's approvers get a link to decide, and the audit log records it; all in the
 * checkout's transaction. `co` and `lines` are updated in place as well as returned, so a caller that answers with
 * the rows it passed in shows the deadline.
 */
export async function requestApproval(
  tx: Tx,
  deps: OrderDeps,
  buyer: SessionUser,
  co: CheckoutRow,
  lines: OrderRow[],
): Promise<{ co: CheckoutRow; lines: OrderRow[] }> {
  const shop = deps.mail.shopName;
  const total = formatCents(lines.reduce((s, l) => s + totalCents(l), 0));
  const now = new Date();
  const cap = deps.limits.approvalHoldMaxUnits;
  const units = lines.reduce((s, l) => s + l.quantity - l.backorderedQuantity, 0);
  // Over the shop's cap the request is still made for the whole window, but the stock is held for the checkout
  // window only (`approval_stock_until`); approving after it takes the stock again (approvals.stock.ts).
  const holdsStock = (await approvalHeldUnits(tx, co.companyId!, co.id, now)) + units <= cap;
  const expiresAt = addWorkingDays(now, await approvalWindowDaysOf(tx, co.companyId!));
  const stockUntil = holdsStock ? null : holdEndsAt(lines[0] ?? co, deps.expiryMs);
  const [updated] = await tx
    .update(checkouts)
    .set({ approvalExpiresAt: expiresAt, approvalStockUntil: stockUntil })
    .where(eq(checkouts.id, co.id))
    .returning();
  Object.assign(co, updated);
  const held = await holdCheckoutUntil(tx, co.id, expiresAt);
  for (const line of lines)
    Object.assign(
      line,
      held.find((h) => h.id === line.id),
    );
  const until = formatDeadline(expiresAt);
  const po = co.poNumber ? [`PO number: ${co.poNumber}.`] : [];
  await queueMail(
    deps.mail,
    composeMail(shop, {
      to: co.email,
      greeting: `Hello ${co.name},`,
      subject: `Waiting for approval: your order of ${itemsWord(lines.length)}${numbersOf(lines)}`,
      paragraphs: [
        `Your order of ${total} is ${reasonOf(co)}, so an approver of your company must approve it before you can pay:`,
        ...lines.map(lineText),
        ...po,
        holdsStock
          ? `An approver has until ${until} to decide; we hold the stock until then. We will mail you when it is decided.`
          : `Your company's open approvals already hold as much stock as the shop allows, so we hold this order's stock only until ${formatDeadline(stockUntil!)}. An approver has until ${until} to decide; approved after the stock is released, the order takes it again if there is enough left. We will mail you when it is decided.`,
      ],
      action: { label: 'See my order', url: `${deps.mail.baseUrl}/dashboard/pay-checkout/${co.id}` },
    }),
    tx,
  );
  for (const to of await approvalRecipients(tx, co.companyId!, co.userId))
    await queueMail(
      deps.mail,
      composeMail(shop, {
        to: to.email,
        greeting: `Hello ${to.name},`,
        subject: `Approval needed: ${co.name}'s order of ${total}${numbersOf(lines)}`,
        paragraphs: [
          `${co.name} (${co.email}) checked out ${total}, ${reasonOf(co)}:`,
          ...lines.map(lineText),
          ...po,
          ...(holdsStock
            ? []
            : [
                `Your company's open approvals already hold as much stock as the shop allows (${cap} units), so this checkout's stock is held only until ${formatDeadline(stockUntil!)}, not for the approval window; approving after that takes the stock again, if there is enough left.`,
              ]),
          `Please approve or reject it by ${until}; after that the checkout expires and its stock is released.`,
        ],
        action: { label: 'Approve or reject', url: approvalUrl(deps, co) },
      }),
      tx,
    );
  await recordAudit(tx, buyer, {
    kind: 'checkout.approval_requested',
    entityType: 'checkout',
    entityId: co.id,
    summary: `Checkout of ${total} by ${co.email} waits for approval: ${reasonOf(co)}`,
    after: {
      companyId: co.companyId,
      reason: co.approvalReason,
      limitCents: co.approvalLimitCents,
      spentCents: co.approvalSpentCents,
      totalCents: lines.reduce((s, l) => s + totalCents(l), 0),
      expiresAt: expiresAt.toISOString(),
      holdsStock,
      stockUntil: stockUntil?.toISOString() ?? null,
    },
  });
  return { co, lines };
}

/** Records an approver's decision on the locked checkout, audits it and mails the buyer, in `tx`. */
export async function recordDecision(
  tx: Tx,
  deps: OrderDeps,
  approver: SessionUser,
  co: CheckoutRow,
  lines: OrderRow[],
  decision: 'approved' | 'rejected',
  comment: string | null,
): Promise<CheckoutRow> {
  const now = new Date();
  const [updated] = await tx
    .update(checkouts)
    .set({
      approvalStatus: decision,
      approvalDecidedBy: approver.id,
      approvalDecidedAt: now,
      approvalComment: comment,
    })
    .where(and(eq(checkouts.id, co.id), eq(checkouts.approvalStatus, 'awaiting')))
    .returning();
  // The payment hold starts from the approval, not from the checkout: the buyer gets one whole window to pay.
  const payBy = new Date(now.getTime() + deps.expiryMs);
  if (decision === 'approved') await holdCheckoutUntil(tx, co.id, payBy);
  const total = formatCents(lines.reduce((s, l) => s + totalCents(l), 0));
  const said = comment ? [`${approver.name} wrote: "${comment}"`] : [];
  await recordAudit(tx, approver, {
    kind: decision === 'approved' ? 'checkout.approved' : 'checkout.rejected',
    entityType: 'checkout',
    entityId: co.id,
    summary: `${decision === 'approved' ? 'Approved' : 'Rejected'} the checkout of ${total} by ${co.email}${comment ? `: ${comment}` : ''}`,
    after: { companyId: co.companyId, decision, comment },
  });
  const shop = deps.mail.shopName;
  await queueMail(
    deps.mail,
    decision === 'approved'
      ? composeMail(shop, {
          to: co.email,
          greeting: `Hello ${co.name},`,
          subject: `Approved: your order of ${total}${numbersOf(lines)}`,
          paragraphs: [
            `${approver.name} approved your order:`,
            ...lines.map(lineText),
            ...said,
            `Please pay for it by ${formatDeadline(payBy)}: after that it is cancelled and its stock released.`,
          ],
          action: { label: 'Pay for my order', url: `${deps.mail.baseUrl}/dashboard/pay-checkout/${co.id}` },
        })
      : composeMail(shop, {
          to: co.email,
          greeting: `Hello ${co.name},`,
          subject: `Rejected: your order of ${total}${numbersOf(lines)}`,
          paragraphs: [
            `${approver.name} rejected your order, so it was cancelled and nothing was charged:`,
            ...lines.map(lineText),
            ...said,
          ],
          action: { label: 'See my orders', url: `${deps.mail.baseUrl}/dashboard/my-orders` },
        }),
    tx,
  );
  return updated!;
}
