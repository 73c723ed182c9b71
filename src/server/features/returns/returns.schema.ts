import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, inlineForeignKey, moment, uuidPk } from '../../db/columns';
import { user } from '../accounts/accounts.schema';
import { orders } from '../orders/orders.schema';
import { checkouts } from '../checkout/checkout.schema';

/**
 * A buyer's return of some lines of their orders (docs/decisions/065-returns.md). The RMA number is given when an
 * admin approves it, from `return_counter` in the approving transaction, so numbers are gapless.
 */
export const returns = pgTable(
  'returns',
  {
    id: uuidPk(),
    userId: text('user_id').notNull(),
    email: text('email').notNull(),
    reason: text('reason', {
      enum: ['wrong_part', 'damaged', 'not_needed', 'warranty_failure'],
    }).notNull(),
    comments: text('comments').notNull().default(''),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    status: text('status', {
      enum: ['requested', 'approved', 'rejected', 'received', 'refunded', 'replaced'],
    })
      .notNull()
      .default('requested'),
    rmaNumber: integer('rma_number').unique('returns_rma_number_key'),
    instructions: text('instructions'),
    rejectReason: text('reject_reason'),
    /** The restocking fee in whole percent, fixed when the refund is made (the shop may change its policy later). */
    feePercent: integer('fee_percent'),
    saleRefundId: uuid('sale_refund_id'),
    /** The checkout that sent a replaced return's units again at no charge. */
    replacementCheckoutId: uuid('replacement_checkout_id'),
    createdAt: createdAt(),
    decidedAt: moment('decided_at'),
    receivedAt: moment('received_at'),
    closedAt: moment('closed_at'),
  },
  (t) => [
    inlineForeignKey(t.userId, user.id).onDelete('restrict'),
    inlineForeignKey(t.replacementCheckoutId, checkouts.id).onDelete('restrict'),
    index('returns_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('returns_status_created_idx').on(t.status, t.createdAt.desc()),
    index('returns_created_idx').on(t.createdAt.desc()),
    check('returns_fee_percent', sql`${t.feePercent} between 0 and 100`),
  ],
);

/** A line of a return: how many units of an order line, and what came back of them. */
export const returnLines = pgTable(
  'return_lines',
  {
    id: uuidPk(),
    returnId: uuid('return_id').notNull(),
    orderId: uuid('order_id').notNull(),
    quantity: integer('quantity').notNull(),
    restockedQuantity: integer('restocked_quantity'),
    scrappedQuantity: integer('scrapped_quantity'),
  },
  (t) => [
    inlineForeignKey(t.returnId, returns.id).onDelete('cascade'),
    inlineForeignKey(t.orderId, orders.id).onDelete('restrict'),
    index('return_lines_return_idx').on(t.returnId),
    index('return_lines_order_idx').on(t.orderId),
    check('return_lines_quantity', sql`${t.quantity} > 0`),
    check(
      'return_lines_received',
      sql`coalesce(${t.restockedQuantity}, 0) >= 0 and coalesce(${t.scrappedQuantity}, 0) >= 0 and coalesce(${t.restockedQuantity}, 0) + coalesce(${t.scrappedQuantity}, 0) <= ${t.quantity}`,
    ),
  ],
);

/** The last RMA number given: one row, locked by the approval that takes the next one until it commits. */
export const returnCounter = pgTable(
  'return_counter',
  {
    id: boolean('id').primaryKey().default(true),
    last: integer('last').notNull(),
  },
  (t) => [check('return_counter_one_row', sql`${t.id}`)],
);

/** The shop's return policy per reason; a reason without a row uses the defaults (returns.constants.ts). */
export const returnPolicies = pgTable(
  'return_policies',
  {
    reason: text('reason').primaryKey(),
    windowDays: integer('window_days').notNull(),
    feePercent: integer('fee_percent').notNull(),
  },
  (t) => [
    check('return_policies_window', sql`${t.windowDays} between 0 and 3650`),
    check('return_policies_fee', sql`${t.feePercent} between 0 and 100`),
  ],
);
