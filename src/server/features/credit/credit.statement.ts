import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Paged } from '@shared/common/paging.schema';
import type { StatementLine, StatementQuery } from '@shared/credit/credit.schema';
import { accountInvoices, user } from '../../db/schema';
import { afterCursor, cutPage, keyText, orderBySort, type KeysetSort } from '../../infra/keyset';
import type { SessionUser } from '../../http/auth-guard';
import { access } from '../companies/index';
import { orderNumbersOfCheckouts } from '../orders/index';
import { daysBetween, openInvoice, utcDay, type CreditDeps } from './credit.model';

const newest: KeysetSort = {
  name: 'newest',
  key: sql`${accountInvoices.issuedAt}`,
  dir: 'desc',
  id: sql`${accountInvoices.invoiceId}`,
  idType: 'uuid',
  type: 'timestamptz',
};

const paid = sql`${accountInvoices.paidCents} = ${accountInvoices.totalCents}`;

/**
 * GET /api/companies/{id}/account/invoices: the company's invoices bought on account, newest first. `open` is every
 * unpaid one (overdue ones too, marked), `overdue` only those past their due date, `paid` the settled ones. Company
 * admins and buyers see it (and the shop's admins); membership is read on every call.
 */
export async function statement(
  deps: CreditDeps,
  actor: SessionUser,
  companyId: string,
  q: StatementQuery,
  now = new Date(),
): Promise<Paged<StatementLine>> {
  const { db } = deps.orders;
  await access(db, actor, companyId, 'buyer');
  const today = utcDay(now);
  const byStatus: Record<StatementQuery['status'], SQL> = {
    open: openInvoice,
    overdue: and(openInvoice, lt(accountInvoices.dueDate, today))!,
    paid,
  };
  const where = and(eq(accountInvoices.companyId, companyId), byStatus[q.status])!;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        r: accountInvoices,
        name: user.name,
        email: user.email,
        cursorKey: keyText(newest),
        cursorId: sql<string>`${accountInvoices.invoiceId}::text`,
      })
      .from(accountInvoices)
      .innerJoin(user, eq(user.id, accountInvoices.userId))
      .where(and(where, q.cursor ? afterCursor(newest, q.cursor) : undefined))
      .orderBy(orderBySort(newest))
      .limit(q.limit + 1),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(accountInvoices)
      .where(where),
  ]);
  const cut = cutPage(newest, rows, q.limit);
  const numbers = await orderNumbersOfCheckouts(
    db,
    cut.rows.map(({ r }) => r.checkoutId),
  );
  return {
    items: cut.rows.map(({ r, name, email }) => {
      const openCents = r.totalCents - r.paidCents;
      const late = Math.max(0, daysBetween(r.dueDate, today));
      return {
        _id: r.invoiceId,
        number: r.number,
        checkoutId: r.checkoutId,
        orderNumbers: numbers.get(r.checkoutId) ?? [],
        issuedAt: r.issuedAt.toISOString(),
        dueDate: r.dueDate,
        netDays: r.netDays,
        totalCents: r.totalCents,
        paidCents: r.paidCents,
        openCents,
        status: openCents === 0 ? 'paid' : late > 0 ? 'overdue' : 'open',
        daysOverdue: openCents === 0 ? 0 : late,
        buyerName: name,
        buyerEmail: email,
        pdfUrl: `/api/invoices/${r.invoiceId}/pdf`,
      };
    }),
    nextCursor: cut.nextCursor,
    total: Number(counted?.n ?? 0),
  };
}

/** Open invoices due on or after `from` and before `to` (the reminder sweep). */
export const dueBetween = (from: string, to: string) =>
  and(openInvoice, gte(accountInvoices.dueDate, from), lt(accountInvoices.dueDate, to));
