import type { Order } from '@shared/orders/orders.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { orders } from '../../db/schema';
import type { Db } from '../../plugins/db';
import type { OrderLimits } from '../../plugins/config-orders';
import type { Mailer } from '../../plugins/mail';
import { isPastWindow } from './orders.holds';
import type { OrderMailDeps } from './orders.mail';

/** Rows stay inside the orders feature; everything that leaves it is an API shape (`Order`) or a named view. */
export type OrderRow = typeof orders.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toOrder(row: OrderRow, expiryMs: number): Order {
  const unpaid = !row.paymentStatus && row.orderStatus === 'Pending';
  // Past its window it is expired for the customer at once; the sweep gives the stock back within seconds.
  const orderStatus = isPastWindow(row, expiryMs) ? 'Expired' : row.orderStatus;
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    productId: row.productId,
    productName: row.productName,
    price: row.unitPriceCents / 100,
    quantity: row.quantity,
    total: (row.unitPriceCents * row.quantity) / 100,
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
    expiresAt:
      unpaid && orderStatus === 'Pending' ? new Date(row.createdAt.getTime() + expiryMs).toISOString() : null,
  };
}

export const totalCents = (row: Pick<OrderRow, 'quantity' | 'unitPriceCents'>) =>
  row.quantity * row.unitPriceCents;

/**
 * What the orders service works with: the database, how long an unpaid order lives, how much one customer may hold
 * unpaid, and how to mail customers.
 */
export interface OrderDeps {
  db: Db;
  expiryMs: number;
  limits: OrderLimits;
  mail: OrderMailDeps;
}

/** Builds the orders service's dependencies from the app's plain parts (database, config values, mailer, logger). */
export const orderDeps = (p: {
  db: Db;
  config: { orderExpiryMs: number; orderLimits: OrderLimits; baseUrl: string; shop: { name: string } };
  mailer: Mailer;
  log: FastifyBaseLogger;
}): OrderDeps => ({
  db: p.db,
  expiryMs: p.config.orderExpiryMs,
  limits: p.config.orderLimits,
  mail: { mailer: p.mailer, log: p.log, shopName: p.config.shop.name, baseUrl: p.config.baseUrl },
});
