import { quoteMessages, type QuoteRatesRequest } from '@shared/quotes/quotes.schema';
import type { Rates } from '@shared/orders/delivery.schema';
import { AppError } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import { ratesOfLines } from '../checkout/index';
import type { OrderDeps } from '../orders/index';
import { notAcceptable } from './quotes.accept';
import { findQuote, linesOf, quoteStatus } from './quotes.model';

/**
 * The ways a quote's lines can ship to a ZIP, priced at the quoted prices with their tax: the figures accepting it
 * with that method will charge. Asked by whoever may accept it, when it may be accepted, so the refusals match.
 */
export async function quoteShippingRates(
  deps: OrderDeps,
  customer: SessionUser,
  id: string,
  to: QuoteRatesRequest,
): Promise<Rates> {
  const quote = await findQuote(deps.db, id);
  if (quote.userId !== customer.id) throw new AppError('forbidden', quoteMessages.acceptOwnOnly);
  const refusal = notAcceptable[quoteStatus(quote)];
  if (refusal) throw new AppError('conflict', refusal);
  const lines = (await linesOf(deps.db, [id])).get(id) ?? [];
  return ratesOfLines(
    deps,
    customer.id,
    lines.map((l) => ({ productId: l.productId, quantity: l.quantity, unitPriceCents: l.unitPriceCents! })),
    to,
  );
}
