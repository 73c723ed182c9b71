import { formatOrderNumber } from '@shared/orders/order-number';
import type { Tx, Db } from '../../infra/db';
import { notifyStaff } from '../notifications/index';
import { checkoutOfLine, totalCents, type OrderMailDeps, type OrderRow } from './orders.model';
import { formatCents } from '@shared/common/money';

/** An order's admin page: its history, documents and actions. */
export const adminOrderUrl = (baseUrl: string, id: string) => `${baseUrl}/dashboard/orders/${id}`;

const customer = (o: Pick<OrderRow, 'name' | 'email'>) => `${o.name} (${o.email})`;

/** Staff hear of a single order's payment in the payment's own transaction (decision 034). */
export function notifyOrderPaid(tx: Tx, deps: OrderMailDeps, o: OrderRow) {
  return notifyStaff(tx, deps, {
    subject: `Order paid: ${o.productName}, ${formatCents(totalCents(o))} (${formatOrderNumber(o.orderNumber)})`,
    paragraphs: [
      `${customer(o)} paid ${formatCents(totalCents(o))} for ${o.quantity} × ${o.productName} (${formatCents(o.unitPriceCents)} each).`,
      `Order: ${formatOrderNumber(o.orderNumber)}. Transaction: ${o.transactionId}.`,
      `Delivery address: ${o.address}.`,
    ],
    action: { label: 'See the order', url: adminOrderUrl(deps.baseUrl, o.id) },
  });
}

/**
 * The refund job gave up: the customer's money is still with the shop and someone has to refund it by hand (or find
 * out why the provider refuses). Not in a transaction: the job's failure is pg-boss's own write.
 */
export function notifyRefundGaveUp(db: Db, deps: OrderMailDeps, o: OrderRow, attempts: number, why: string) {
  return notifyStaff(db, deps, {
    subject: `Refund failed: ${o.productName}, ${formatCents(o.refundAmountCents ?? totalCents(o))} (${formatOrderNumber(o.orderNumber)})`,
    paragraphs: [
      `The refund of ${formatCents(o.refundAmountCents ?? totalCents(o))} to ${customer(o)} for ${o.quantity} × ${o.productName} did not go through after ${attempts} attempts, and will not be retried.`,
      `Order: ${formatOrderNumber(o.orderNumber)}. Payment: ${o.paymentIntentId}.${checkoutOfLine(o) ? ` Checkout: ${checkoutOfLine(o)}.` : ''}`,
      `Last error: ${why}`,
      'Please refund it in the payment provider’s dashboard, or find out why the provider refuses it.',
    ],
    action: { label: 'See the order', url: adminOrderUrl(deps.baseUrl, o.id) },
  });
}
