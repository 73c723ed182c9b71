import { formatOrderNumber } from '@shared/orders/order-number';
import { backorderNote } from '@shared/orders/orders.schema';
import type { Db, Tx } from '../../infra/db';
import { composeMail, type MailAttachmentRef, type MailMessage } from '../../infra/mail';
import { totalCents, type OrderMailDeps, type OrderRow } from './orders.model';
import { formatCents } from '@shared/common/money';

// Built once: a formatter is costly to create, and every order placed composes a mail.
const line = (o: OrderRow) =>
  `${o.quantity} × ${o.productName} (${formatCents(o.unitPriceCents)} each), total ${formatCents(totalCents(o))}${backordered(o)}`;

/** "; 2 on backorder, ships about Dec 10, 2026" for an order with units on backorder (decision 037). */
export const backordered = (o: OrderRow) => {
  const note = backorderNote(o);
  return note ? `; ${note}` : '';
};

export type OrderMailKind =
  'placed' | 'paid' | 'delivered' | 'refunded' | 'cancelledByShop' | 'refundStarted';

/** An invoice or credit note that goes with a mail: named in its text, its PDF attached. */
export interface MailedDocument {
  number: string;
  attachment: MailAttachmentRef;
}

export const attached = (what: string, doc: MailedDocument | undefined) =>
  doc ? [`Your ${what} ${doc.number} is attached as a PDF.`] : [];

/** The mails a customer gets about an order. */
export function orderMail(
  kind: OrderMailKind,
  o: OrderRow,
  shop: string,
  baseUrl: string,
  doc?: MailedDocument,
): MailMessage {
  const ordersUrl = `${baseUrl}/dashboard/my-orders`;
  const common = { to: o.email, greeting: `Hello ${o.name},` };
  const ref = ` (order ${formatOrderNumber(o.orderNumber)})`;
  switch (kind) {
    case 'placed':
      return composeMail(shop, {
        ...common,
        subject: `Your ${shop} order: ${o.productName}${ref}`,
        paragraphs: [
          `Thank you for your order ${formatOrderNumber(o.orderNumber)}: ${line(o)}.`,
          `Delivery address: ${o.address}.`,
          'Please pay for it to confirm it; unpaid orders are cancelled after a while.',
        ],
        action: { label: 'Pay for my order', url: `${baseUrl}/dashboard/payment/${o.id}` },
      });
    case 'paid':
      return composeMail(shop, {
        ...common,
        subject: `Payment received: ${o.productName}${ref}`,
        paragraphs: [
          `We received your payment for ${line(o)}.`,
          `Transaction: ${o.transactionId}.`,
          ...attached('invoice', doc),
          'We will let you know when it is delivered.',
        ],
        action: { label: 'See my orders', url: ordersUrl },
      });
    case 'delivered':
      return composeMail(shop, {
        ...common,
        subject: `Delivered: ${o.productName}${ref}`,
        paragraphs: [
          `Your order has been delivered: ${line(o)}.`,
          'Tell other customers what you think of it: you can now write a review.',
        ],
        action: { label: 'Write a review', url: ordersUrl },
      });
    case 'refunded':
      return composeMail(shop, {
        ...common,
        subject: `Refunded: ${o.productName}${ref}`,
        paragraphs: [
          `We have refunded your payment of ${formatCents(o.refundAmountCents ?? totalCents(o))} for ${line(o)}.`,
          `Your order was ${o.orderStatus === 'Expired' ? 'not paid within its checkout window' : 'cancelled'}, so we could not supply it. Refund: ${o.refundId}.`,
          'The money usually reaches your card within 5 to 10 business days.',
          ...attached('credit note', doc),
        ],
        action: { label: 'See my orders', url: ordersUrl },
      });
    // An admin's actions: the customer learns of them at once (issue 23), not when they next look.
    case 'cancelledByShop':
      return composeMail(shop, {
        ...common,
        subject: `Cancelled: ${o.productName}${ref}`,
        paragraphs: [
          `We have cancelled your order: ${line(o)}.`,
          'It was not paid, so nothing was charged.',
          `Order: ${formatOrderNumber(o.orderNumber)}.`,
        ],
        action: { label: 'See my orders', url: ordersUrl },
      });
    case 'refundStarted':
      return composeMail(shop, {
        ...common,
        subject: `Cancelled and being refunded: ${o.productName}${ref}`,
        paragraphs: [
          `We have cancelled your paid order: ${line(o)}.`,
          `We are refunding your payment of ${formatCents(o.refundAmountCents ?? totalCents(o))}; we will mail you again once the refund has gone through.`,
          `Order: ${formatOrderNumber(o.orderNumber)}.`,
        ],
        action: { label: 'See my orders', url: ordersUrl },
      });
  }
}

/**
 * Queues an order mail in the order's own transaction: the change and its mail commit together or not at all. It
 * only stores a job, so the request never waits for SMTP (nor for the attached document's PDF, made by the job).
 */
export function sendOrderMail(
  deps: OrderMailDeps,
  kind: OrderMailKind,
  row: OrderRow,
  tx: Tx | Db,
  doc?: MailedDocument,
) {
  return queueMail(deps, orderMail(kind, row, deps.shopName, deps.baseUrl, doc), tx, doc);
}

/**
 * Queues a mail about order lines (one order's, or a checkout's) in their own transaction, with the document's PDF
 * when there is one: the change and its mail commit together or not at all.
 */
export function queueMail(deps: OrderMailDeps, message: MailMessage, tx: Tx | Db, doc?: MailedDocument) {
  return deps.mailer.send(doc ? { ...message, attachments: [doc.attachment] } : message, { tx });
}
