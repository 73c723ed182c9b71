import { and, eq, gte, or, sql, type SQL } from 'drizzle-orm';
import { parseOrderNumber } from '@shared/orders/order-number';
import type { Paged } from '@shared/common/paging.schema';
import type { MyOrdersQuery, OrderListQuery, OrderSort } from '@shared/orders/orders-list.schema';
import type { Order } from '@shared/orders/orders.schema';
import type { FulfilmentState } from '@shared/orders/order-status';
import { accountInvoices, checkouts, fulfilmentStateSql, orders } from '../../db/schema';
import { checkoutTotals, withShipments } from './orders.shipments';
import { afterCursor, cutPage, keyText, orderBySort, startsWith, type KeysetSort } from '../../infra/keyset';
import { userIdByEmail } from '../accounts/accounts.service';
import { toOrder, type OrderDeps } from './orders.model';
import { asLine, lineDeliveryColumns } from './orders.line-delivery';
import { holdEndedSql, holdLastsSql } from './orders.holds';
import { centsToDollars } from '@shared/common/money';
import type { Db } from '../../infra/db';

/** GET /api/myorder/{email}: one page of a customer's orders, newest first (orders_user_created_idx). */
export async function listOrdersOf(deps: OrderDeps, email: string, q: MyOrdersQuery): Promise<Paged<Order>> {
  const ownerId = await userIdByEmail(deps.db, email);
  if (!ownerId) return { items: [], nextCursor: null, total: 0 };
  const page = await pageOfOrders(deps, eq(orders.userId, ownerId), sorts.newest, q);
  return { ...page, items: await withShipments(deps.db, page.items) };
}

const byTime = (name: OrderSort, dir: 'asc' | 'desc'): KeysetSort => ({
  name,
  key: sql`${orders.createdAt}`,
  dir,
  id: sql`${orders.id}`,
  idType: 'uuid',
  type: 'timestamptz',
});

/** Each order is served by an index on (key, id) (migrations 0010 and 0020). */
const sorts: Record<OrderSort, KeysetSort> = {
  newest: byTime('newest', 'desc'),
  oldest: byTime('oldest', 'asc'),
  total: {
    name: 'total',
    key: sql`(${orders.unitPriceCents} * ${orders.quantity} + ${orders.shippingCents} + ${orders.taxCents})`,
    dir: 'desc',
    id: sql`${orders.id}`,
    idType: 'uuid',
    type: 'int',
  },
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The stored status lags behind for an unpaid order past its checkout window until the sweep runs; it is shown as
 * Expired at once, so it is filtered as Expired too.
 */
function statusIs(status: Order['orderStatus'], expiryMs: number): SQL {
  const now = new Date();
  const lapsed = and(
    eq(orders.orderStatus, 'Pending'),
    eq(orders.paymentStatus, false),
    holdEndedSql(now, expiryMs),
  )!;
  if (status === 'Expired') return or(eq(orders.orderStatus, 'Expired'), lapsed)!;
  if (status === 'Pending') {
    return and(
      eq(orders.orderStatus, 'Pending'),
      or(eq(orders.paymentStatus, true), holdLastsSql(now, expiryMs)),
    )!;
  }
  return eq(orders.orderStatus, status);
}

/**
 * Lines in one fulfilment state, by the indexed expression (orders_fulfilment_created_id_idx). An unpaid line past
 * its window reads as cancelled (expired) at once, as `statusIs` treats it.
 */
function fulfilmentIs(state: FulfilmentState, expiryMs: number): SQL {
  const now = new Date();
  const is = (s: FulfilmentState) => sql`${fulfilmentStateSql(orders)} = ${s}`;
  if (state === 'awaiting_payment') return and(is(state), holdLastsSql(now, expiryMs))!;
  if (state === 'cancelled') return or(is(state), and(is('awaiting_payment'), holdEndedSql(now, expiryMs)))!;
  return is(state);
}

function filters(q: OrderListQuery, expiryMs: number): SQL | undefined {
  const text = q.q?.toLowerCase();
  const orderNumber = text === undefined ? null : parseOrderNumber(text);
  return and(
    q.status ? statusIs(q.status, expiryMs) : undefined,
    q.fulfilment ? fulfilmentIs(q.fulfilment, expiryMs) : undefined,
    q.paid === undefined ? undefined : eq(orders.paymentStatus, q.paid),
    q.since === undefined ? undefined : gte(orders.createdAt, new Date(q.since)),
    // Stored emails are lower case (accounts keeps them so).
    text === undefined
      ? undefined
      : UUID.test(text)
        ? eq(orders.id, text)
        : // An order's number (`#1001` or `1001`, unique and indexed); no email is only digits and `#`.
          orderNumber !== null
          ? eq(orders.orderNumber, orderNumber)
          : sql`${orders.email} like ${startsWith(text)}`,
  );
}

/** GET /api/order: one page of every customer's orders, filtered and sorted, with the count of all matches. */
export async function listAllOrders(deps: OrderDeps, q: OrderListQuery): Promise<Paged<Order>> {
  const page = await pageOfOrders(deps, filters(q, deps.expiryMs), sorts[q.sort], q);
  const checkoutIds = [...new Set(page.items.flatMap((o) => (o.checkoutId ? [o.checkoutId] : [])))];
  const items = await withShipments(deps.db, page.items);
  const totals = await checkoutTotals(deps.db, checkoutIds);
  return {
    ...page,
    items: items.map((o) => ({
      ...o,
      checkoutTotal: o.checkoutId ? centsToDollars(totals.get(o.checkoutId) ?? 0) : null,
      checkoutTotalCents: o.checkoutId ? (totals.get(o.checkoutId) ?? 0) : null,
    })),
  };
}

/** One page of the orders `where` selects, in `sort` order after `q.cursor`, with how many it selects in all. */
async function pageOfOrders(
  deps: OrderDeps,
  where: SQL | undefined,
  sort: KeysetSort,
  q: { cursor?: string | undefined; limit: number },
): Promise<Paged<Order>> {
  const [rows, [counted]] = await Promise.all([
    deps.db
      .select({
        order: orders,
        // A line's checkout is joined by its primary key, one row per order: the page's plan stays the same. Its
        // delivery is the line's (decision 067).
        delivery: lineDeliveryColumns,
        poNumber: checkouts.poNumber,
        approval: checkouts.approvalStatus,
        // Bought on account: its invoice, joined by its unique checkout (account_invoices_checkout_idx).
        accountDue: accountInvoices.dueDate,
        accountPaid: sql<boolean | null>`${accountInvoices.paidCents} = ${accountInvoices.totalCents}`,
        cursorKey: keyText(sort),
        cursorId: sql<string>`${orders.id}::text`,
      })
      .from(orders)
      .leftJoin(checkouts, eq(checkouts.id, orders.checkoutId))
      .leftJoin(accountInvoices, eq(accountInvoices.checkoutId, orders.checkoutId))
      .where(and(where, q.cursor ? afterCursor(sort, q.cursor) : undefined))
      .orderBy(orderBySort(sort))
      .limit(q.limit + 1),
    deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(where),
  ]);
  const page = cutPage(sort, rows, q.limit);
  return {
    items: page.rows.map((r) =>
      toOrder(
        asLine({ line: r.order, delivery: r.delivery }),
        deps.expiryMs,
        r.poNumber,
        r.approval,
        r.accountDue ? { dueDate: r.accountDue, invoicePaid: Boolean(r.accountPaid) } : null,
      ),
    ),
    nextCursor: page.nextCursor,
    total: counted?.n ?? 0,
  };
}

/**
 * A line bought on account: its invoice's due day and whether the company has paid it (the lists join the same), or
 * null for any other line.
 */
export async function onAccountOf(db: Db, checkoutId: string | null): Promise<Order['onAccount']> {
  if (!checkoutId) return null;
  const [row] = await db
    .select({
      dueDate: accountInvoices.dueDate,
      paid: sql<boolean>`${accountInvoices.paidCents} = ${accountInvoices.totalCents}`,
    })
    .from(accountInvoices)
    .where(eq(accountInvoices.checkoutId, checkoutId));
  return row ? { dueDate: row.dueDate, invoicePaid: Boolean(row.paid) } : null;
}
