import { and, eq, isNull } from 'drizzle-orm';
import { paths } from '@shared/common/web-paths';
import { accountInvoices, user } from '../../db/schema';
import { composeMail } from '../../infra/mail';
import { queueMail } from '../orders/index';
import { addDays, utcDay, type CreditDeps } from './credit.model';
import { dueBetween } from './credit.statement';
import { formatCents } from '@shared/common/money';

type Kind = 'before' | 'overdue';

const longDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** How many reminders one sweep queues at most; the next sweep takes the rest. */
const BATCH = 200;

/**
 * Queues the reminders of account invoices that are due: one a few days before the due date (ACCOUNT_REMINDER_DAYS)
 * and one once it has passed, each at most once per invoice (the mark and the mail commit together, so instances
 * running the sweep at once never send one twice). A paid invoice gets none. Returns how many were queued.
 */
export async function sendAccountReminders(deps: CreditDeps, now = new Date()): Promise<number> {
  const { db, mail } = deps.orders;
  const today = utcDay(now);
  const due = {
    before: and(
      dueBetween(today, addDays(today, deps.credit.reminderDaysBefore + 1)),
      isNull(accountInvoices.remindedBeforeAt),
    )!,
    overdue: and(dueBetween('0001-01-01', today), isNull(accountInvoices.remindedOverdueAt))!,
  };
  let sent = 0;
  for (const kind of ['overdue', 'before'] as Kind[]) {
    const rows = await db
      .select({ id: accountInvoices.invoiceId })
      .from(accountInvoices)
      .where(due[kind])
      .limit(BATCH);
    for (const { id } of rows) {
      const queued = await db.transaction(async (tx) => {
        const mark = kind === 'before' ? accountInvoices.remindedBeforeAt : accountInvoices.remindedOverdueAt;
        const [inv] = await tx
          .update(accountInvoices)
          .set(kind === 'before' ? { remindedBeforeAt: now } : { remindedOverdueAt: now })
          .where(and(eq(accountInvoices.invoiceId, id), isNull(mark), due[kind]))
          .returning();
        if (!inv) return false;
        const [buyer] = await tx
          .select({ name: user.name, email: user.email })
          .from(user)
          .where(eq(user.id, inv.userId));
        const owed = formatCents(inv.totalCents - inv.paidCents);
        const when = longDay(inv.dueDate);
        await queueMail(
          mail,
          composeMail(mail.shopName, {
            to: buyer!.email,
            greeting: `Hello ${buyer!.name},`,
            subject:
              kind === 'before'
                ? `Reminder: invoice ${inv.number} (${owed}) is due on ${when}`
                : `Overdue: invoice ${inv.number} (${owed}) was due on ${when}`,
            paragraphs: [
              kind === 'before'
                ? `Invoice ${inv.number}, bought on account (Net ${inv.netDays}), is due on ${when}; ${owed} is still to pay.`
                : `Invoice ${inv.number}, bought on account (Net ${inv.netDays}), was due on ${when}; ${owed} is still to pay.`,
              'You can pay it by card from your company statement, or by bank transfer.',
            ],
            action: { label: 'See the statement', url: `${mail.baseUrl}${paths.companyStatement}` },
          }),
          tx,
        );
        return true;
      });
      if (queued) sent++;
    }
  }
  return sent;
}
