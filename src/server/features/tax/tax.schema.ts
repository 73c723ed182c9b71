import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, inlineForeignKey, moment, uuidPk } from '../../db/columns';
import { user } from '../accounts/accounts.schema';

/**
 * Sales tax by destination: a state's rate (zip_prefix '') or a ZIP prefix's within it; the longest matching prefix
 * wins. Whether shipping is taxed is the state's rule.
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    state: text('state').notNull(),
    zipPrefix: text('zip_prefix').notNull().default(''),
    ratePpm: integer('rate_ppm').notNull(),
    shippingTaxable: boolean('shipping_taxable').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'tax_rates_pk', columns: [t.state, t.zipPrefix] }),
    check('tax_rates_rate', sql`${t.ratePpm} between 0 and 200000`),
    check('tax_rates_zip_prefix', sql`${t.zipPrefix} ~ '^[0-9]{0,5}$'`),
  ],
);

/** A customer's tax-exemption certificate: the stored PDF, its number, states and expiry, and the admin's decision. */
export const taxExemptions = pgTable(
  'tax_exemptions',
  {
    id: uuidPk(),
    userId: text('user_id').notNull(),
    number: text('number').notNull(),
    states: text('states').array().notNull(),
    expiresOn: date('expires_on').notNull(),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    reason: text('reason'),
    decidedBy: text('decided_by'),
    decidedAt: moment('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    inlineForeignKey(t.userId, user.id).onDelete('cascade'),
    check('tax_exemptions_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    index('tax_exemptions_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('tax_exemptions_status_idx').on(t.status, t.createdAt.desc().nullsFirst()),
  ],
);
