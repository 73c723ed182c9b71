import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { quoteMessages, type Quote, type QuoteStatus } from '@shared/quotes/quotes.schema';
import { quoteLines, quotes } from '../../db/schema';
import { AppError, notFound } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import type { Db, Tx } from '../../infra/db';
import { contractPrices, loadPricing, type ProductPricing } from '../catalogue/index';
import { centsToDollars } from '@shared/common/money';
import { goodsFacts, priceSale } from '../pricing/index';

/** Rows stay inside the quotes feature; what leaves it is a `Quote`. */
export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteLineRow = typeof quoteLines.$inferSelect;

/** Today as a UTC calendar day (YYYY-MM-DD): the shop's dates are UTC days. */
export const today = (now = new Date()) => now.toISOString().slice(0, 10);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * What a reader sees: a quoted quote is expired from the day after its validUntil, without anything written (the
 * stored status stays `quoted`, so nothing has to sweep).
 */
export function quoteStatus(row: Pick<QuoteRow, 'status' | 'validUntil'>, day = today()): QuoteStatus {
  if (row.status === 'quoted' && row.validUntil !== null && row.validUntil < day) return 'expired';
  return row.status as QuoteStatus;
}

/** The list filter that agrees with `quoteStatus`: `quoted` and `expired` split the stored `quoted` by the day. */
export function statusIs(status: QuoteStatus, day = today()): SQL {
  if (status === 'expired') return and(eq(quotes.status, 'quoted'), lt(quotes.validUntil, day))!;
  if (status === 'quoted') return and(eq(quotes.status, 'quoted'), gte(quotes.validUntil, day))!;
  return eq(quotes.status, status);
}

export function toQuote(row: QuoteRow, lines: QuoteLineRow[], pricing: Map<string, ProductPricing>): Quote {
  const answered = lines.every((l) => l.unitPriceCents !== null);
  // The catalogue's price now, so an admin answering sees what the customer would pay without the quote; and the
  // quote's total at its agreed prices: both priced as a sale is.
  const facts = goodsFacts(pricing);
  const listed = lines.filter((l) => pricing.has(l.productId));
  const list = priceSale(facts, {
    lines: listed.map((l) => ({ productId: l.productId, quantity: l.quantity })),
  });
  const listCents = new Map(listed.map((l, i) => [l.productId, list.lines[i]!.unitPriceCents]));
  const agreed = answered
    ? priceSale(facts, {
        lines: lines.map((l) => ({
          productId: l.productId,
          quantity: l.quantity,
          unitPriceCents: l.unitPriceCents!,
        })),
      })
    : null;
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    status: quoteStatus(row),
    note: row.note,
    wantedBy: row.wantedBy,
    validUntil: row.validUntil,
    declineReason: row.declineReason,
    total: agreed ? centsToDollars(agreed.goodsCents) : null,
    totalCents: agreed ? agreed.goodsCents : null,
    checkoutId: row.checkoutId,
    createdAt: row.createdAt.toISOString(),
    answeredAt: iso(row.answeredAt),
    decidedAt: iso(row.decidedAt),
    lines: lines.map((l) => {
      const listPriceCents = listCents.get(l.productId) ?? 0;
      return {
        productId: l.productId,
        productName: l.productName,
        quantity: l.quantity,
        listPrice: centsToDollars(listPriceCents),
        unitPrice: l.unitPriceCents === null ? null : centsToDollars(l.unitPriceCents),
        listPriceCents,
        unitPriceCents: l.unitPriceCents,
        ...(l.leadTimeDays !== null && { leadTimeDays: l.leadTimeDays }),
      };
    }),
  };
}

/** The lines of several quotes, each in the order the customer gave them. */
export async function linesOf(db: Db | Tx, quoteIds: string[]): Promise<Map<string, QuoteLineRow[]>> {
  const out = new Map<string, QuoteLineRow[]>();
  if (quoteIds.length === 0) return out;
  const rows = await db
    .select()
    .from(quoteLines)
    .where(inArray(quoteLines.quoteId, quoteIds))
    .orderBy(asc(quoteLines.quoteId), asc(quoteLines.position));
  for (const r of rows) out.set(r.quoteId, [...(out.get(r.quoteId) ?? []), r]);
  return out;
}

/** Quotes as the API returns them: their lines and the catalogue's prices read in two more queries, not per quote. */
export async function toQuotes(db: Db | Tx, rows: QuoteRow[]): Promise<Quote[]> {
  const lines = await linesOf(
    db,
    rows.map((r) => r.id),
  );
  const ids = [...lines.values()].flat().map((l) => l.productId);
  const pricing = await loadPricing(db, ids);
  // A line's list price is what its customer would pay without the quote: their contract price counts. One read per
  // customer on the page, one after the other (a transaction runs one statement at a time).
  const contracts = new Map<string, Map<string, number>>();
  for (const userId of new Set(rows.map((r) => r.userId)))
    if (userId) contracts.set(userId, await contractPrices(db, userId, ids));
  return rows.map((r) => {
    const own = r.userId ? contracts.get(r.userId) : undefined;
    const priced = own?.size
      ? new Map([...pricing].map(([id, p]) => [id, { ...p, contractCents: own.get(id) ?? null }]))
      : pricing;
    return toQuote(r, lines.get(r.id) ?? [], priced);
  });
}

export function assertOwnerOrAdmin(actor: SessionUser, row: QuoteRow) {
  if (actor.role !== 'admin' && row.userId !== actor.id)
    throw new AppError('forbidden', quoteMessages.notYours);
}

/**
 * The quote's row locked until the transaction ends: every change of a quote's state takes it first, so two of
 * them (two accepts, an accept and a decline) are decided one after the other.
 */
export async function lockQuote(tx: Tx, id: string): Promise<QuoteRow> {
  const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update');
  if (!row) throw notFound('Quote');
  return row;
}

export async function findQuote(db: Db | Tx, id: string): Promise<QuoteRow> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id));
  if (!row) throw notFound('Quote');
  return row;
}

/** Sets the quoted unit prices, one statement for every line. */
export async function writePrices(
  tx: Tx,
  quoteId: string,
  prices: Map<string, number>,
  leadTimes: Map<string, number | null> = new Map(),
) {
  const ids = [...prices.keys()];
  await tx.execute(sql`
    update quote_lines q set unit_price_cents = p.cents, lead_time_days = p.lead
    from unnest(${sql.param(ids)}::uuid[], ${sql.param(ids.map((id) => prices.get(id)!))}::int[],
      ${sql.param(ids.map((id) => leadTimes.get(id) ?? null))}::int[]) as p(id, cents, lead)
    where q.quote_id = ${quoteId} and q.product_id = p.id`);
}
