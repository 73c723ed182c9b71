import { eq } from 'drizzle-orm';
import {
  quoteMessages,
  type Quote,
  type QuoteAnswer,
  type QuoteRequest,
  type quoteDeclineSchema,
} from '@shared/quotes/quotes.schema';
import type { z } from 'zod';
import { companyOfUser, quoteLines, quotes } from '../../db/schema';
import { AppError, fieldError } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import type { Tx } from '../../infra/db';
import { recordAudit } from '../audit/audit.service';
import { recordEvent } from '../webhooks/index';
import { loadPricing } from '../catalogue/index';
import type { OrderDeps } from '../orders/index';
import { goodsFacts, priceSale } from '../pricing/index';
import { notifyQuoteRequested, sendQuoteMail } from './quotes.mail';
import {
  assertOwnerOrAdmin,
  findQuote,
  linesOf,
  lockQuote,
  quoteStatus,
  today,
  toQuotes,
  writePrices,
  type QuoteRow,
} from './quotes.model';
import { dollarsToCents } from '@shared/common/money';

export { acceptQuote } from './quotes.accept';
export { listQuotes } from './quotes.lists';
export { quoteShippingRates } from './quotes.rates';

/** Quotes work with the orders feature's dependencies: its database, mail outbox and checkout rules. */
export type QuoteDeps = OrderDeps;

const one = async (tx: Tx | QuoteDeps['db'], row: QuoteRow): Promise<Quote> =>
  (await toQuotes(tx, [row]))[0]!;

/**
 * A customer asks for prices: every product must exist and still be sold (404 naming it), each once; quantities may
 * exceed the stock (the shop may order more in). The names are copied, so the request reads the same later. As for
 * ordering, the address must be verified first: the shop's answer is mailed to it, and a quote can only be
 * accepted by placing its orders.
 */
export async function requestQuote(
  deps: QuoteDeps,
  customer: SessionUser,
  input: QuoteRequest,
): Promise<Quote> {
  if (!customer.emailVerified) throw new AppError('forbidden', quoteMessages.verifyFirst);
  const ids = input.lines.map((l) => l.productId);
  if (new Set(ids).size !== ids.length)
    throw fieldError('bad_request', 'lines', quoteMessages.duplicateProduct);
  if (input.wantedBy && input.wantedBy < today())
    throw fieldError('bad_request', 'wantedBy', quoteMessages.pastDay);
  return deps.db.transaction(async (tx) => {
    const pricing = await loadPricing(tx, ids, customer.id);
    for (const id of ids) {
      const p = pricing.get(id);
      if (!p) throw fieldError('not_found', 'lines', `no product has the id ${id}`);
      if (p.archived) throw fieldError('not_found', 'lines', `${p.name} is no longer sold`);
    }
    const [row] = await tx
      .insert(quotes)
      .values({
        userId: customer.id,
        name: customer.name,
        email: customer.email,
        note: input.note || null,
        wantedBy: input.wantedBy ?? null,
        companyId: companyOfUser(customer.id),
      })
      .returning();
    await tx.insert(quoteLines).values(
      input.lines.map((l, position) => ({
        quoteId: row!.id,
        productId: l.productId,
        productName: pricing.get(l.productId)!.name,
        quantity: l.quantity,
        position,
      })),
    );
    await recordAudit(tx, customer, {
      kind: 'quote.requested',
      entityType: 'quote',
      entityId: row!.id,
      summary: `${customer.name} asked for a quote on ${ids.length} ${ids.length === 1 ? 'product' : 'products'}`,
      after: { status: 'requested', lines: input.lines },
    });
    await notifyQuoteRequested(
      tx,
      deps.mail,
      row!,
      input.lines.map((l) => ({
        quantity: l.quantity,
        productName: pricing.get(l.productId)!.name,
      })),
    );
    const quote = await one(tx, row!);
    await recordEvent(tx, { type: 'quote.requested', companyId: row!.companyId, data: quote });
    return quote;
  });
}

/** One quote: its customer's or, for an admin, anyone's. */
export async function getQuote(deps: QuoteDeps, actor: SessionUser, id: string): Promise<Quote> {
  const row = await findQuote(deps.db, id);
  assertOwnerOrAdmin(actor, row);
  return one(deps.db, row);
}

/** An admin prices every line of a request, once, and says until which day the offer stands; the customer is mailed. */
export async function answerQuote(
  deps: QuoteDeps,
  admin: SessionUser,
  id: string,
  input: QuoteAnswer,
): Promise<Quote> {
  if (input.validUntil < today()) throw fieldError('bad_request', 'validUntil', quoteMessages.pastDay);
  return deps.db.transaction(async (tx) => {
    const row = await lockQuote(tx, id);
    if (row.status !== 'requested') throw new AppError('conflict', quoteMessages.notRequested);
    const lines = (await linesOf(tx, [id])).get(id) ?? [];
    const prices = new Map(input.lines.map((l) => [l.productId, dollarsToCents(l.unitPrice)]));
    const matches =
      input.lines.length === lines.length &&
      prices.size === lines.length &&
      lines.every((l) => prices.has(l.productId));
    if (!matches) throw fieldError('bad_request', 'lines', quoteMessages.linesMismatch);
    for (const l of lines) l.unitPriceCents = prices.get(l.productId)!;
    // A price that rounds to nothing, or lines that one card payment could not take, could never be paid.
    const sale = priceSale(goodsFacts(new Map()), {
      lines: lines.map((l) => ({
        productId: l.productId,
        quantity: l.quantity,
        unitPriceCents: l.unitPriceCents!,
      })),
    });
    lines.forEach((l, i) => {
      const problem = l.unitPriceCents! < 1 ? 'unitPrice: must be at least $0.01' : sale.lines[i]!.capProblem;
      if (problem) throw fieldError('bad_request', 'lines', `${l.productName}: ${problem}`);
    });
    if (sale.capProblem) throw fieldError('bad_request', 'lines', sale.capProblem);
    const leadTimes = new Map(input.lines.map((l) => [l.productId, l.leadTimeDays ?? null]));
    await writePrices(tx, id, prices, leadTimes);
    for (const l of lines) l.leadTimeDays = leadTimes.get(l.productId) ?? null;
    const [updated] = await tx
      .update(quotes)
      .set({ status: 'quoted', validUntil: input.validUntil, answeredAt: new Date(), answeredBy: admin.id })
      .where(eq(quotes.id, id))
      .returning();
    await recordAudit(tx, admin, {
      kind: 'quote.answered',
      entityType: 'quote',
      entityId: id,
      summary: `Quoted ${row.name}'s request, valid until ${input.validUntil}`,
      before: { status: row.status },
      after: { status: 'quoted', validUntil: input.validUntil, lines: input.lines },
    });
    await sendQuoteMail(deps.mail, 'answered', updated!, lines, tx);
    return one(tx, updated!);
  });
}

/** An admin turns down a request, or withdraws an offer not accepted yet, with a reason the customer is mailed. */
export async function declineQuote(
  deps: QuoteDeps,
  admin: SessionUser,
  id: string,
  input: z.output<typeof quoteDeclineSchema>,
): Promise<Quote> {
  return deps.db.transaction(async (tx) => {
    const row = await lockQuote(tx, id);
    const status = quoteStatus(row);
    if (status !== 'requested' && status !== 'quoted')
      throw new AppError('conflict', quoteMessages.notDeclinable);
    const [updated] = await tx
      .update(quotes)
      .set({ status: 'declined', declineReason: input.reason, decidedAt: new Date() })
      .where(eq(quotes.id, id))
      .returning();
    await recordAudit(tx, admin, {
      kind: 'quote.declined',
      entityType: 'quote',
      entityId: id,
      summary: `Declined ${row.name}'s quote: ${input.reason}`,
      before: { status },
      after: { status: 'declined', reason: input.reason },
    });
    await sendQuoteMail(deps.mail, 'declined', updated!, (await linesOf(tx, [id])).get(id) ?? [], tx);
    return one(tx, updated!);
  });
}
