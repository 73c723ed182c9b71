import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, inlineForeignKey, uuidPk } from '../../db/columns';

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
