import { and, desc, eq, gte, isNotNull, or, sql } from 'drizzle-orm';
import type { Overview } from '@shared/overview/overview.schema';
import { accountInvoices, orders } from '../../db/schema';
import type { Db } from '../../infra/db';
import { totalCents } from './orders.model';
import { centsToDollars } from '@shared/common/money';

const DAYS = 30;
const day = (d: Date) => d.toISOString().slice(0, 10);

/** The orders' part of the store overview: three aggregate queries, no per-row lookups. */
export async function orderStats(
  db: Db,
  now = new Date(),
): Promise<Pick<Overview, 'revenueByDay' | 'ordersByStatus' | 'newestOrders' | 'onAccountOpen'>> {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (DAYS - 1)));
  const dayExpr = sql<string>`to_char(${orders.paidAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  // What a line still charges: goods, shipping and tax, less every refund given (or being given) back against it —
  // a partial refund's exact cents (`refunded_cents`), a whole refund's amount (`refund_amount_cents`).
  const charged = sql`(${orders.unitPriceCents} * ${orders.quantity} + ${orders.shippingCents} + ${orders.taxCents} - greatest(${orders.refundedCents}, case when ${orders.refundStatus} is null then 0 else coalesce(${orders.refundAmountCents}, 0) end))`;
  const revenueRows = await db
    .select({
      date: dayExpr,
      cents: sql<string>`coalesce(sum(${charged}), 0)`,
      n: sql<number>`(count(*) filter (where ${charged} > 0))::int`,
    })
    .from(orders)
    .where(
      and(
        isNotNull(orders.paidAt),
        gte(orders.paidAt, start),
        or(eq(orders.paymentStatus, true), isNotNull(orders.refundStatus)),
        // A purchase on account is charged once its invoice is paid; until then it is "on account, open".
        sql`not exists (select 1 from ${accountInvoices} where ${accountInvoices.checkoutId} = ${orders.checkoutId} and ${accountInvoices.paidCents} < ${accountInvoices.totalCents})`,
      ),
    )
    .groupBy(dayExpr);
  const byDay = new Map(revenueRows.map((r) => [r.date, r]));
  const revenueByDay = Array.from({ length: DAYS }, (_, i) => {
    const date = day(new Date(start.getTime() + i * 86_400_000));
    const r = byDay.get(date);
    const revenueCents = r ? Number(r.cents) : 0;
    return { date, revenue: centsToDollars(revenueCents), revenueCents, orders: r ? Number(r.n) : 0 };
  });

  // The stages of orderStage (src/shared/orders/order-status.ts): a refunded order was paid and given back, so it
  // counts as neither unpaid nor cancelled.
  const statusExpr = sql<string>`case when ${orders.refundStatus} = 'refunded' then 'Refunded' when ${orders.orderStatus} = 'Pending' and ${orders.paymentStatus} then 'Paid' else ${orders.orderStatus} end`;
  const statusRows = await db
    .select({ status: statusExpr, n: sql<number>`count(*)::int` })
    .from(orders)
    .groupBy(statusExpr);
  const ordersByStatus = (['Pending', 'Paid', 'Delivered', 'Cancelled', 'Refunded', 'Expired'] as const).map(
    (status) => ({
      status,
      count: Number(statusRows.find((r) => r.status === status)?.n ?? 0),
    }),
  );

  const newestOrders = (await db.select().from(orders).orderBy(desc(orders.createdAt)).limit(8)).map((o) => {
    const cents = totalCents(o);
    return {
      _id: o.id,
      orderNumber: o.orderNumber,
      name: o.name,
      productName: o.productName,
      total: centsToDollars(cents),
      totalCents: cents,
      paymentStatus: o.paymentStatus,
      orderStatus: o.orderStatus,
      refundStatus: o.refundStatus,
      createdAt: o.createdAt.toISOString(),
    };
  });

  // Served by the partial index of open invoices (account_invoices_open_idx).
  const [open] = await db
    .select({
      cents: sql<string>`coalesce(sum(${accountInvoices.totalCents} - ${accountInvoices.paidCents}), 0)`,
      n: sql<number>`count(*)::int`,
    })
    .from(accountInvoices)
    .where(sql`${accountInvoices.paidCents} < ${accountInvoices.totalCents}`);
  const onAccountOpen = { cents: Number(open?.cents ?? 0), invoices: Number(open?.n ?? 0) };

  return { revenueByDay, ordersByStatus, newestOrders, onAccountOpen };
}
