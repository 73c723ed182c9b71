import { getTableName } from 'drizzle-orm';
import { boolean, foreignKey, integer, text, timestamp, uuid, type PgColumn } from 'drizzle-orm/pg-core';

/** A row's id: a random UUID made by the database. */
export const uuidPk = () => uuid('id').primaryKey().defaultRandom();

/** A point in time; every timestamp of the shop keeps its time zone. */
export const moment = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written. */
export const createdAt = () => moment('created_at').notNull().defaultNow();

/**
 * A foreign key under the name PostgreSQL gives an inline `REFERENCES` (`<table>_<column>_fkey`). The hand-written
 * migrations (0008 on) declare their keys inline, so that is the name in every database; `.references()` would
 * assume drizzle's `<table>_<column>_<target>_<column>_fk`, and a generated migration that drops or changes the key
 * would fail on it.
 */
export const inlineForeignKey = (column: PgColumn, target: PgColumn) =>
  foreignKey({
    name: `${getTableName(column.table)}_${column.name}_fkey`,
    columns: [column],
    foreignColumns: [target],
  });

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
