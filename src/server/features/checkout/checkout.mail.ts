import { formatOrderNumber, formatOrderNumbers } from '@shared/orders/order-number';
import type { Tx } from '../../infra/db';
import { composeMail, type MailMessage } from '../../infra/mail';
import { notifyStaff } from '../notifications/index';
import type { CheckoutRow } from './checkout.model';
import { checkoutTotalCents } from './checkout.model';
import {
  attached,
  backordered,
  queueMail,
  totalCents,
  type MailedDocument,
  type OrderMailDeps,
  type OrderRow,
} from '../orders/index';
import { formatCents } from '@shared/common/money';

const line = (o: OrderRow) =>
  `${formatOrderNumber(o.orderNumber)}: ${o.quantity} × ${o.productName} (${formatCents(o.unitPriceCents)} each): ${formatCents(totalCents(o))}${backordered(o)}`;

export type CheckoutMailKind =
  'placed' | 'paid' | 'onAccount' | 'cancelledByShop' | 'refundStarted' | 'replacement';

/** Bought on account: the invoice's terms and the UTC day it is due. */
export interface AccountTerms {
  netDays: number;
  dueDate: string;
}

const dueDay = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** A checkout's order numbers for a subject: " (orders #1004–#1006)". */
export const numbersOf = (lines: readonly OrderRow[]) =>
  ` (${lines.length === 1 ? 'order' : 'orders'} ${formatOrderNumbers(lines.map((l) => l.orderNumber))})`;

/** The mails a customer gets about a checkout: one per checkout, listing every line (never one per line). */
export function checkoutMail(
  kind: CheckoutMailKind,
  co: CheckoutRow,
  lines: OrderRow[],
  shop: string,
  baseUrl: string,
  doc?: MailedDocument,
  account?: AccountTerms,
): MailMessage {
  const common = { to: co.email, greeting: `Hello ${co.name},` };
  const items = lines.map(line);
  const total = `Total: ${formatCents(checkoutTotalCents(lines))}.`;
  const po = co.poNumber ? [`Your PO number: ${co.poNumber}.`] : [];
  if (kind === 'placed')
    return composeMail(shop, {
      ...common,
      subject: `Your ${shop} order of ${lines.length} ${lines.length === 1 ? 'item' : 'items'}${numbersOf(lines)}`,
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
  const ordersAction = { label: 'See my orders', url: `${baseUrl}/dashboard/my-orders` };
  const ref = [`Orders: ${formatOrderNumbers(lines.map((l) => l.orderNumber))}.`, ...po];
  // An admin's actions: the customer learns of them at once (issue 23), not when they next look.
  if (kind === 'cancelledByShop')
    return composeMail(shop, {
      ...common,
      subject: `Cancelled: your order of ${lines.length} ${lines.length === 1 ? 'item' : 'items'}${numbersOf(lines)}`,
      paragraphs: [
        'We have cancelled your order:',
        ...items,
        total,
        ...ref,
        'It was not paid, so nothing was charged.',
      ],
      action: ordersAction,
    });
  if (kind === 'refundStarted') {
    const refund = lines.reduce((sum, l) => sum + (l.refundAmountCents ?? totalCents(l)), 0);
    return composeMail(shop, {
      ...common,
      subject: `Cancelled and being refunded: ${lines.length} ${lines.length === 1 ? 'item' : 'items'} of your order${numbersOf(lines)}`,
      paragraphs: [
        'We have cancelled these paid items of your order:',
        ...items,
        ...ref,
        `We are refunding ${formatCents(refund)} of your payment; we will mail you again as each refund goes through.`,
      ],
      action: ordersAction,
    });
  }
  if (kind === 'onAccount' && account)
    return composeMail(shop, {
      ...common,
      subject: `Bought on account: your order of ${lines.length} ${lines.length === 1 ? 'item' : 'items'}${numbersOf(lines)}`,
      paragraphs: [
        'Your order is confirmed and charged to your company account:',
        ...items,
        total,
        ...po,
        `Payment is due by ${dueDay(account.dueDate)} (Net ${account.netDays}).`,
        ...attached('invoice', doc),
        'We will let you know when each item is delivered.',
      ],
      action: { label: 'See my orders', url: `${baseUrl}/dashboard/my-orders` },
    });
  // A warranty replacement is settled as it is placed: nothing to pay, so no invoice either.
  if (kind === 'replacement')
    return composeMail(shop, {
      ...common,
      subject: `Warranty replacement${numbersOf(lines)}`,
      paragraphs: [
        'We are sending you a replacement at no charge:',
        ...items,
        total,
        `Delivery address: ${co.address}.`,
        'We will let you know when each item is delivered.',
      ],
      action: ordersAction,
    });
  return composeMail(shop, {
    ...common,
    subject: `Payment received: your order of ${lines.length} ${lines.length === 1 ? 'item' : 'items'}${numbersOf(lines)}`,
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

/**
 * Staff hear of a checkout's payment in the payment's own transaction (decision 034). Bought on account, nothing was
 * paid yet: the mail says it was bought on account and when its invoice is due.
 */
export function notifyCheckoutPaid(
  tx: Tx,
  deps: OrderMailDeps,
  co: CheckoutRow,
  lines: OrderRow[],
  account?: AccountTerms,
) {
  const amount = formatCents(checkoutTotalCents(lines));
  const items = `${lines.length} ${lines.length === 1 ? 'item' : 'items'}, ${amount}${co.poNumber ? ` (PO ${co.poNumber})` : ''}`;
  const who = `${co.name} (${co.email})${co.company ? ` of ${co.company}` : ''}`;
  if (co.source === 'replacement')
    return notifyStaff(tx, deps, {
      subject: `Warranty replacement to ship: ${lines.length} ${lines.length === 1 ? 'item' : 'items'}${numbersOf(lines)}`,
      paragraphs: [
        `${who} gets a replacement at no charge:`,
        ...lines.map(line),
        `Delivery address: ${co.address}.`,
      ],
      action: { label: 'See all orders', url: `${deps.baseUrl}/dashboard/manage-all-product` },
    });
  return notifyStaff(tx, deps, {
    subject: account
      ? `Bought on account: ${items}, due ${dueDay(account.dueDate)}${numbersOf(lines)}`
      : `Checkout paid: ${items}${numbersOf(lines)}`,
    paragraphs: [
      account
        ? `${who} bought ${amount} on account, invoice due ${dueDay(account.dueDate)} (net ${account.netDays} days), for:`
        : `${who} paid ${amount} for:`,
      ...lines.map(line),
      `Orders: ${formatOrderNumbers(lines.map((l) => l.orderNumber))}.${co.poNumber ? ` PO number: ${co.poNumber}.` : ''} Transaction: ${co.transactionId}.`,
      `Delivery address: ${co.address}.`,
    ],
    action: { label: 'See all orders', url: `${deps.baseUrl}/dashboard/manage-all-product` },
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
  account?: AccountTerms,
) {
  return queueMail(deps, checkoutMail(kind, co, lines, deps.shopName, deps.baseUrl, doc, account), tx, doc);
}
