import { and, eq, lt, sql } from 'drizzle-orm';
import { creditMessages, type AccountSummary } from '@shared/credit/credit.schema';
import { accountInvoices, companies, companyTerms } from '../../db/schema';
import { notFound } from '../../infra/errors';
import type { CreditSettings } from '../../infra/config-orders';
import type { Db, Tx } from '../../infra/db';
import type { OrderDeps } from '../orders/index';

/** An intent as the card payments of account invoices need it (the app's payment provider, `app.payments`). */
export interface AccountIntent {
  id: string;
  clientSecret: string;
  status: string;
  amountCents: number;
  currency: string;
  accountPaymentId?: string | null;
}

/**
 * The payment provider the card payments use, as far as account invoices need it: payments depends on this
 * feature (its test card form confirms these intents), so the provider is given, never imported.
 */
export interface CreditProvider {
  kind: 'test' | 'stripe';
  publishableKey: string | null;
  createIntent(p: { accountPaymentId: string; amountCents: number; email: string }): Promise<AccountIntent>;
  retrieveIntent(id: string): Promise<AccountIntent | null>;
  refund(
    intentId: string,
    amountCents: number,
    idempotencyKey: string,
  ): Promise<{ id: string; status: string }>;
  /** Stops an intent that has not succeeded; answers it as it ends up (`canceled`, or `succeeded` if paid first). */
  cancelIntent(intentId: string): Promise<AccountIntent>;
}

/** What the account services work with: the orders' deps (database, mail, shop), the provider, the credit rules. */
export interface CreditDeps {
  orders: OrderDeps;
  provider: CreditProvider;
  credit: CreditSettings;
}

/** The UTC day of `now`, as YYYY-MM-DD: due dates and overdue days are counted in UTC days. */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** The UTC day `days` after `day` (negative: before). */
export const addDays = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return utcDay(d);
};

export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const open = sql`${accountInvoices.paidCents} < ${accountInvoices.totalCents}`;
export const openInvoice = open;

/**
 * The company's open account invoices as three figures: what is owed, what of it is overdue, and whether an invoice
 * is more than `holdAfterDays` past due (credit hold). Read in the caller's transaction, so under the company's lock
 * it is exact.
 */
export async function owed(db: Db | Tx, companyId: string, holdAfterDays: number, now: Date) {
  const today = utcDay(now);
  const holdBefore = addDays(today, -holdAfterDays);
  const [row] = await db
    .select({
      openCents: sql<number>`coalesce(sum(${accountInvoices.totalCents} - ${accountInvoices.paidCents}), 0)::int`,
      overdueCents: sql<number>`coalesce(sum(${accountInvoices.totalCents} - ${accountInvoices.paidCents}) filter (where ${accountInvoices.dueDate} < ${today}::date), 0)::int`,
      onHold: sql<boolean>`coalesce(bool_or(${accountInvoices.dueDate} < ${holdBefore}::date), false)`,
    })
    .from(accountInvoices)
    .where(and(eq(accountInvoices.companyId, companyId), open));
  return {
    openCents: Number(row?.openCents ?? 0),
    overdueCents: Number(row?.overdueCents ?? 0),
    onHold: Boolean(row?.onHold),
  };
}

export async function termsOf(db: Db | Tx, companyId: string) {
  const [row] = await db.select().from(companyTerms).where(eq(companyTerms.companyId, companyId));
  return row ?? null;
}

/** Terms, what is owed, the available credit and the credit hold of one company, as of `now`. */
export async function accountSummary(
  db: Db | Tx,
  credit: CreditSettings,
  companyId: string,
  now = new Date(),
): Promise<AccountSummary> {
  const [company] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw notFound('Company');
  const terms = await termsOf(db, companyId);
  const o = await owed(db, companyId, credit.holdAfterDays, now);
  return {
    companyId,
    companyName: company.name,
    terms: terms && { netDays: terms.netDays, creditLimitCents: terms.creditLimitCents },
    openCents: o.openCents,
    overdueCents: o.overdueCents,
    availableCents: Math.max(0, (terms?.creditLimitCents ?? 0) - o.openCents),
    onHold: o.onHold,
    holdReason: !terms
      ? creditMessages.noTerms
      : o.onHold
        ? creditMessages.onHold(credit.holdAfterDays)
        : null,
    holdAfterDays: credit.holdAfterDays,
  };
}

/** Open invoices whose due date is before `day` (for the reminder sweep and tests). */
export const dueBefore = (day: string) => and(open, lt(accountInvoices.dueDate, day));
