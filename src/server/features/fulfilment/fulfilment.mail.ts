import { composeMail, type MailMessage } from '../../infra/mail';
import type { Tx } from '../../infra/db';
import type { shipments } from '../../db/schema';
import { queueMail, type OrderMailDeps } from '../orders/index';
import { formatOrderNumber, formatOrderNumbers } from '@shared/orders/order-number';

export interface ShipmentMail {
  shipment: typeof shipments.$inferSelect;
  email: string;
  lines: {
    productName: string;
    orderNumber: number;
    quantity: number;
    ordered: number;
    shippedInAll: number;
  }[];
}

/** `order #1001`, or `orders #1004–#1006` for a checkout's lines (decision 049), as the order mails name them. */
export const orderRef = (numbers: readonly number[]) =>
  `${new Set(numbers).size === 1 ? 'order' : 'orders'} ${formatOrderNumbers([...new Set(numbers)])}`;

const lineText = (l: ShipmentMail['lines'][number]) =>
  `${l.quantity} × ${l.productName}${l.shippedInAll < l.ordered ? ` (${l.ordered - l.shippedInAll} of ${l.ordered} still to come)` : ''}, order ${formatOrderNumber(l.orderNumber)}`;

const when = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** The customer's "Shipped" or "Ready for pickup" mail. */
export function shipmentMail(m: ShipmentMail, shop: string, baseUrl: string): MailMessage {
  const s = m.shipment;
  const ordersUrl = `${baseUrl}/dashboard/my-orders`;
  const common = { to: m.email, greeting: `Hello ${s.recipient},` };
  const items = m.lines.map(lineText).join('; ');
  const what = `${m.lines.length === 1 ? m.lines[0]!.productName : `${m.lines.length} items`} (${orderRef(m.lines.map((l) => l.orderNumber))})`;
  if (s.kind === 'pickup') {
    return composeMail(shop, {
      ...common,
      subject: `Ready for pickup: ${what}`,
      paragraphs: [
        `Your order is ready for pickup: ${items}.`,
        `Where: ${s.pickupLocationName}, ${s.address}.`,
        `Ready from: ${when.format(s.createdAt)} UTC.`,
        `Please bring this email when you collect it. Shipment: ${s.id}.`,
      ],
      action: { label: 'See my orders', url: ordersUrl },
    });
  }
  return composeMail(shop, {
    ...common,
    subject: `Shipped: ${what}`,
    paragraphs: [
      `Your order is on its way: ${items}.`,
      `Carrier: ${s.carrier}. Tracking number: ${s.trackingNumber}.`,
      `Shipped to: ${s.recipient}, ${s.address}.`,
      ...(s.trackingUrl ? [] : ["Follow it on the carrier's website with the tracking number."]),
    ],
    action: s.trackingUrl
      ? { label: 'Track my shipment', url: s.trackingUrl }
      : { label: 'See my orders', url: ordersUrl },
  });
}

/** Queues the shipment's mail in its own transaction: the shipment and its mail commit together or not at all. */
export const queueShipmentMail = (deps: OrderMailDeps, tx: Tx, m: ShipmentMail) =>
  queueMail(deps, shipmentMail(m, deps.shopName, deps.baseUrl), tx);
