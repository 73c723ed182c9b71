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

interface MailContext {
  co: CheckoutRow;
  lines: OrderRow[];
  baseUrl: string;
  /** Every line, one per paragraph. */
  items: string[];
  total: string;
  /** The buyer's PO number, when they gave one. */
  po: string[];
  shop: string;
  /** "3 items". */
  count: string;
  /** " (orders #1004–#1006)". */
  numbers: string;
  doc?: MailedDocument | undefined;
  account?: AccountTerms | undefined;
}
type MailParts = Omit<Parameters<typeof composeMail>[1], 'to' | 'greeting'>;

const ordersAction = (c: MailContext) => ({
  label: 'See my orders',
  url: `${c.baseUrl}/dashboard/my-orders`,
});
const orderRefs = (c: MailContext) => [
  `Orders: ${formatOrderNumbers(c.lines.map((l) => l.orderNumber))}.`,
  ...c.po,
];
const deliveredLater = 'We will let you know when each item is delivered.';

/** Each mail's subject, text and button. An admin's actions are told at once (issue 23), not when the buyer looks. */
const mails: Record<CheckoutMailKind, (c: MailContext) => MailParts> = {
  placed: (c) => ({
    subject: `Your ${c.shop} order of ${c.count}${c.numbers}`,
    paragraphs: [
      'Thank you for your order:',
      ...c.items,
      c.total,
      ...c.po,
      `Delivery address: ${c.co.address}.`,
      'Please pay for it to confirm it; unpaid orders are cancelled after a while.',
    ],
    action: { label: 'Pay for my order', url: `${c.baseUrl}/dashboard/pay-checkout/${c.co.id}` },
  }),
  cancelledByShop: (c) => ({
    subject: `Cancelled: your order of ${c.count}${c.numbers}`,
    paragraphs: [
      'We have cancelled your order:',
      ...c.items,
      c.total,
      ...orderRefs(c),
      'It was not paid, so nothing was charged.',
    ],
    action: ordersAction(c),
  }),
  refundStarted: (c) => ({
    subject: `Cancelled and being refunded: ${c.count} of your order${c.numbers}`,
    paragraphs: [
      'We have cancelled these paid items of your order:',
      ...c.items,
      ...orderRefs(c),
      `We are refunding ${formatCents(c.lines.reduce((sum, l) => sum + (l.refundAmountCents ?? totalCents(l)), 0))} of your payment; we will mail you again as each refund goes through.`,
    ],
    action: ordersAction(c),
  }),
  onAccount: (c) => ({
    subject: `Bought on account: your order of ${c.count}${c.numbers}`,
    paragraphs: [
      'Your order is confirmed and charged to your company account:',
      ...c.items,
      c.total,
      ...c.po,
      `Payment is due by ${dueDay(c.account!.dueDate)} (Net ${c.account!.netDays}).`,
      ...attached('invoice', c.doc),
      deliveredLater,
    ],
    action: ordersAction(c),
  }),
  // A warranty replacement is settled as it is placed: nothing to pay, so no invoice either.
  replacement: (c) => ({
    subject: `Warranty replacement${c.numbers}`,
    paragraphs: [
      'We are sending you a replacement at no charge:',
      ...c.items,
      c.total,
      `Delivery address: ${c.co.address}.`,
      deliveredLater,
    ],
    action: ordersAction(c),
  }),
  paid: (c) => ({
    subject: `Payment received: your order of ${c.count}${c.numbers}`,
    paragraphs: [
      'We received your payment for:',
      ...c.items,
      c.total,
      ...c.po,
      `Transaction: ${c.co.transactionId}.`,
      ...attached('invoice', c.doc),
      deliveredLater,
    ],
    action: ordersAction(c),
  }),
};

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
  const context: MailContext = {
    co,
    lines,
    baseUrl,
    items: lines.map(line),
    total: `Total: ${formatCents(checkoutTotalCents(lines))}.`,
    po: co.poNumber ? [`Your PO number: ${co.poNumber}.`] : [],
    shop,
    count: `${lines.length} ${lines.length === 1 ? 'item' : 'items'}`,
    numbers: numbersOf(lines),
    doc,
    account,
  };
  // Bought on account without its terms: mailed as paid, as before.
  const parts = mails[kind === 'onAccount' && !account ? 'paid' : kind](context);
  return composeMail(shop, { to: co.email, greeting: `Hello ${co.name},`, ...parts });
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
