import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, inlineForeignKey, moment, uuidPk } from '../../db/columns';
import { user } from '../accounts/accounts.schema';
import { checkouts } from '../checkout/checkout.schema';
import { products } from '../../db/catalogue-schema';
import { companies } from '../companies/companies.schema';

/**
 * A request for quote: the customer's lines, note and wanted-by day; the admin's answer (a price per line and a
 * validity day) or decline; and the checkout an accepted quote became. Days are UTC calendar days. `expired` is
 * never stored: a quoted quote read after its validUntil is expired (migration 0016).
 */
export const quotes = pgTable(
  'quotes',
  {
    id: uuidPk(),
    userId: text('user_id').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    status: text('status').notNull().default('requested'),
    note: text('note'),
    wantedBy: date('wanted_by'),
    validUntil: date('valid_until'),
    declineReason: text('decline_reason'),
    checkoutId: uuid('checkout_id'),
    createdAt: createdAt(),
    answeredAt: moment('answered_at'),
    decidedAt: moment('decided_at'),
    answeredBy: text('answered_by'),
    // The requester's company when asked (docs/decisions/039-trade-accounts.md).
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'restrict' }),
  },
  (t) => [
    inlineForeignKey(t.userId, user.id).onDelete('restrict'),
    inlineForeignKey(t.checkoutId, checkouts.id).onDelete('restrict'),
    check('quotes_status_known', sql`${t.status} in ('requested', 'quoted', 'accepted', 'declined')`),
    // Nulls first, as migration 0016 wrote them (plain DESC): the order that `desc()` in a query asks for.
    index('quotes_user_created_id_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('quotes_created_id_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('quotes_company_created_id_idx')
      .on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.companyId} is not null`),
    index('quotes_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst()),
  ],
);

/** A quote's lines in the order the customer gave them; the unit price is the admin's, null until answered. */
export const quoteLines = pgTable(
  'quote_lines',
  {
    quoteId: uuid('quote_id').notNull(),
    productId: uuid('product_id').notNull(),
    productName: text('product_name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents'),
    // The admin's lead time for units above the stock when answered (migration 0019): accepting backorders them.
    leadTimeDays: integer('lead_time_days'),
    position: integer('position').notNull(),
  },
  (t) => [
    inlineForeignKey(t.quoteId, quotes.id).onDelete('cascade'),
    inlineForeignKey(t.productId, products.id).onDelete('restrict'),
    primaryKey({ name: 'quote_lines_pk', columns: [t.quoteId, t.productId] }),
    check('quote_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('quote_lines_lead_time', sql`${t.leadTimeDays} is null or ${t.leadTimeDays} between 0 and 365`),
    check('quote_lines_price_positive', sql`${t.unitPriceCents} is null or ${t.unitPriceCents} > 0`),
    index('quote_lines_product_idx').on(t.productId),
  ],
);
