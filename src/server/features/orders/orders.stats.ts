import { and, desc, eq, gte, sql } from 'drizzle-orm';
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
): Promise<Pick<Overview, 'revenueByDay' | 'ordersByStatus' | 'newestOrders'>> {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (DAYS - 1)));
  const dayExpr = sql<string>`to_char(${orders.paidAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const revenueRows = await db
    .select({
      date: dayExpr,
      // What was charged: goods, shipping and tax. A purchase on account is counted once its invoice is paid.
      cents: sql<string>`sum(${orders.unitPriceCents} * ${orders.quantity} + ${orders.shippingCents} + ${orders.taxCents})`,
      n: sql<number>`count(*)::int`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.paymentStatus, true),
        gte(orders.paidAt, start),
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

  return { revenueByDay, ordersByStatus, newestOrders };
}
