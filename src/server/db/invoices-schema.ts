import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
import { uuidPk, moment } from './columns';
import { user } from './auth-schema';
import { checkouts } from './buying-schema';
import { orders } from './orders-schema';

/** The last number given per kind of document and year (migration 0014): the source of gapless numbering. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ name: 'invoice_counters_pk', columns: [t.kind, t.year] })],
);

/**
 * Issued invoices and credit notes, immutable (a trigger refuses UPDATE and DELETE). `snapshot` is everything the
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
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    checkoutId: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'restrict' }),
    refersTo: uuid('refers_to').references((): AnyPgColumn => invoices.id, { onDelete: 'restrict' }),
    totalCents: integer('total_cents').notNull(),
    issuedAt: moment('issued_at').notNull().defaultNow(),
    snapshot: jsonb('snapshot').notNull(),
  },
  (t) => [
    check('invoices_total_positive', sql`${t.totalCents} > 0`),
    uniqueIndex('invoices_number_idx').on(t.number),
    uniqueIndex('invoices_kind_year_seq_idx').on(t.kind, t.year, t.seq),
    uniqueIndex('invoices_order_invoice_idx')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('invoices_checkout_invoice_idx')
      .on(t.checkoutId)
      .where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('invoices_order_credit_idx')
      .on(t.orderId)
      .where(sql`${t.kind} = 'credit_note'`),
    index('invoices_checkout_idx')
      .on(t.checkoutId)
      .where(sql`${t.checkoutId} is not null`),
    index('invoices_user_issued_idx').on(t.userId, t.issuedAt.desc()),
  ],
);
