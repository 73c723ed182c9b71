import type { Tx } from '../../infra/db';
import { composeMail, type MailMessage } from '../../infra/mail';
import { notifyStaff } from '../notifications/index';
import type { OrderDeps } from '../orders/index';
import type { QuoteLineRow, QuoteRow } from './quotes.model';
import { storedGoodsCents } from '../pricing/index';
import { formatCents } from '@shared/common/money';

const longDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const day = (d: string) => longDay.format(new Date(`${d}T00:00:00Z`));

export type QuoteMailKind = 'answered' | 'declined';

/** The customer's mail when an admin answers or declines their request: it links to their quotes page. */
export function quoteMail(
  kind: QuoteMailKind,
  q: QuoteRow,
  lines: QuoteLineRow[],
  shop: string,
  baseUrl: string,
): MailMessage {
  const common = {
    to: q.email,
    greeting: `Hello ${q.name},`,
    action: { label: 'See my quotes', url: `${baseUrl}/dashboard/quotes` },
  };
  if (kind === 'declined')
    return composeMail(shop, {
      ...common,
      subject: `Your ${shop} quote request was declined`,
      paragraphs: [
        'We are sorry: we cannot offer a price for your request.',
        `Reason: ${q.declineReason ?? ''}`,
        ...lines.map((l) => `${l.quantity} × ${l.productName}`),
      ],
    });
  const goods = (l: (typeof lines)[number]) =>
    storedGoodsCents({ quantity: l.quantity, unitPriceCents: l.unitPriceCents ?? 0 });
  const total = lines.reduce((sum, l) => sum + goods(l), 0);
  return composeMail(shop, {
    ...common,
    subject: `Your ${shop} quote is ready`,
    paragraphs: [
      'Here are our prices for your request:',
      ...lines.map(
        (l) =>
          `${l.quantity} × ${l.productName} (${formatCents(l.unitPriceCents ?? 0)} each): ${formatCents(goods(l))}`,
      ),
      `Total: ${formatCents(total)}.`,
      `This offer is valid until ${day(q.validUntil ?? '')} (UTC). Accept it to order at these prices, as long as the stock lasts.`,
    ],
  });
}

/** Staff hear of a new request for quote in the request's own transaction (decision 034). */
export function notifyQuoteRequested(
  tx: Tx,
  mail: OrderDeps['mail'],
  q: QuoteRow,
  lines: Pick<QuoteLineRow, 'quantity' | 'productName'>[],
) {
  return notifyStaff(tx, mail, {
    subject: `Quote requested by ${q.name}: ${lines.length} ${lines.length === 1 ? 'product' : 'products'}`,
    paragraphs: [
      `${q.name} (${q.email}) asked for prices on:`,
      ...lines.map((l) => `${l.quantity} × ${l.productName}`),
      ...(q.wantedBy ? [`Wanted by ${day(q.wantedBy)}.`] : []),
      ...(q.note ? [`Note: ${q.note}`] : []),
      `Quote: ${q.id}.`,
    ],
    action: { label: 'Answer it', url: `${mail.baseUrl}/dashboard/manage-quotes` },
  });
}

/** Queued in the change's own transaction: the answer and its mail commit together or not at all. */
export function sendQuoteMail(
  mail: OrderDeps['mail'],
  kind: QuoteMailKind,
  q: QuoteRow,
  lines: QuoteLineRow[],
  tx: Tx,
) {
  return mail.mailer.send(quoteMail(kind, q, lines, mail.shopName, mail.baseUrl), { tx });
}
