import type { Tx } from '../../infra/db';
import { composeMail, type MailMessage } from '../../infra/mail';
import type { CheckoutRow } from './checkout.model';
import { checkoutTotalCents } from './checkout.model';
import {
  attached,
  money,
  queueMail,
  totalCents,
  type MailedDocument,
  type OrderMailDeps,
  type OrderRow,
} from '../orders/index';

const line = (o: OrderRow) =>
  `${o.quantity} × ${o.productName} (${money(o.unitPriceCents)} each): ${money(totalCents(o))}`;

export type CheckoutMailKind = 'placed' | 'paid';

/** The mails a customer gets about a checkout: one per checkout, listing every line (never one per line). */
export function checkoutMail(
  kind: CheckoutMailKind,
  co: CheckoutRow,
  lines: OrderRow[],
  shop: string,
  baseUrl: string,
  doc?: MailedDocument,
): MailMessage {
  const common = { to: co.email, greeting: `Hello ${co.name},` };
  const items = lines.map(line);
  const total = `Total: ${money(checkoutTotalCents(lines))}.`;
  const po = co.poNumber ? [`Your PO number: ${co.poNumber}.`] : [];
  if (kind === 'placed')
    return composeMail(shop, {
      ...common,
      subject: `Your ${shop} order of ${lines.length} ${lines.length === 1 ? 'item' : 'items'}`,
      paragraphs: [
        'Thank you for your order:',
        ...items,
        total,
        ...po,
        `Delivery address: ${co.address}.`,
        'Please pay for it to confirm it; unpaid orders are cancelled after a while.',
      ],
      action: { label: 'Pay for my order', url: `${baseUrl}/dashboard/pay-checkout/${co.id}` },
    });
  return composeMail(shop, {
    ...common,
    subject: `Payment received: your order of ${lines.length} ${lines.length === 1 ? 'item' : 'items'}`,
    paragraphs: [
      'We received your payment for:',
      ...items,
      total,
      ...po,
      `Transaction: ${co.transactionId}.`,
      ...attached('invoice', doc),
      'We will let you know when each item is delivered.',
    ],
    action: { label: 'See my orders', url: `${baseUrl}/dashboard/my-orders` },
  });
}

/** Queues a checkout mail in the checkout's own transaction (queueMail). */
export function sendCheckoutMail(
  deps: OrderMailDeps,
  kind: CheckoutMailKind,
  co: CheckoutRow,
  lines: OrderRow[],
  tx: Tx,
  doc?: MailedDocument,
) {
  return queueMail(deps, checkoutMail(kind, co, lines, deps.shopName, deps.baseUrl, doc), tx, doc);
}
