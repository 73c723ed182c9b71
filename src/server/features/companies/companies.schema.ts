import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { createdAt, moment, uuidPk } from '../../db/columns';
import { user } from '../accounts/accounts.schema';
import { categories, products } from '../../db/catalogue-schema';
import { taxExemptions } from '../tax/tax.schema';

/**
 * Trade accounts, part 1 (docs/decisions/039-trade-accounts.md): companies, their members and roles, invitations,
 * ship-to locations and shared requisition lists. Limits, approvals, terms, credit and price lists attach to
 * `companies` and `company_members` later.
 */
export const companies = pgTable(
  'companies',
  {
    id: uuidPk(),
    name: text('name').notNull(),
    taxId: text('tax_id').notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: moment('updated_at'),
    // How many working days (Mon–Fri, UTC) an approval may wait (docs/decisions/054-approval-window.md).
    approvalWindowDays: integer('approval_window_days').notNull().default(3),
  },
  (t) => [
    check('companies_approval_window_days', sql`${t.approvalWindowDays} between 1 and 30`),
    // The admin's list: newest first, keyset on (created_at, id); its search is a prefix of the name.
    index('companies_created_id_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('companies_name_pattern_idx').using('btree', sql`lower(${t.name}) text_pattern_ops`),
    index('companies_tax_id_pattern_idx').using('btree', sql`lower(${t.taxId}) text_pattern_ops`),
  ],
);

/**
 * A person's membership: one company at most (the primary key is the user), with any of the three roles. A row
 * removed is access removed: every company call reads this table, nothing caches it.
 */
export const companyMembers = pgTable(
  'company_members',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    isAdmin: boolean('is_admin').notNull().default(false),
    isBuyer: boolean('is_buyer').notNull().default(false),
    isApprover: boolean('is_approver').notNull().default(false),
    joinedAt: moment('joined_at').notNull().defaultNow(),
    // Spending limits of this buyer, in cents; null = no limit (docs/decisions/040-approvals-and-limits.md).
    orderLimitCents: integer('order_limit_cents'),
    monthlyLimitCents: integer('monthly_limit_cents'),
  },
  (t) => [
    check('company_members_some_role', sql`${t.isAdmin} or ${t.isBuyer} or ${t.isApprover}`),
    check('company_members_order_limit', sql`${t.orderLimitCents} >= 0`),
    check('company_members_monthly_limit', sql`${t.monthlyLimitCents} >= 0`),
    index('company_members_company_idx').on(t.companyId, t.joinedAt, t.userId),
  ],
);

/** A mailed, single-use invitation: only the SHA-256 of its token is stored. */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: uuidPk(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    isBuyer: boolean('is_buyer').notNull().default(false),
    isApprover: boolean('is_approver').notNull().default(false),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    expiresAt: moment('expires_at').notNull(),
    acceptedAt: moment('accepted_at'),
    acceptedBy: text('accepted_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('company_invitations_some_role', sql`${t.isAdmin} or ${t.isBuyer} or ${t.isApprover}`),
    uniqueIndex('company_invitations_token_idx').on(t.tokenHash),
    index('company_invitations_company_idx').on(
      t.companyId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // One open invitation per address and company: inviting again replaces it.
    uniqueIndex('company_invitations_open_idx')
      .using('btree', t.companyId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null`),
  ],
);

/** A ship-to address of the company, with the exemption certificate that covers deliveries there (if any). */
export const companyLocations = pgTable(
  'company_locations',
  {
    id: uuidPk(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    taxExemptionId: uuid('tax_exemption_id').references(() => taxExemptions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('company_locations_company_idx').on(
      t.companyId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    uniqueIndex('company_locations_name_idx').using('btree', t.companyId, sql`lower(${t.name})`),
    index('company_locations_exemption_idx').on(t.taxExemptionId),
  ],
);

/** A named requisition list the company's members share: products and quantities that go to a cart at once. */
export const sharedLists = pgTable(
  'shared_lists',
  {
    id: uuidPk(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: moment('updated_at'),
  },
  (t) => [
    index('shared_lists_company_idx').on(
      t.companyId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    uniqueIndex('shared_lists_name_idx').using('btree', t.companyId, sql`lower(${t.name})`),
  ],
);

export const sharedListLines = pgTable(
  'shared_list_lines',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => sharedLists.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ name: 'shared_list_lines_pk', columns: [t.listId, t.productId] }),
    check('shared_list_lines_quantity', sql`${t.quantity} > 0`),
    index('shared_list_lines_product_idx').on(t.productId),
  ],
);

/**
 * Contract prices, trade accounts part 2 (docs/decisions/039-trade-accounts.md): a company's price lists, each valid
 * from one day to another (both included; no end: open-ended). Several valid lists may overlap: the lowest price wins.
 */
export const companyPriceLists = pgTable(
  'company_price_lists',
  {
    id: uuidPk(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to'),
    createdAt: createdAt(),
    updatedAt: moment('updated_at'),
  },
  (t) => [
    check('company_price_lists_dates', sql`${t.validTo} is null or ${t.validTo} >= ${t.validFrom}`),
    // Both the admin's paged list (newest first) and pricing (a company's lists) start from the company.
    index('company_price_lists_company_idx').on(
      t.companyId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    uniqueIndex('company_price_lists_name_idx').using('btree', t.companyId, sql`lower(${t.name})`),
  ],
);

/**
 * One rule of a price list: a fixed unit price for one product (by SKU), or a percentage off the list price of a
 * category (with its descendants) or of a brand. Percentages are kept in hundredths of a percent (1250 = 12.5 %).
 */
export const priceListRules = pgTable(
  'price_list_rules',
  {
    id: uuidPk(),
    priceListId: uuid('price_list_id')
      .notNull()
      .references(() => companyPriceLists.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    unitPriceCents: integer('unit_price_cents'),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    brand: text('brand'),
    percentOffBp: integer('percent_off_bp'),
  },
  (t) => [
    check(
      'price_list_rules_shape',
      sql`(${t.productId} is not null and ${t.unitPriceCents} > 0 and ${t.categoryId} is null and ${t.brand} is null and ${t.percentOffBp} is null)
        or (${t.productId} is null and ${t.unitPriceCents} is null and ${t.percentOffBp} between 1 and 9999
          and ((${t.categoryId} is not null and ${t.brand} is null) or (${t.categoryId} is null and ${t.brand} is not null)))`,
    ),
    index('price_list_rules_list_idx').on(t.priceListId, t.position),
    // The foreign keys' cascades (a product or category deleted) look rules up by these.
    index('price_list_rules_product_idx').on(t.productId),
    index('price_list_rules_category_idx').on(t.categoryId),
  ],
);

/**
 * The buyer's company when a sale is recorded, as a value for an insert: orders, checkouts and quotes keep the company
 * they were placed for, so a member who leaves takes nothing of the company's history along, and a customer without
 * a company gets null (and buys exactly as before).
 */
export const companyOfUser = (userId: string) =>
  sql<
    string | null
  >`(select ${companyMembers.companyId} from ${companyMembers} where ${companyMembers.userId} = ${userId})`;
