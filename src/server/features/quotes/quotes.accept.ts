import { eq } from 'drizzle-orm';
import type { Checkout, CheckoutCreate } from '@shared/checkout/checkout.schema';
import { quoteMessages } from '@shared/quotes/quotes.schema';
import { quotes } from '../../db/schema';
import { AppError } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import { recordAudit } from '../audit/audit.service';
import { createPricedCheckout } from '../checkout/index';
import type { OrderDeps } from '../orders/index';
import { findQuote, linesOf, lockQuote, quoteStatus, toQuotes, type QuoteRow } from './quotes.model';
import { recordEvent } from '../webhooks/index';

/** Why a quote cannot be accepted now (409), or nothing. */
export const notAcceptable: Partial<Record<ReturnType<typeof quoteStatus>, string>> = {
  requested: quoteMessages.notQuoted,
  accepted: quoteMessages.accepted,
  declined: quoteMessages.declined,
  expired: quoteMessages.expired,
};

/**
 * The quote's own customer accepts it: one checkout of its lines at the quoted prices, by the checkout's rules (stock,
 * limits, one mail), the cart untouched. The quote's row is locked first and marked accepted in the checkout's
 * transaction, so of two accepts at once the second finds it accepted (409) and only one checkout exists.
 */
export async function acceptQuote(
  deps: OrderDeps,
  customer: SessionUser,
  id: string,
  input: CheckoutCreate & { number: string; address: string },
): Promise<Checkout> {
  let quote: QuoteRow | undefined;
  return createPricedCheckout(deps, customer, input, {
    source: 'quote',
    async lines(tx) {
      quote = await lockQuote(tx, id);
      // Admins included: accepting orders at a price in the customer's name is the customer's own decision.
      if (quote.userId !== customer.id) throw new AppError('forbidden', quoteMessages.acceptOwnOnly);
      const refusal = notAcceptable[quoteStatus(quote)];
      if (refusal) throw new AppError('conflict', refusal);
      const lines = (await linesOf(tx, [id])).get(id) ?? [];
      return lines.map((l) => ({
        productId: l.productId,
        quantity: l.quantity,
        unitPriceCents: l.unitPriceCents!,
        leadTimeDays: l.leadTimeDays,
      }));
    },
    async done(tx, checkout) {
      await tx
        .update(quotes)
        .set({ status: 'accepted', checkoutId: checkout._id, decidedAt: new Date() })
        .where(eq(quotes.id, id));
      await recordAudit(tx, customer, {
        kind: 'quote.accepted',
        entityType: 'quote',
        entityId: id,
        summary: `${customer.name} accepted the quote: checkout of ${checkout.lines.length} lines at the quoted prices`,
        before: { status: 'quoted', validUntil: quote!.validUntil },
        after: { status: 'accepted', checkoutId: checkout._id, total: checkout.total },
      });
      await recordEvent(tx, {
        type: 'quote.accepted',
        companyId: quote!.companyId,
        data: (await toQuotes(tx, [await findQuote(tx, id)]))[0]!,
      });
    },
  });
}
