import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { paths } from '@shared/common/web-paths';
import { formatCents } from '@shared/common/money';
import { formatDeadline, isWorkingDay, utcDay } from '@shared/common/working-days';
import { formatOrderNumber } from '@shared/orders/order-number';
import { approvalReminders, checkouts } from '../../db/schema';
import { AppError } from '../../infra/errors';
import { composeMail } from '../../infra/mail';
import { approvalRecipients } from '../companies/index';
import {
  closeUnpaid,
  holdLastsSql,
  queueMail,
  totalCents,
  type OrderDeps,
  type OrderRow,
} from '../orders/index';
import { numbersOf } from './checkout.mail';
import { checkoutLines, checkoutTotalCents, lockCheckout, type CheckoutRow } from './checkout.model';
import { checkoutPayable } from './checkout.payment';

/**
 * The approval window's background work (docs/decisions/054-approval-window.md): checkouts nobody decided on by their
 * deadline expire (stock back, the buyer mailed), and the approvers of those still waiting are reminded once per
 * working day, the last time on the final day.
 */

/** How many approvals one pass expires or reminds about (each is its own transaction). */
const BATCH = 50;

const lineText = (o: OrderRow) =>
  `${formatOrderNumber(o.orderNumber)}: ${o.quantity} × ${o.productName}: ${formatCents(totalCents(o))}`;

/** Still awaiting and still holding its stock (lines pending), as of `now`. */
const stillOpen = (deps: OrderDeps, now: Date) =>
  sql`exists (select 1 from orders o where o.checkout_id = ${checkouts.id} and o.order_status = 'Pending' and not o.payment_status and ${holdLastsSql(now, deps.expiryMs, 'o')})`;

/**
 * Checkouts still awaiting approval past their deadline: each is closed as Expired (its lines give their stock back,
 * in product-id order, as every close does) and its buyer is told, in one transaction under the checkout's lock, so
 * an approver deciding at the same moment either wins or gets 409. The orders' bulk sweep leaves these to this one,
 * so the buyer always hears of it.
 */
export async function expireApprovals(deps: OrderDeps, now = new Date()): Promise<number> {
  const due = await deps.db
    .select()
    .from(checkouts)
    .where(
      and(
        eq(checkouts.approvalStatus, 'awaiting'),
        lte(checkouts.approvalExpiresAt, now),
        sql`exists (select 1 from orders o where o.checkout_id = ${checkouts.id} and o.order_status = 'Pending')`,
      ),
    )
    .orderBy(asc(checkouts.approvalExpiresAt))
    .limit(BATCH);
  let expired = 0;
  for (const seen of due) {
    try {
      await closeUnpaid(
        deps,
        {
          ...checkoutPayable(deps, seen.id),
          lock: async (tx) => {
            const { co, lines } = await lockCheckout(tx, seen.id);
            // Decided (or its deadline moved) after we looked: not ours to expire.
            if (co.approvalStatus !== 'awaiting' || !co.approvalExpiresAt || co.approvalExpiresAt > now)
              throw new AppError('conflict', 'This approval is no longer due to expire.');
            return { head: co, lines };
          },
          closed: async (tx, before) => {
            await queueMail(deps.mail, approvalExpiredMail(deps, seen, before), tx);
          },
        },
        seen,
        'Expired',
      );
      expired++;
    } catch (err) {
      if (err instanceof AppError && err.status === 409) continue;
      deps.mail.log.warn({ err, checkout: seen.id }, 'could not expire an approval yet');
    }
  }
  return expired;
}

function approvalExpiredMail(deps: OrderDeps, co: CheckoutRow, lines: OrderRow[]) {
  return composeMail(deps.mail.shopName, {
    to: co.email,
    greeting: `Hello ${co.name},`,
    subject: `Approval expired: your order of ${formatCents(checkoutTotalCents(lines))}${numbersOf(lines)}`,
    paragraphs: [
      `No approver of your company decided on your order by ${formatDeadline(co.approvalExpiresAt!)}, so it was cancelled, its stock released and nothing was charged:`,
      ...lines.map(lineText),
      'You can check out again whenever you like; an approver will be asked again.',
    ],
    action: { label: 'See my orders', url: `${deps.mail.baseUrl}/dashboard/my-orders` },
  });
}

/**
 * Once per working day (UTC) while a checkout awaits approval, from the day after it was requested, its approvers
 * are reminded; on the day of its deadline the reminder says it is the last. The day's reminder is a row keyed by
 * checkout and day, inserted in the transaction that queues the mails: a restart, a second pass or a second instance
 * finds the row and sends nothing.
 */
export async function remindApprovers(deps: OrderDeps, now = new Date()): Promise<number> {
  if (!isWorkingDay(now)) return 0;
  const today = utcDay(now);
  const startOfToday = new Date(`${today}T00:00:00.000Z`);
  const due = await deps.db
    .select()
    .from(checkouts)
    .where(
      and(
        eq(checkouts.approvalStatus, 'awaiting'),
        sql`${checkouts.approvalExpiresAt} > ${now.toISOString()}::timestamptz`,
        // The request's own mail is that day's word; reminders start the next day.
        sql`${checkouts.createdAt} < ${startOfToday.toISOString()}::timestamptz`,
        stillOpen(deps, now),
        sql`not exists (select 1 from ${approvalReminders} r where r.checkout_id = ${checkouts.id} and r.day = ${today}::date)`,
      ),
    )
    .orderBy(asc(checkouts.approvalExpiresAt))
    .limit(BATCH);
  let reminded = 0;
  for (const co of due) {
    const sent = await deps.db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(approvalReminders)
        .values({ checkoutId: co.id, day: today })
        .onConflictDoNothing()
        .returning();
      if (!claimed) return false;
      const lines = await checkoutLines(tx, co.id);
      const last = utcDay(co.approvalExpiresAt!) === today;
      for (const to of await approvalRecipients(tx, co.companyId!, co.userId))
        await queueMail(deps.mail, reminderMail(deps, co, lines, to, last), tx);
      return true;
    });
    if (sent) reminded++;
  }
  return reminded;
}

function reminderMail(
  deps: OrderDeps,
  co: CheckoutRow,
  lines: OrderRow[],
  to: { name: string; email: string },
  last: boolean,
) {
  const total = formatCents(checkoutTotalCents(lines));
  const by = formatDeadline(co.approvalExpiresAt!);
  return composeMail(deps.mail.shopName, {
    to: to.email,
    greeting: `Hello ${to.name},`,
    subject: `${last ? 'Last reminder' : 'Reminder'}: approval needed for ${co.name}'s order of ${total}${numbersOf(lines)}`,
    paragraphs: [
      `${co.name} (${co.email}) is still waiting for approval of this order:`,
      ...lines.map(lineText),
      last
        ? `Today is the last day: please approve or reject it by ${by}; after that the checkout expires and its stock is released.`
        : `Please approve or reject it by ${by}; after that the checkout expires and its stock is released.`,
    ],
    action: { label: 'Approve or reject', url: `${deps.mail.baseUrl}${paths.companyApproval(co.id)}` },
  });
}
