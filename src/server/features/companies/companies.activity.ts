import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Paged } from '@shared/common/paging.schema';
import type {
  CompanyInvoice,
  CompanyOrder,
  CompanyQuote,
  PageQuery,
} from '@shared/companies/companies.schema';
import type { ReorderResult } from '@shared/cart/cart.schema';
import { invoices, orders, quoteLines, quotes, user } from '../../db/schema';
import { notFound } from '../../infra/errors';
import { afterCursor, cutPage, keyText, orderBySort, type KeysetSort } from '../../infra/keyset';
import type { SessionUser } from '../../http/auth-guard';
import type { Db } from '../../infra/db';
import { reorderLines } from '../cart/index';
import { access } from './companies.access';
import { storedTotalCents } from '../pricing/index';

/**
 * The company's history: what its members ordered, asked to quote and were invoiced while they belonged to it (each
 * row keeps the company it was placed for), newest first, with who did it. Every member sees it; a former member
 * no longer does, and what they placed stays the company's.
 */
const newestOf = (key: SQL, id: SQL): KeysetSort => ({
  name: 'newest',
  key,
  dir: 'desc',
  id,
  idType: 'uuid',
  type: 'timestamptz',
});

async function page<R extends { cursorKey: string | null; cursorId: string }, T>(
  sort: KeysetSort,
  q: PageQuery,
  read: (after: SQL | undefined, limit: number) => Promise<R[]>,
  count: () => Promise<{ n: number }[]>,
  map: (r: R) => T,
): Promise<Paged<T>> {
  const [rows, [counted]] = await Promise.all([
    read(q.cursor ? afterCursor(sort, q.cursor) : undefined, q.limit + 1),
    count(),
  ]);
  const cut = cutPage(sort, rows, q.limit);
  return { items: cut.rows.map(map), nextCursor: cut.nextCursor, total: counted?.n ?? 0 };
}

const ordersSort = newestOf(sql`${orders.createdAt}`, sql`${orders.id}`);

/** GET /api/companies/{id}/orders: single orders and checkout lines alike (a checkout's lines share its id). */
export async function companyOrders(
  db: Db,
  caller: SessionUser,
  id: string,
  q: PageQuery,
): Promise<Paged<CompanyOrder>> {
  await access(db, caller, id);
  const where = eq(orders.companyId, id);
  return page(
    ordersSort,
    q,
    (after, limit) =>
      db
        .select({ o: orders, cursorKey: keyText(ordersSort), cursorId: sql<string>`${orders.id}::text` })
        .from(orders)
        .where(and(where, after))
        .orderBy(orderBySort(ordersSort))
        .limit(limit),
    () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(where),
    ({ o }) => ({
      _id: o.id,
      productId: o.productId,
      productName: o.productName,
      quantity: o.quantity,
      totalCents: storedTotalCents(o),
      orderStatus: o.orderStatus,
      paymentStatus: o.paymentStatus,
      // An Order Now line's one-line checkout shares its id: it is shown as a single order.
      checkoutId: o.checkoutId === o.id ? null : o.checkoutId,
      createdAt: o.createdAt.toISOString(),
      buyerName: o.name,
      buyerEmail: o.email,
    }),
  );
}

const quotesSort = newestOf(sql`${quotes.createdAt}`, sql`${quotes.id}`);

/** GET /api/companies/{id}/quotes. */
export async function companyQuotes(
  db: Db,
  caller: SessionUser,
  id: string,
  q: PageQuery,
): Promise<Paged<CompanyQuote>> {
  await access(db, caller, id);
  const where = eq(quotes.companyId, id);
  return page(
    quotesSort,
    q,
    (after, limit) =>
      db
        .select({
          r: quotes,
          lineCount: sql<number>`(select count(*)::int from ${quoteLines} where ${quoteLines.quoteId} = ${quotes.id})`,
          cursorKey: keyText(quotesSort),
          cursorId: sql<string>`${quotes.id}::text`,
        })
        .from(quotes)
        .where(and(where, after))
        .orderBy(orderBySort(quotesSort))
        .limit(limit),
    () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(quotes)
        .where(where),
    ({ r, lineCount }) => ({
      _id: r.id,
      status: r.status,
      lineCount,
      createdAt: r.createdAt.toISOString(),
      buyerName: r.name,
      buyerEmail: r.email,
    }),
  );
}

const invoicesSort = newestOf(sql`${invoices.issuedAt}`, sql`${invoices.id}`);

/** GET /api/companies/{id}/invoices: invoices and credit notes of the company's orders and checkouts. */
export async function companyInvoices(
  db: Db,
  caller: SessionUser,
  id: string,
  q: PageQuery,
): Promise<Paged<CompanyInvoice>> {
  await access(db, caller, id);
  const where = eq(invoices.companyId, id);
  return page(
    invoicesSort,
    q,
    (after, limit) =>
      db
        .select({
          r: invoices,
          name: user.name,
          email: user.email,
          cursorKey: keyText(invoicesSort),
          cursorId: sql<string>`${invoices.id}::text`,
        })
        .from(invoices)
        .innerJoin(user, eq(user.id, invoices.userId))
        .where(and(where, after))
        .orderBy(orderBySort(invoicesSort))
        .limit(limit),
    () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(invoices)
        .where(where),
    ({ r, name, email }) => ({
      _id: r.id,
      number: r.number,
      kind: r.kind,
      totalCents: r.totalCents,
      issuedAt: r.issuedAt.toISOString(),
      buyerName: name,
      buyerEmail: email,
    }),
  );
}

/** POST /api/companies/{id}/orders/{itemId}/reorder: any member orders a company order's product again, into their own cart. */
export async function reorderCompanyOrder(
  db: Db,
  caller: SessionUser,
  id: string,
  orderId: string,
): Promise<ReorderResult> {
  await access(db, caller, id);
  const [row] = await db
    .select({
      productId: orders.productId,
      productName: orders.productName,
      quantity: orders.quantity,
      unitPriceCents: orders.unitPriceCents,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.companyId, id)));
  if (!row) throw notFound('Order');
  return reorderLines(db, caller.id, [row]);
}
