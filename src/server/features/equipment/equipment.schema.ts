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
import { user } from '../accounts/accounts.schema';
import { productIdColumn, products } from '../../db/catalogue-schema';
import { companies, companyLocations } from '../companies/companies.schema';
import { orders } from '../orders/orders.schema';
import { createdAt, moment, uuidPk } from '../../db/columns';

/**
 * My equipment (docs/decisions/064-equipment.md). Serial numbers are compared by `serial_key`: the serial upper-cased
 * and left-padded with zeros to 24 characters, in byte order (COLLATE "C"), so A999 < A1000 as a person reads them.
 */

/** A machine model the shop services: a catalogue product, or just a name the shop lists. */
export const equipmentModels = pgTable(
  'equipment_models',
  {
    id: uuidPk(),
    name: text('name').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    warrantyMonths: integer('warranty_months').notNull().default(12),
    diagramUrl: text('diagram_url'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('equipment_models_name_idx').using('btree', sql`lower(${t.name})`),
    uniqueIndex('equipment_models_product_idx').on(t.productId),
  ],
);

/** A registered machine: one customer's, or a company's for all its members (exactly one owner). */
export const machines = pgTable(
  'machines',
  {
    id: uuidPk(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** Who registered it: the one mailed about its services. */
    registeredBy: text('registered_by')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    modelId: uuid('model_id')
      .notNull()
      .references(() => equipmentModels.id, { onDelete: 'restrict' }),
    serial: text('serial').notNull(),
    serialKey: text('serial_key').notNull(),
    installedOn: date('installed_on', { mode: 'string' }).notNull(),
    locationId: uuid('location_id').references(() => companyLocations.id, { onDelete: 'set null' }),
    siteAddress: text('site_address'),
    runningHours: integer('running_hours').notNull().default(0),
    hoursPerWeek: integer('hours_per_week').notNull().default(40),
    hoursReadAt: moment('hours_read_at').notNull().defaultNow(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    // Kept for machines registered before uploads (decision 064, addendum); new proof is an uploaded file.
    invoiceUrl: text('invoice_url'),
    /** The uploaded proof of purchase in the media store's private `warranty-proofs` folder, and its name. */
    invoiceKey: text('invoice_key'),
    invoiceFileName: text('invoice_file_name'),
    createdAt: createdAt(),
  },
  (t) => [
    check('machines_one_owner', sql`num_nonnulls(${t.userId}, ${t.companyId}) = 1`),
    uniqueIndex('machines_model_serial_idx').on(t.modelId, t.serialKey),
    index('machines_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('machines_company_idx').on(t.companyId, t.createdAt.desc(), t.id.desc()),
    index('machines_registered_by_idx').on(t.registeredBy),
    index('machines_order_idx').on(t.orderId),
  ],
);

/** A model's service plan: a part or kit due every N running hours and/or M months, within a serial range. */
export const servicePlanItems = pgTable(
  'service_plan_items',
  {
    id: uuidPk(),
    modelId: uuid('model_id')
      .notNull()
      .references(() => equipmentModels.id, { onDelete: 'cascade' }),
    productId: productIdColumn('restrict'),
    everyHours: integer('every_hours'),
    everyMonths: integer('every_months'),
    serialFrom: text('serial_from'),
    serialTo: text('serial_to'),
    createdAt: createdAt(),
  },
  (t) => [
    check('service_plan_items_interval', sql`num_nonnulls(${t.everyHours}, ${t.everyMonths}) >= 1`),
    index('service_plan_items_model_idx').on(t.modelId),
    index('service_plan_items_product_idx').on(t.productId),
  ],
);

/** The explicit fit list: a part fits a model (within a serial range) besides what its service plan names. */
export const partFits = pgTable(
  'part_fits',
  {
    id: uuidPk(),
    modelId: uuid('model_id')
      .notNull()
      .references(() => equipmentModels.id, { onDelete: 'cascade' }),
    productId: productIdColumn('cascade'),
    serialFrom: text('serial_from'),
    serialTo: text('serial_to'),
    createdAt: createdAt(),
  },
  (t) => [index('part_fits_model_idx').on(t.modelId), index('part_fits_product_idx').on(t.productId)],
);

/** "Replaced by": the old part's page leads to the new one (chains followed, cycles refused). */
export const partReplacements = pgTable(
  'part_replacements',
  {
    productId: productIdColumn('cascade').primaryKey(),
    replacedById: uuid('replaced_by_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('part_replacements_replaced_by_idx').on(t.replacedById)],
);

/** A numbered hotspot on a model's exploded diagram, at x%, y% (hundredths of a percent), linked to a part. */
export const diagramHotspots = pgTable(
  'diagram_hotspots',
  {
    id: uuidPk(),
    modelId: uuid('model_id')
      .notNull()
      .references(() => equipmentModels.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    xBasis: integer('x_basis').notNull(),
    yBasis: integer('y_basis').notNull(),
    productId: productIdColumn('cascade'),
  },
  (t) => [
    uniqueIndex('diagram_hotspots_number_idx').on(t.modelId, t.number),
    index('diagram_hotspots_product_idx').on(t.productId),
  ],
);

/** A service done: the next interval of that plan item counts from here. */
export const machineServices = pgTable(
  'machine_services',
  {
    id: uuidPk(),
    machineId: uuid('machine_id')
      .notNull()
      .references(() => machines.id, { onDelete: 'cascade' }),
    planItemId: uuid('plan_item_id')
      .notNull()
      .references(() => servicePlanItems.id, { onDelete: 'cascade' }),
    atHours: integer('at_hours').notNull(),
    doneOn: date('done_on', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('machine_services_machine_idx').on(t.machineId, t.planItemId, t.createdAt.desc())],
);

/**
 * One reminder per machine, plan item and interval number: inserted in the transaction that queues the mail, so a
 * restart, a second pass or a second instance sends nothing more.
 */
export const serviceReminders = pgTable(
  'service_reminders',
  {
    machineId: uuid('machine_id')
      .notNull()
      .references(() => machines.id, { onDelete: 'cascade' }),
    planItemId: uuid('plan_item_id')
      .notNull()
      .references(() => servicePlanItems.id, { onDelete: 'cascade' }),
    intervalNo: integer('interval_no').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.machineId, t.planItemId, t.intervalNo] }),
    index('service_reminders_plan_item_idx').on(t.planItemId),
  ],
);
