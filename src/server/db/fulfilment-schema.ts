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
import { createdAt, inlineForeignKey, moment, uuidPk } from './columns';
import { user } from './auth-schema';

/**
 * Shipping, sales tax and exemptions (migration 0019, docs/decisions/037-shipping-and-tax.md). Rates are the built-in
 * providers' tables, edited by the admin; money is integer cents, weights grams, tax rates parts per million.
 */

/** The ways an order can leave the shop: parcel by weight band and zone, LTL freight by class, pickup, or free. */
export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: uuidPk(),
    kind: text('kind', { enum: ['parcel', 'freight', 'pickup', 'free'] }).notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
    // Business days from payment to delivery (pickup: to ready, see pickup_locations.ready_hours).
    minDays: integer('min_days').notNull().default(1),
    maxDays: integer('max_days').notNull().default(5),
    // Free shipping: offered when the goods subtotal reaches this.
    freeAboveCents: integer('free_above_cents'),
    // LTL freight: the least a shipment costs, and the surcharges the buyer chooses.
    minChargeCents: integer('min_charge_cents').notNull().default(0),
    liftgateCents: integer('liftgate_cents').notNull().default(0),
    residentialCents: integer('residential_cents').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('shipping_methods_kind', sql`${t.kind} in ('parcel', 'freight', 'pickup', 'free')`),
    check(
      'shipping_methods_days',
      sql`${t.minDays} between 0 and 365 and ${t.maxDays} between ${t.minDays} and 365`,
    ),
    check(
      'shipping_methods_money',
      sql`coalesce(${t.freeAboveCents}, 0) >= 0 and ${t.minChargeCents} >= 0 and ${t.liftgateCents} >= 0 and ${t.residentialCents} >= 0`,
    ),
    uniqueIndex('shipping_methods_name_idx').using('btree', sql`lower(${t.name})`),
  ],
);

/** Parcel zones by destination state (the distance band from the shop's warehouse). */
export const shippingZones = pgTable(
  'shipping_zones',
  {
    state: text('state').primaryKey(),
    zone: integer('zone').notNull(),
  },
  (t) => [check('shipping_zones_zone', sql`${t.zone} between 1 and 9`)],
);

/** A parcel method's price for a zone up to a weight (inclusive); heavier than the last band is not parcel. */
export const parcelRates = pgTable(
  'parcel_rates',
  {
    methodId: uuid('method_id').notNull(),
    zone: integer('zone').notNull(),
    maxWeightGrams: integer('max_weight_grams').notNull(),
    cents: integer('cents').notNull(),
  },
  (t) => [
    inlineForeignKey(t.methodId, shippingMethods.id).onDelete('cascade'),
    primaryKey({ name: 'parcel_rates_pk', columns: [t.methodId, t.zone, t.maxWeightGrams] }),
    check('parcel_rates_weight', sql`${t.maxWeightGrams} > 0`),
    check('parcel_rates_cents', sql`${t.cents} >= 0`),
  ],
);

/** An LTL method's price per hundredweight (100 lb) for a freight class up to a shipment weight (inclusive). */
export const freightRates = pgTable(
  'freight_rates',
  {
    methodId: uuid('method_id').notNull(),
    freightClass: text('freight_class').notNull(),
    maxWeightGrams: integer('max_weight_grams').notNull(),
    centsPerCwt: integer('cents_per_cwt').notNull(),
  },
  (t) => [
    inlineForeignKey(t.methodId, shippingMethods.id).onDelete('cascade'),
    primaryKey({ name: 'freight_rates_pk', columns: [t.methodId, t.freightClass, t.maxWeightGrams] }),
    check('freight_rates_weight', sql`${t.maxWeightGrams} > 0`),
    check('freight_rates_cents', sql`${t.centsPerCwt} >= 0`),
  ],
);

/** Where will-call orders are collected, and how long after payment they are ready. */
export const pickupLocations = pgTable(
  'pickup_locations',
  {
    id: uuidPk(),
    name: text('name').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    readyHours: integer('ready_hours').notNull().default(4),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [check('pickup_locations_ready', sql`${t.readyHours} between 0 and 720`)],
);

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

/**
 * How a sale ships and is taxed, stored once on its checkout (docs/decisions/067-delivery-once.md); each line keeps its
 * own shipping and tax shares, and a copy of `shipping_kind` for the fulfilment index.
 */
export const deliveryColumns = () => ({
  shipStreet: text('ship_street'),
  shipCity: text('ship_city'),
  shipState: text('ship_state'),
  shipZip: text('ship_zip'),
  shippingMethodId: uuid('shipping_method_id'),
  shippingMethodName: text('shipping_method_name'),
  shippingKind: text('shipping_kind'),
  liftgate: boolean('liftgate').notNull().default(false),
  residential: boolean('residential').notNull().default(false),
  pickupLocationId: uuid('pickup_location_id'),
  deliveryMinDays: integer('delivery_min_days'),
  deliveryMaxDays: integer('delivery_max_days'),
  taxRatePpm: integer('tax_rate_ppm'),
  taxExemptionNumber: text('tax_exemption_number'),
});
