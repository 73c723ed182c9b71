import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { uuidPk, moment, inlineForeignKey } from '../../db/columns';
import { user } from '../accounts/accounts.schema';
import { checkouts } from '../checkout/checkout.schema';
import { orders } from '../orders/orders.schema';
import { companies } from '../companies/companies.schema';

/** The last number given per kind of document and year (migration 0014): the source of gapless numbering. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [
    primaryKey({ name: 'invoice_counters_pk', columns: [t.kind, t.year] }),
    check('invoice_counters_kind', sql`${t.kind} in ('invoice', 'credit_note')`),
    check('invoice_counters_last', sql`${t.last} >= 0`),
  ],
);

/**
 * Issued invoices and credit notes, immutable: hand-written triggers (`invoices_no_change`, `invoices_no_truncate`,
 * function `invoices_immutable`, migration 0014) refuse UPDATE, DELETE and TRUNCATE. `snapshot` is everything the
 * document prints, as it was when issued; the other columns are what the shop looks documents up by.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuidPk(),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    number: text('number').notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    userId: text('user_id').notNull(),
    orderId: uuid('order_id'),
    checkoutId: uuid('checkout_id'),
    refersTo: uuid('refers_to'),
    totalCents: integer('total_cents').notNull(),
    issuedAt: moment('issued_at').notNull().defaultNow(),
    snapshot: jsonb('snapshot').notNull(),
    // The company of the order or checkout it is for (docs/decisions/039-trade-accounts.md).
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'restrict' }),
  },
  (t) => [
    inlineForeignKey(t.userId, user.id).onDelete('restrict'),
    inlineForeignKey(t.orderId, orders.id).onDelete('restrict'),
    inlineForeignKey(t.checkoutId, checkouts.id).onDelete('restrict'),
    inlineForeignKey(t.refersTo, t.id).onDelete('restrict'),
    check('invoices_kind', sql`${t.kind} in ('invoice', 'credit_note')`),
    check('invoices_total_positive', sql`${t.totalCents} > 0`),
    check('invoices_seq_positive', sql`${t.seq} > 0`),
    // An invoice is for one order or one checkout; a credit note corrects an invoice, for one order or (a refund of
    // several lines of a checkout, migration 0030) for its checkout.
    check(
      'invoices_subject',
      sql`(${t.kind} = 'invoice' and ${t.refersTo} is null and num_nonnulls(${t.orderId}, ${t.checkoutId}) = 1)
        or (${t.kind} = 'credit_note' and ${t.refersTo} is not null and num_nonnulls(${t.orderId}, ${t.checkoutId}) >= 1)`,
    ),
    uniqueIndex('invoices_number_idx').on(t.number),
    uniqueIndex('invoices_kind_year_seq_idx').on(t.kind, t.year, t.seq),
    uniqueIndex('invoices_order_invoice_idx')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('invoices_checkout_invoice_idx')
      .on(t.checkoutId)
      .where(sql`${t.kind} = 'invoice'`),
    // Several credit notes per order since partial refunds (migration 0030): one per refund.
    index('invoices_order_credit_idx')
      .on(t.orderId)
      .where(sql`${t.kind} = 'credit_note'`),
    index('invoices_checkout_idx')
      .on(t.checkoutId)
      .where(sql`${t.checkoutId} is not null`),
    // Nulls first, as migration 0014 wrote it (plain DESC).
    index('invoices_company_issued_id_idx')
      .on(t.companyId, t.issuedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.companyId} is not null`),
    index('invoices_user_issued_idx').on(t.userId, t.issuedAt.desc().nullsFirst()),
  ],
);
