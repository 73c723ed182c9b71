import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  jsonb,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, inlineForeignKey, moment, uuidPk } from '../../db/columns';
import { user } from '../accounts/accounts.schema';
import { productIdColumn } from '../../db/catalogue-schema';
import { checkouts } from '../checkout/checkout.schema';
import { companies } from '../companies/companies.schema';

/**
 * A line's fulfilment state as SQL, for the admin list's filter and its index (the two must be the same expression
 * for PostgreSQL to use the index). The TS twin is `fulfilmentOf` in src/shared/orders/order-status.ts; an unpaid
 * line past its checkout window is told apart by time in the query, since an index cannot hold the clock.
 */
export const fulfilmentStateSql = (t: {
  refundStatus: AnyPgColumn;
  orderStatus: AnyPgColumn;
  paymentStatus: AnyPgColumn;
  shippedQuantity: AnyPgColumn;
  quantity: AnyPgColumn;
  shippingKind: AnyPgColumn;
}) =>
  sql`(case when ${t.refundStatus} = 'refunded' then 'refunded' when ${t.orderStatus} = 'Delivered' then 'delivered' when ${t.orderStatus} in ('Cancelled', 'Expired') then 'cancelled' when not ${t.paymentStatus} then 'awaiting_payment' when ${t.shippedQuantity} = 0 then 'awaiting_shipment' when ${t.shippedQuantity} < ${t.quantity} then 'partly_shipped' when ${t.shippingKind} = 'pickup' then 'ready_for_pickup' else 'shipped' end)`;

function heldColumns(o?: string) {
  return {
    created: o ? sql.raw(`${o}.created_at`) : sql`"orders"."created_at"`,
    until: o ? sql.raw(`${o}.hold_until`) : sql`"orders"."hold_until"`,
  };
}

/**
 * `holdEndsAt(orders row) <= now` (features/orders/orders.holds.ts) as SQL, written so the sweep's index on `created_at` still serves the common case.
 * `o` names the orders table in hand-written SQL (`'o'`); the schema's columns otherwise.
 */
export function holdEndedSql(now: Date, expiryMs: number, o?: string): SQL {
  const { created, until } = heldColumns(o);
  const cutoff = new Date(now.getTime() - expiryMs).toISOString();
  return sql`((${until} is null and ${created} <= ${cutoff}::timestamptz) or ${until} <= ${now.toISOString()}::timestamptz)`;
}

/** The opposite of `holdEndedSql`: the line still holds its stock at `now` (if unpaid and pending). */
export function holdLastsSql(now: Date, expiryMs: number, o?: string): SQL {
  const { created, until } = heldColumns(o);
  const cutoff = new Date(now.getTime() - expiryMs).toISOString();
  return sql`((${until} is null and ${created} > ${cutoff}::timestamptz) or ${until} > ${now.toISOString()}::timestamptz)`;
}

/**
 * The last order number given (migration 0027): one row, locked by the insert that takes the next number until its
 * transaction ends, so numbers are gapless. Only the hand-written function `next_order_number` writes it.
 */
export const orderCounter = pgTable(
  'order_counter',
  {
    id: boolean('id').primaryKey().default(true),
    last: integer('last').notNull(),
  },
  (t) => [check('order_counter_one_row', sql`${t.id}`), check('order_counter_last', sql`${t.last} > 0`)],
);

// In a file of its own, not in schema.ts: the tables that reference orders (invoices, reviews, test payments) import
// it from here, so no table file imports the barrel that re-exports it.
export const orders = pgTable(
  'orders',
  {
    id: uuidPk(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    productId: productIdColumn('restrict'),
    // Name and price as they were when ordered: later catalogue edits do not change an order.
    productName: text('product_name').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    number: text('number').notNull(),
    address: text('address').notNull(),
    paymentStatus: boolean('payment_status').notNull().default(false),
    orderStatus: text('order_status', { enum: ['Pending', 'Delivered', 'Cancelled', 'Expired'] })
      .notNull()
      .default('Pending'),
    review: boolean('review').notNull().default(false),
    reviewed: boolean('reviewed').notNull().default(false),
    phone: text('phone'),
    transactionId: text('transaction_id'),
    paymentIntentId: text('payment_intent_id'),
    createdAt: createdAt(),
    paidAt: moment('paid_at'),
    // Migration 0029: when this unpaid line stops holding its stock, when that is not `created_at` + the checkout
    // window: a checkout line awaiting approval holds until the approval's deadline, an approved one for one window
    // from the approval (docs/decisions/054-approval-window.md). Null: the window from creation.
    holdUntil: moment('hold_until'),
    deliveredAt: moment('delivered_at'),
    cancelledAt: moment('cancelled_at'),
    // A payment given back: pending until the provider confirms the refund, then refunded (never before).
    refundStatus: text('refund_status', { enum: ['pending', 'refunded'] }),
    refundId: text('refund_id'),
    refundAmountCents: integer('refund_amount_cents'),
    refundRequestedAt: moment('refund_requested_at'),
    refundedAt: moment('refunded_at'),
    // Set when the order is one line of a checkout (one payment for several lines).
    checkoutId: uuid('checkout_id'),
    // Migration 0019: this order's shipping and sales tax in cents (a checkout line's share of its checkout's), so
    // every total is goods + shipping + tax summed over lines; and the units ordered beyond the stock, which ship on
    // the expected day.
    shippingCents: integer('shipping_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    backorderedQuantity: integer('backordered_quantity').notNull().default(0),
    expectedShipOn: date('expected_ship_on'),
    // The sale's delivery is stored once, on its checkout, and read through features/orders/orders.line-delivery.ts
    // (docs/decisions/067-delivery-once.md). Only the kind is copied onto the line, once at placement: the
    // fulfilment filter's index needs it (ready for pickup vs shipped) and an index cannot reach the checkout.
    shippingKind: text('shipping_kind'),
    // Migration 0021: units handed to a carrier or made ready for pickup so far, the sum of the line's shipment
    // lines, kept here (in the shipment's transaction, the row locked) so the fulfilment filter is one indexed column.
    shippedQuantity: integer('shipped_quantity').notNull().default(0),
    // Migration 0022: the buyer's company when ordered (null: no company), so members see it in the company's orders.
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    // Migration 0027: the short number people use (#1001, …; docs/decisions/049-order-numbers.md). The default is a
    // hand-written function that takes the next number from `order_counter` in the inserting transaction, so every
    // way of inserting an order numbers it and a rolled-back order gives its number back.
    orderNumber: integer('order_number')
      .notNull()
      .default(sql`next_order_number()`),
    // Migration 0030 (docs/decisions/053-partial-refunds.md): the units refunded so far (by quantity; all of them once
    // the line is refunded in full) and the money refunded or being refunded against this line, by every refund of
    // its sale. A line is refunded in full when `refundedCents` reaches its total.
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
  },
  (t) => [
    inlineForeignKey(t.checkoutId, checkouts.id).onDelete('restrict'),
    uniqueIndex('orders_order_number_idx').on(t.orderNumber),
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
    // 0 only for a warranty replacement, the shop's no-charge sale (decision 065, addendum); every sale the buyer
    // pays is priced above 0 by the pipeline (the catalogue's and quotes' prices are positive).
    check('orders_price_not_negative', sql`${t.unitPriceCents} >= 0`),
    check('orders_shipping_tax', sql`${t.shippingCents} >= 0 and ${t.taxCents} >= 0`),
    check('orders_backordered', sql`${t.backorderedQuantity} between 0 and ${t.quantity}`),
    // The last guard against over-shipping: the service checks first and names the field.
    check('orders_shipped', sql`${t.shippedQuantity} between 0 and ${t.quantity}`),
    check('orders_refunded_quantity', sql`${t.refundedQuantity} between 0 and ${t.quantity}`),
    check(
      'orders_refunded_cents',
      sql`${t.refundedCents} between 0 and ${t.unitPriceCents} * ${t.quantity} + ${t.shippingCents} + ${t.taxCents}`,
    ),
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc()),
    // Keyset paging of the admin's order list: one index per sort, and the status filter, and the email search.
    // Nulls first, as migration 0010 wrote them (plain DESC): the order that `desc()` in a query asks for.
    index('orders_created_id_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_status_created_id_idx').on(
      t.orderStatus,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The sale's total: goods, shipping and tax (at most MAX_ORDER_TOTAL_CENTS, so it stays an int).
    index('orders_sale_total_id_idx').using(
      'btree',
      sql`(${t.unitPriceCents} * ${t.quantity} + ${t.shippingCents} + ${t.taxCents}) desc`,
      sql`${t.id} desc`,
    ),
    // The admin's fulfilment filter, newest first (docs/decisions/038-fulfilment.md): the state is derived, so the
    // index is on the same expression the list filters by.
    index('orders_fulfilment_created_id_idx').using(
      'btree',
      fulfilmentStateSql(t),
      sql`${t.createdAt} desc`,
      sql`${t.id} desc`,
    ),
    index('orders_email_pattern_idx').using('btree', sql`${t.email} text_pattern_ops`),
    index('orders_product_idx').on(t.productId),
    // The expiry sweep looks for old unpaid pending orders.
    index('orders_unpaid_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.paymentStatus} = false and ${t.orderStatus} = 'Pending'`),
    // A checkout's lines share its transaction id; an Order Now line's (its checkout has its id) is its own.
    uniqueIndex('orders_transaction_idx')
      .on(t.transactionId)
      .where(sql`${t.checkoutId} is null or ${t.checkoutId} = ${t.id}`),
    index('orders_company_created_id_idx')
      .on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.companyId} is not null`),
    // The overview's revenue by day (orders.stats.ts): what was charged in the last 30 days.
    index('orders_paid_at_idx')
      .on(t.paidAt)
      .where(sql`${t.paidAt} is not null`),
    index('orders_checkout_idx')
      .on(t.checkoutId)
      .where(sql`${t.checkoutId} is not null`),
  ],
);

/**
 * One refund of a sale (a single order, or a checkout whose lines were paid together), as an admin asked for it
 * (migration 0030, docs/decisions/053-partial-refunds.md): the amount given back from the payment `intentId`, what it
 * covers line by line (`lines`: units, goods, shipping and tax shares, or an amount), and whether the provider has
 * confirmed it. The provider sees one idempotency key per row, so a retried refund is made once.
 */
export const saleRefunds = pgTable(
  'sale_refunds',
  {
    id: uuidPk(),
    orderId: uuid('order_id'),
    checkoutId: uuid('checkout_id'),
    intentId: text('intent_id').notNull(),
    // The provider's idempotency key: one per refund; a single order refunded in full at once keeps the key its
    // whole refund always had (`refund-order-<id>`), so a refund begun before migration 0030 is never made twice.
    providerKey: text('provider_key').notNull(),
    kind: text('kind', { enum: ['lines', 'amount'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    lines: jsonb('lines').notNull(),
    restock: boolean('restock').notNull(),
    status: text('status', { enum: ['pending', 'refunded'] })
      .notNull()
      .default('pending'),
    providerRefundId: text('provider_refund_id'),
    requestedBy: text('requested_by'),
    requestedAt: createdAt(),
    refundedAt: moment('refunded_at'),
  },
  (t) => [
    inlineForeignKey(t.orderId, orders.id).onDelete('restrict'),
    inlineForeignKey(t.checkoutId, checkouts.id).onDelete('restrict'),
    check('sale_refunds_subject', sql`num_nonnulls(${t.orderId}, ${t.checkoutId}) = 1`),
    check('sale_refunds_amount_positive', sql`${t.amountCents} > 0`),
    uniqueIndex('sale_refunds_provider_key_idx').on(t.providerKey),
    index('sale_refunds_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    index('sale_refunds_checkout_idx')
      .on(t.checkoutId)
      .where(sql`${t.checkoutId} is not null`),
    index('sale_refunds_pending_idx')
      .on(t.requestedAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** A customer's saved delivery addresses (US): what checkout, quotes and the order modal offer again. */
export const addresses = pgTable(
  'addresses',
  {
    id: uuidPk(),
    userId: text('user_id').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    usedAt: moment('used_at').notNull().defaultNow(),
  },
  (t) => [
    inlineForeignKey(t.userId, user.id).onDelete('cascade'),
    uniqueIndex('addresses_user_address_idx').on(t.userId, t.street, t.city, t.state, t.zip),
    index('addresses_user_used_idx').on(t.userId, t.usedAt.desc().nullsFirst()),
  ],
);
