import type { Order } from '@shared/orders/orders.schema';
import { fulfilmentOf } from '@shared/orders/order-status';
import type { FastifyBaseLogger } from 'fastify';
import type { orders } from '../../db/schema';
import type { Db } from '../../infra/db';
import type { OrderLimits, RefundRetry } from '../../infra/config-orders';
import type { ShopDetails } from '../../infra/config-shop';
import type { JobQueue } from '../../infra/jobs';
import type { Mailer } from '../../infra/mail';
import { holdEndsAt, isPastWindow } from './orders.holds';
import { destinationOfText } from '@shared/common/us-address';
import type { DeliveryProviders } from './orders.delivery';
import type { LineDelivery, OrderLine } from './orders.line-delivery';
import { storedGoodsCents, storedTotalCents, tableProviders, type SaleProviders } from '../pricing/index';
import { centsToDollars } from '@shared/common/money';

/** Rows stay inside the orders feature; everything that leaves it is an API shape (`Order`) or a named view. */
/**
 * The checkout a line is paid and cancelled with, or null for an Order Now line: every line has a checkout (one data
 * model, docs/decisions/051-one-placement-pipeline.md), and an Order Now sale's one-line checkout takes its line's id,
 * so the line is still paid, cancelled, invoiced and answered as the spec's single order.
 */
export const checkoutOfLine = (row: { id: string; checkoutId: string | null }) =>
  row.checkoutId === row.id ? null : row.checkoutId;

export type OrderRow = typeof orders.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * `row`: the line with its checkout's delivery (orders.line-delivery.ts). `poNumber`: the PO number of the line's
 * checkout, when the caller read it (the lists and checkouts do).
 */
export function toOrder(
  row: OrderLine,
  expiryMs: number,
  poNumber?: string | null,
  checkoutApproval?: Order['checkoutApproval'],
  onAccount?: Order['onAccount'],
): Order {
  const unpaid = !row.paymentStatus && row.orderStatus === 'Pending';
  // Past its window it is expired for the customer at once; the sweep gives the stock back within seconds.
  const orderStatus = isPastWindow(row, expiryMs) ? 'Expired' : row.orderStatus;
  return {
    _id: row.id,
    orderNumber: row.orderNumber,
    name: row.name,
    email: row.email,
    productId: row.productId,
    productName: row.productName,
    price: centsToDollars(row.unitPriceCents),
    quantity: row.quantity,
    total: centsToDollars(totalCents(row)),
    totalCents: totalCents(row),
    number: row.number,
    address: row.address,
    paymentStatus: row.paymentStatus,
    orderStatus,
    review: row.review,
    reviewed: row.reviewed,
    phone: row.phone,
    transactionId: row.transactionId,
    createdAt: row.createdAt.toISOString(),
    paidAt: iso(row.paidAt),
    deliveredAt: iso(row.deliveredAt),
    expiresAt: unpaid && orderStatus === 'Pending' ? holdEndsAt(row, expiryMs).toISOString() : null,
    refundStatus: row.refundStatus,
    refundAmount: row.refundAmountCents === null ? null : centsToDollars(row.refundAmountCents),
    refundAmountCents: row.refundAmountCents,
    refundId: row.refundId,
    refundedAt: iso(row.refundedAt),
    checkoutId: checkoutOfLine(row),
    backorderedQuantity: row.backorderedQuantity,
    expectedShipOn: row.expectedShipOn,
    ...(poNumber !== undefined && { poNumber }),
    ...(checkoutApproval !== undefined && { checkoutApproval }),
    ...(onAccount !== undefined && { onAccount }),
    ...deliveryView(row.delivery),
    subtotal: centsToDollars(goodsCents(row)),
    shipping: centsToDollars(row.shippingCents),
    tax: centsToDollars(row.taxCents),
    subtotalCents: goodsCents(row),
    shippingCents: row.shippingCents,
    taxCents: row.taxCents,
    fulfilment: fulfilmentOf({
      ...row,
      shippingKind: row.delivery.shippingKind,
      lapsed: unpaid && orderStatus === 'Expired',
    }),
    shippedQuantity: row.shippedQuantity,
    refundedQuantity: row.refundStatus ? row.quantity : row.refundedQuantity,
    refundedCents: refundedCentsOf(row),
  };
}

/**
 * Money refunded or being refunded of a line: what its partial refunds gave back, or the whole refund of a payment
 * given back by the settlement path (a late payment), which records only `refundAmountCents`.
 */
export const refundedCentsOf = (row: Pick<OrderRow, 'refundedCents' | 'refundAmountCents'>) =>
  Math.max(row.refundedCents, row.refundAmountCents ?? 0);

/** The goods alone: quantity × unit price, as stored. */
export const goodsCents: (row: Pick<OrderRow, 'quantity' | 'unitPriceCents'>) => number = storedGoodsCents;

/** What the order costs: goods + its shipping + its tax. Every charge, refund, invoice and mail uses this. */
export const totalCents: (
  row: Pick<OrderRow, 'quantity' | 'unitPriceCents' | 'shippingCents' | 'taxCents'>,
) => number = storedTotalCents;

/** How a single order or a checkout ships, as its read shape shows it. */
export const deliveryView = (row: LineDelivery) => ({
  shippingMethod: row.shippingMethodName,
  shippingKind: row.shippingKind as 'parcel' | 'freight' | 'pickup' | 'free' | null,
  liftgate: row.liftgate,
  residential: row.residential,
  deliveryMinDays: row.deliveryMinDays,
  deliveryMaxDays: row.deliveryMaxDays,
  shipTo:
    row.shipState && row.shipZip
      ? { street: row.shipStreet, city: row.shipCity, state: row.shipState, zip: row.shipZip }
      : null,
  taxExemptionNumber: row.taxExemptionNumber,
});

/** An intent as the orders feature needs to see it when it cancels one. */
export interface IntentView {
  id: string;
  status: string;
  amountCents: number;
  orderId: string | null;
  checkoutId?: string | null;
}

/**
 * How order mails go out: the mailer, where failures are logged, the shop's name and address for links, and
 * STAFF_EMAILS (with these fields it is also the staff mail's deps, notifications' `StaffMail`).
 */
export interface OrderMailDeps {
  mailer: Mailer;
  log: FastifyBaseLogger;
  shopName: string;
  baseUrl: string;
  staffEmails: readonly string[];
}

/**
 * What orders asks of the payment provider (the app passes its provider; orders never imports payments): give a
 * payment back, and stop an intent from ever being paid.
 */
export interface OrderPayments {
  refund(
    intentId: string,
    amountCents: number,
    idempotencyKey: string,
  ): Promise<{ id: string; status: string; amountCents: number }>;
  cancelIntent(intentId: string): Promise<IntentView>;
}

/**
 * What the orders service works with: the database, how long an unpaid order lives, how much one customer may hold
 * unpaid, how to mail customers, the payment provider, the job queue (refunds are retried there) and the shop's
 * details that invoices print.
 */
export interface OrderDeps {
  db: Db;
  expiryMs: number;
  limits: OrderLimits;
  mail: OrderMailDeps;
  payments: OrderPayments;
  jobs: JobQueue;
  refundRetry: RefundRetry;
  shop: ShopDetails;
  /** The shipping and tax providers (the built-in tables unless the app is given others) and the shop's home. */
  delivery: DeliveryProviders;
}

/** Builds the orders service's dependencies from the app's plain parts. */
export const orderDeps = (p: {
  db: Db;
  config: {
    orderExpiryMs: number;
    orderLimits: OrderLimits;
    refundRetry: RefundRetry;
    baseUrl: string;
    shop: ShopDetails;
    staffEmails: readonly string[];
  };
  mailer: Mailer;
  log: FastifyBaseLogger;
  payments: OrderPayments;
  jobs: JobQueue;
  /** A carrier's rates or a tax service in place of the admin's tables: chosen here, for every sale the app prices. */
  shipping?: SaleProviders['shipping'] | undefined;
  tax?: SaleProviders['tax'] | undefined;
}): OrderDeps => ({
  db: p.db,
  expiryMs: p.config.orderExpiryMs,
  limits: p.config.orderLimits,
  mail: {
    mailer: p.mailer,
    log: p.log,
    shopName: p.config.shop.name,
    baseUrl: p.config.baseUrl,
    staffEmails: p.config.staffEmails,
  },
  payments: p.payments,
  jobs: p.jobs,
  refundRetry: p.config.refundRetry,
  shop: p.config.shop,
  delivery: {
    shipping: p.shipping ?? tableProviders.shipping,
    tax: p.tax ?? tableProviders.tax,
    // The documented fallback for a spec order whose address names no state and ZIP: the shop's own (SHOP_ADDRESS).
    home: destinationOfText(p.config.shop.address) ?? { state: 'IL', zip: '62701' },
  },
});
