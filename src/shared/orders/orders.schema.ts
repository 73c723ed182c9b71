import { z } from 'zod';
import { idSchema } from '@shared/common/common.schema';
import { messages } from '@shared/messages';
import { packProblem } from '@shared/catalogue/pricing';
import { deliveryChoiceSchema, deliveryViewShape } from './delivery.schema';
import { fulfilmentStates } from './order-status';

/** A shipment as one of its lines' orders shows it: how many of this line's units it holds, and how to follow it. */
export const orderShipmentSchema = z.object({
  _id: idSchema,
  kind: z.enum(['shipment', 'pickup']),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** An https link to the carrier's tracking page, or null. */
  trackingUrl: z.string().nullable(),
  quantity: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type OrderShipment = z.infer<typeof orderShipmentSchema>;

export const orderStatuses = ['Pending', 'Delivered', 'Cancelled', 'Expired'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
export const refundStatuses = ['pending', 'refunded'] as const;

/** How a paid order's payment reads: "Paid", or "On account, due Jan 6, 2027" while its account invoice is open. */
export const paymentLabel = (o: {
  paymentStatus: boolean;
  onAccount?: { dueDate: string; invoicePaid: boolean } | null | undefined;
}) =>
  !o.paymentStatus
    ? 'Unpaid'
    : o.onAccount && !o.onAccount.invoicePaid
      ? `On account, due ${formatShipDate(o.onAccount.dueDate)}`
      : 'Paid';

export { refundOrderSchema, type RefundOrder } from './refund-plan';
export type RefundStatus = (typeof refundStatuses)[number];

/** An order as the API returns it: the historical field names, plus its total, dates and whether it was reviewed. */
export const orderSchema = z.object({
  _id: idSchema,
  /**
   * The order's short number, gapless from 1001 (shown as `#1001`; `formatOrderNumber`). Not `number`: that spec
   * field is the buyer's mobile number.
   */
  orderNumber: z.number().int().positive(),
  name: z.string(),
  email: z.string(),
  productId: idSchema,
  productName: z.string(),
  /** Unit price in dollars, taken from the catalogue when the order was placed. */
  price: z.number(),
  quantity: z.number().int(),
  /** What the order costs in dollars: quantity × price (`subtotal`) + `shipping` + `tax`. */
  total: z.number(),
  /** `total` in whole cents: what the web reads and adds up (docs/decisions/050-one-money-type.md). */
  totalCents: z.number().int(),
  number: z.string(),
  address: z.string(),
  paymentStatus: z.boolean(),
  orderStatus: z.enum(orderStatuses),
  /** True once delivered: the customer may write a review. */
  review: z.boolean(),
  /** True once the customer has reviewed this order. */
  reviewed: z.boolean(),
  phone: z.string().nullable(),
  transactionId: z.string().nullable(),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  /** When an unpaid order stops holding stock (it expires). */
  expiresAt: z.iso.datetime().nullable(),
  /**
   * A payment given back to the customer: `pending` until the payment provider confirms it (retried meanwhile),
   * then `refunded`. Null when nothing was refunded.
   */
  refundStatus: z.enum(refundStatuses).nullable(),
  /** @deprecated Dollars; read `refundAmountCents` (docs/decisions/050-one-money-type.md). */
  refundAmount: z.number().nullable(),
  /** The amount given back, in whole cents. */
  refundAmountCents: z.number().int().nullable(),
  /** The provider's refund id, once it made the refund. */
  refundId: z.string().nullable(),
  refundedAt: z.iso.datetime().nullable(),
  /** The checkout this order is a line of (one payment for several products), or null for a single-product order. */
  checkoutId: idSchema.nullable(),
  /** The checkout's purchase-order number, on the lists that show it (absent elsewhere). */
  poNumber: z.string().nullable().optional(),
  /** The checkout's approval (decision 040) on the lists that show it: null when none was needed. */
  checkoutApproval: z.enum(['awaiting', 'approved', 'rejected']).nullable().optional(),
  /**
   * Bought on account (docs/decisions/041-paying-on-account.md): no money has changed hands until the account invoice
   * is paid, so the order reads "On account, due <date>" until then, not "Paid". Null for a card payment.
   */
  onAccount: z.object({ dueDate: z.string(), invoicePaid: z.boolean() }).nullable().optional(),
  /** Units ordered above the stock of a backorderable product: they ship after its lead time (decision 037). */
  backorderedQuantity: z.number().int().optional(),
  /** When the backordered units are expected to ship (ISO date, UTC), or null when nothing is on backorder. */
  expectedShipOn: z.iso.date().nullable().optional(),
  // How it ships and its shares of shipping and tax (a checkout line's shares; the checkout holds its delivery).
  ...deliveryViewShape,
  /** Where the line stands in fulfilment (decision 038): e.g. `partly_shipped`, `ready_for_pickup`. */
  fulfilment: z.enum(fulfilmentStates).optional(),
  /** Units refunded so far (docs/decisions/053-partial-refunds.md): all of them once the line is refunded in full. */
  refundedQuantity: z.number().int().optional(),
  /** Money refunded (or being refunded) of this line so far, in cents; below `totalCents` it is partly refunded. */
  refundedCents: z.number().int().optional(),
  /** Units shipped (or made ready for pickup) so far, over all its shipments. */
  shippedQuantity: z.number().int().optional(),
  /** The shipments holding units of this line, oldest first, with their tracking (on the lists and one order). */
  shipments: z.array(orderShipmentSchema).optional(),
  /** @deprecated Dollars; read `checkoutTotalCents` (docs/decisions/050-one-money-type.md). */
  checkoutTotal: z.number().nullable().optional(),
  /** The admin list: the whole checkout's total in whole cents (every line's), for a checkout's line. */
  checkoutTotalCents: z.number().int().nullable().optional(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderListSchema = z.array(orderSchema);

const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `must be at most ${max} characters` });

/**
 * POST /api/order/{email}. Older clients also send name, email, productName, price, paymentStatus, orderStatus, review:
 * they are accepted and ignored, because the server takes them from the session and the catalogue.
 */
export const orderCreateSchema = z.object({
  productId: idSchema,
  quantity: z
    .number({ error: messages.quantityRequired })
    .int({ error: 'must be a whole number' })
    .positive({ error: messages.quantityRequired }),
  number: requiredText(messages.numberRequired, 30).regex(/^[+\d\s().-]*$/, {
    error: 'must be a phone number',
  }),
  address: requiredText(messages.addressRequired, 300),
  ...deliveryChoiceSchema.shape,
});
export type OrderCreate = z.infer<typeof orderCreateSchema>;

export const orderCreatedSchema = z.object({
  acknowledged: z.literal(true),
  insertedId: idSchema,
  message: z.string(),
});
export type OrderCreated = z.infer<typeof orderCreatedSchema>;

/** PUT /api/order/{id}: marks an order paid once the payment provider confirms the intent. */
export const orderPaySchema = z.object({
  transactionId: z.string().trim().min(1, { error: 'is required' }).max(200),
  email: z.string().optional(),
  name: z.string().max(200).optional(),
  phone: z.string().max(30).optional(),
  total: z.number().optional(),
});
export type OrderPay = z.infer<typeof orderPaySchema>;

export const orderUpdatedSchema = z.object({ acknowledged: z.literal(true), order: orderSchema });

/**
 * The order-form rules that depend on the product; the page, the cart and the server apply the same function. A
 * product sold in packs takes whole packs only (`packSize` absent means sold singly).
 */
export function quantityProblem(
  quantity: number,
  product: { quantity: number; minOrder: number; packSize?: number | undefined },
): string | null {
  if (!Number.isFinite(quantity)) return messages.quantityRequired;
  if (quantity > product.quantity) return messages.quantityAboveStock;
  if (quantity < product.minOrder) return messages.quantityBelowMinimum;
  return packProblem(quantity, product.packSize ?? 1);
}

/** How many of `quantity` units go on backorder when `stock` are left (a backorderable product): never negative. */
export const backorderedUnits = (quantity: number, stock: number) =>
  Math.max(0, quantity - Math.max(0, stock));

/** Today (UTC) plus a lead time, as an ISO date: when a backordered order is expected to ship. */
export function shipDateAfter(leadTimeDays: number, now = new Date()): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + leadTimeDays));
  return day.toISOString().slice(0, 10);
}

/** A ship date (ISO, UTC) as customers read it: "Dec 10, 2026". */
export const formatShipDate = (isoDate: string) =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** "2 on backorder, ships about Dec 10, 2026", or null when nothing is on backorder (cart, checkout, orders, mail). */
export function backorderNote(line: {
  backorderedQuantity?: number | undefined;
  expectedShipOn?: string | null | undefined;
}) {
  if (!line.backorderedQuantity || !line.expectedShipOn) return null;
  return `${line.backorderedQuantity} on backorder, ships about ${formatShipDate(line.expectedShipOn)}`;
}

/** Whole cents, so totals never drift: total = quantity × unit price. */
export const orderTotalCents = (quantity: number, unitPriceCents: number) => quantity * unitPriceCents;

/**
 * The largest order total: the most one card payment can take (Stripe's limit per charge is $999,999.99). A larger
 * order could be placed but never paid, so it is refused up front.
 */
export const MAX_ORDER_TOTAL_CENTS = 99_999_999;

/**
 * Why lines paid together (a checkout, a quote) are too large for one payment, or null. Each line may be within
 * the cap while their sum is not; in cents the sum stays exact far past the cap.
 */
export function linesTotalProblem(
  lines: { quantity: number; unitPriceCents: number }[],
  /** Shipping and tax on top of the goods. */
  extrasCents = 0,
): string | null {
  const total = lines.reduce((sum, l) => sum + orderTotalCents(l.quantity, l.unitPriceCents), extrasCents);
  if (total <= MAX_ORDER_TOTAL_CENTS) return null;
  return 'The total may be at most $999,999.99, the most one card payment can take: split it into smaller orders.';
}

/** Why an order's total is too large to pay for, or null; names how many units can be ordered at most. */
export function totalProblem(quantity: number, unitPriceCents: number, extrasCents = 0): string | null {
  if (orderTotalCents(quantity, unitPriceCents) + extrasCents <= MAX_ORDER_TOTAL_CENTS) return null;
  // Shipping and tax grow with the goods: at the rate they add now, the most units that stay within the cap.
  const perUnit = unitPriceCents + extrasCents / quantity;
  const most = Math.floor(MAX_ORDER_TOTAL_CENTS / perUnit);
  const advice = most >= 1 ? `; order at most ${most}` : '';
  return `The order total may be at most $999,999.99, the most one card payment can take${advice}.`;
}
