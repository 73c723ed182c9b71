import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { uuidPk, moment, createdAt, deliveryColumns, inlineForeignKey } from '../../db/columns';
import { user } from '../accounts/accounts.schema';

import { companies } from '../companies/companies.schema';

/**
 * One checkout of a cart: the buyer's delivery details, PO number and the one payment that pays all its lines. The
 * lines themselves are ordinary orders (`orders.checkout_id`), so every spec call keeps its shape; their payment
 * state is the checkout's and they share its intent and transaction id.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuidPk(),
    userId: text('user_id').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    number: text('number').notNull(),
    address: text('address').notNull(),
    company: text('company'),
    poNumber: text('po_number'),
    paymentIntentId: text('payment_intent_id'),
    transactionId: text('transaction_id'),
    phone: text('phone'),
    paidAt: moment('paid_at'),
    createdAt: createdAt(),
    ...deliveryColumns(),
    // The buyer's company when checked out (docs/decisions/039-trade-accounts.md).
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    // A checkout over the buyer's spending limits waits for an approver (docs/decisions/040-approvals-and-limits.md):
    // null = none was needed; awaiting, approved or rejected otherwise.
    approvalStatus: text('approval_status', { enum: ['awaiting', 'approved', 'rejected'] }),
    /** Which limit it went over: order or monthly. */
    approvalReason: text('approval_reason', { enum: ['order', 'monthly'] }),
    /** The limit it went over and the buyer's month-to-date spend before it, in cents, as they were at checkout. */
    approvalLimitCents: integer('approval_limit_cents'),
    approvalSpentCents: integer('approval_spent_cents'),
    approvalDecidedBy: text('approval_decided_by').references(() => user.id, { onDelete: 'set null' }),
    approvalDecidedAt: moment('approval_decided_at'),
    approvalComment: text('approval_comment'),
    // Migration 0029: the approver's deadline, set when approval is requested (docs/decisions/054-approval-window.md).
    approvalExpiresAt: moment('approval_expires_at'),
    // Migration 0034: over the shop's cap on what approvals hold (APPROVAL_HOLD_MAX_UNITS), when the checkout's stock
    // is given back while it still awaits approval; approving after it takes the stock again
    // (docs/decisions/060-approval-stock-and-charged-totals.md). Null when it holds its stock for the whole window.
    approvalStockUntil: moment('approval_stock_until'),
    // Migration 0031: where the sale came from (docs/decisions/051-one-placement-pipeline.md). Every order line has
    // a checkout; an Order Now sale's one-line checkout takes its line's id, so `/api/order/{id}` names both.
    // 'punchout' (migration 0039): a buyer system's OrderRequest (docs/decisions/063-punchout.md); 'replacement'
    // (migration 0041): a warranty replacement at no charge (docs/decisions/065-returns.md).
    source: text('source', { enum: ['order_now', 'cart', 'quote', 'punchout', 'replacement'] })
      .notNull()
      .default('cart'),
  },
  (t) => [
    inlineForeignKey(t.userId, user.id).onDelete('restrict'),
    check(
      'checkouts_approval_shape',
      sql`(${t.approvalStatus} is null) = (${t.approvalReason} is null) and (${t.approvalStatus} is null) = (${t.approvalLimitCents} is null)`,
    ),
    // The company's open approvals, newest first (keyset on created_at, id).
    index('checkouts_awaiting_approval_idx')
      .on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.approvalStatus} = 'awaiting'`),
    // The approvals' sweep: awaiting checkouts over the hold cap whose stock is due to go back.
    index('checkouts_approval_stock_until_idx')
      .on(t.approvalStockUntil)
      .where(sql`${t.approvalStatus} = 'awaiting' and ${t.approvalStockUntil} is not null`),
    index('checkouts_company_created_id_idx')
      .on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.companyId} is not null`),
    // Nulls first, as migration 0013 wrote it (plain DESC): the order that `desc()` in a query asks for.
    index('checkouts_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('checkouts_created_id_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    uniqueIndex('checkouts_transaction_idx').on(t.transactionId),
  ],
);

/**
 * One row per reminder mailed to a checkout's approvers (docs/decisions/054-approval-window.md): keyed by the checkout
 * and the UTC day, and inserted in the transaction that queues the mails, so a restart or a second instance never
 * reminds twice on one day.
 */
export const approvalReminders = pgTable(
  'approval_reminders',
  {
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'approval_reminders_pk', columns: [t.checkoutId, t.day] })],
);
