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
import { createdAt, inlineForeignKey, moment, uuidPk } from '../../db/columns';
import { user } from '../accounts/accounts.schema';
import { checkouts } from '../checkout/checkout.schema';
import { companies } from '../companies/companies.schema';
import { invoices } from '../invoices/invoices.schema';

/**
 * Trade accounts, part 4 (docs/decisions/041-paying-on-account.md): payment terms and a credit limit per company,
 * the invoices its buyers paid on account and what has been paid against them (by card or bank transfer). Issued
 * invoices are immutable (migration 0014), so what is still owed lives here, beside them.
 */

/** A company's terms: no row, no terms (its buyers pay by card as before). */
export const companyTerms = pgTable(
  'company_terms',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Net 15, 30 or 60: an account invoice is due this many days after it was issued. */
    netDays: integer('net_days').notNull(),
    creditLimitCents: integer('credit_limit_cents').notNull(),
    updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('company_terms_net_days', sql`${t.netDays} in (15, 30, 60)`),
    check('company_terms_credit_limit', sql`${t.creditLimitCents} >= 0`),
  ],
);

/**
 * An invoice paid on account: what it owes, when it is due and what has been paid against it. Open while
 * `paid_cents < total_cents`; the sum of the open ones is the company's used credit.
 */
export const accountInvoices = pgTable(
  'account_invoices',
  {
    invoiceId: uuid('invoice_id').primaryKey(),
    companyId: uuid('company_id').notNull(),
    checkoutId: uuid('checkout_id').notNull(),
    /** The buyer who paid on account. */
    userId: text('user_id').notNull(),
    number: text('number').notNull(),
    totalCents: integer('total_cents').notNull(),
    paidCents: integer('paid_cents').notNull().default(0),
    issuedAt: moment('issued_at').notNull(),
    netDays: integer('net_days').notNull(),
    /** The UTC day it is due: the day of issue plus the terms' days. */
    dueDate: date('due_date').notNull(),
    paidAt: moment('paid_at'),
    /** When the reminder before the due date, and the one after it, were queued (each once). */
    remindedBeforeAt: moment('reminded_before_at'),
    remindedOverdueAt: moment('reminded_overdue_at'),
  },
  (t) => [
    inlineForeignKey(t.invoiceId, invoices.id).onDelete('restrict'),
    inlineForeignKey(t.companyId, companies.id).onDelete('restrict'),
    inlineForeignKey(t.checkoutId, checkouts.id).onDelete('restrict'),
    inlineForeignKey(t.userId, user.id).onDelete('restrict'),
    check('account_invoices_total', sql`${t.totalCents} > 0`),
    check('account_invoices_paid', sql`${t.paidCents} between 0 and ${t.totalCents}`),
    uniqueIndex('account_invoices_checkout_idx').on(t.checkoutId),
    // The statement's pages (open and overdue, or paid), newest first; the open ones also give the used credit.
    index('account_invoices_open_idx')
      .on(t.companyId, t.issuedAt.desc().nullsFirst(), t.invoiceId.desc().nullsFirst())
      .where(sql`${t.paidCents} < ${t.totalCents}`),
    index('account_invoices_paid_idx')
      .on(t.companyId, t.issuedAt.desc().nullsFirst(), t.invoiceId.desc().nullsFirst())
      .where(sql`${t.paidCents} = ${t.totalCents}`),
    // The reminder sweep and the credit hold: open invoices by due date.
    index('account_invoices_due_idx')
      .on(t.dueDate, t.companyId)
      .where(sql`${t.paidCents} < ${t.totalCents}`),
  ],
);

/**
 * Money received against account invoices: a card payment (pending until the provider confirms its intent) or a
 * bank transfer the shop recorded. Its allocations say how much went to which invoice.
 */
export const accountPayments = pgTable(
  'account_payments',
  {
    id: uuidPk(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    method: text('method', { enum: ['card', 'bank_transfer'] }).notNull(),
    // A card payment is pending until the provider confirms it, then succeeded; one that cannot be applied (its
    // invoices were paid meanwhile) is refunding until the provider confirms the refund, then refunded; one whose
    // intent was cancelled before it was paid (abandoned) is cancelled.
    status: text('status', {
      enum: ['pending', 'succeeded', 'refunding', 'refunded', 'cancelled'],
    }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The provider's intent (card) once made; it is the transaction id once paid. */
    intentId: text('intent_id'),
    /** A bank transfer's reference and the day it was received. */
    reference: text('reference'),
    receivedOn: date('received_on'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    settledAt: moment('settled_at'),
    /** Migration 0027: the provider's refund of a payment given back, once it confirmed it. */
    refundId: text('refund_id'),
    refundedAt: moment('refunded_at'),
  },
  (t) => [
    check('account_payments_method', sql`${t.method} in ('card', 'bank_transfer')`),
    check(
      'account_payments_status',
      sql`${t.status} in ('pending', 'succeeded', 'refunding', 'refunded', 'cancelled')`,
    ),
    check('account_payments_amount', sql`${t.amountCents} > 0`),
    index('account_payments_company_idx').on(
      t.companyId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    uniqueIndex('account_payments_intent_idx').on(t.intentId),
    // The settlement sweep: card payments still waiting for their provider's word.
    index('account_payments_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending' and ${t.intentId} is not null`),
  ],
);

export const accountPaymentAllocations = pgTable(
  'account_payment_allocations',
  {
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => accountPayments.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => accountInvoices.invoiceId, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [
    primaryKey({ name: 'account_payment_allocations_pk', columns: [t.paymentId, t.invoiceId] }),
    check('account_payment_allocations_amount', sql`${t.amountCents} > 0`),
    index('account_payment_allocations_invoice_idx').on(t.invoiceId),
  ],
);
