import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { uuidPk, moment, createdAt } from './columns';

/** Full-text vector of a product; written by the catalogue's search index code, never by hand. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The category tree: a handful of rows, so descendants are found with a recursive CTE. */
export const categories = pgTable(
  'categories',
  {
    id: uuidPk(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
    // Migration 0039: the UNSPSC commodity code punchout carries for the category's products (decision 063).
    unspsc: text('unspsc'),
  },
  (t) => [
    check('categories_unspsc_digits', sql`${t.unspsc} ~ '^[0-9]{8}$'`),
    uniqueIndex('categories_slug_idx').on(t.slug),
    index('categories_parent_idx').on(t.parentId, t.position),
  ],
);

/**
 * Hand-written in the migrations, outside what drizzle models (so `db:generate` neither writes nor sees them): the
 * pg_trgm extension (0005); the `products_search_vector` row trigger with the functions `catalogue_search_vector`,
 * `product_search_vector` and `products_search_vector` (0005, 0008); the `product_specs_inserted`, `_updated` and
 * `_deleted` statement triggers on product_specs with `product_specs_changed` and `product_spec_values` (0012, 0015);
 * and `products_opening_stock` with `stock_opening_movements` (0008), each new product's first stock movement.
 */
export const products = pgTable(
  'products',
  {
    id: uuidPk(),
    name: text('name').notNull(),
    img: text('img').notNull(),
    // Money is integer cents on the server; the API speaks dollars.
    priceCents: integer('price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    minOrder: integer('min_order').notNull().default(1),
    // Sold in packs: an order's quantity is a multiple of this (couplings in tens); 1 when sold singly.
    packSize: integer('pack_size').notNull().default(1),
    // Staff are mailed when a stock change takes the quantity from above this to at or below it; null means the
    // minimum order (the overview's "below minimum order" rule), so existing products need no backfill.
    lowStockThreshold: integer('low_stock_threshold'),
    // Shipping (migration 0019): weight in grams (null: the product's weight spec, if any, else nothing to weigh),
    // box dimensions in millimetres, and whether it goes as a parcel or on a pallet by LTL freight with its class.
    shippingWeightGrams: integer('shipping_weight_grams'),
    lengthMm: integer('length_mm'),
    widthMm: integer('width_mm'),
    heightMm: integer('height_mm'),
    shipsAs: text('ships_as', { enum: ['parcel', 'freight'] })
      .notNull()
      .default('parcel'),
    freightClass: text('freight_class'),
    // Backorders (migration 0019): more than the stock may be ordered; the rest ships after the lead time.
    backorderable: boolean('backorderable').notNull().default(false),
    leadTimeDays: integer('lead_time_days'),
    description: text('description').notNull(),
    createdAt: createdAt(),
    // Deleting a product archives it: it leaves the catalogue, while its orders and reviews stay readable.
    archivedAt: moment('archived_at'),
    // The part number buyers type; unique whatever its case.
    // Products created without one (e.g. by older clients) get a generated SKU from the database itself.
    sku: text('sku')
      .notNull()
      .default(sql`('TH-' || upper(substr(md5(random()::text), 1, 10)))`),
    brand: text('brand'),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    // Maintained by the products_search_vector trigger (see the migration): name, SKU, brand, category, specs, text.
    searchVector: tsvector('search_vector'),
    // Numeric specs by attribute id (spec_values[attribute_id]), kept from product_specs by statement triggers.
    specValues: doublePrecision('spec_values').array(),
  },
  (t) => [
    // The database itself refuses negative stock, whatever the code above it does.
    check('products_quantity_nonnegative', sql`${t.quantity} >= 0`),
    check('products_min_order_positive', sql`${t.minOrder} >= 1`),
    check('products_price_positive', sql`${t.priceCents} > 0`),
    check('products_pack_size_positive', sql`${t.packSize} >= 1`),
    check('products_low_stock_threshold_nonnegative', sql`${t.lowStockThreshold} >= 0`),
    check(
      'products_shipping_weight',
      sql`${t.shippingWeightGrams} is null or ${t.shippingWeightGrams} between 1 and 50000000`,
    ),
    check(
      'products_dimensions',
      sql`coalesce(${t.lengthMm}, 1) between 1 and 100000 and coalesce(${t.widthMm}, 1) between 1 and 100000 and coalesce(${t.heightMm}, 1) between 1 and 100000`,
    ),
    check('products_ships_as', sql`${t.shipsAs} in ('parcel', 'freight')`),
    check(
      'products_freight_class',
      sql`${t.freightClass} is null or ${t.freightClass} in ('50', '55', '60', '65', '70', '77.5', '85', '92.5', '100', '110', '125', '150', '175', '200', '250', '300', '400', '500')`,
    ),
    check('products_lead_time', sql`${t.leadTimeDays} is null or ${t.leadTimeDays} between 0 and 365`),
    index('products_created_at_idx')
      .on(t.createdAt.desc(), t.id)
      .where(sql`${t.archivedAt} is null`),
    // The catalogue's "newest" order, its default without search text: (created_at desc, id desc), which the index
    // above (id ascending) cannot give without sorting every live product (migration 0032, decision 057).
    index('products_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.archivedAt} is null`),
    // text_pattern_ops serves both the case-insensitive uniqueness and the SKU prefix search (`like 'ab%'`).
    uniqueIndex('products_sku_lower_idx').using('btree', sql`lower(${t.sku}) text_pattern_ops`),
    index('products_search_idx').using('gin', t.searchVector),
    index('products_price_idx')
      .on(t.priceCents, t.id)
      .where(sql`${t.archivedAt} is null`),
    index('products_name_idx')
      .using('btree', sql`lower(${t.name})`, t.id)
      .where(sql`${t.archivedAt} is null`),
    index('products_category_idx')
      .on(t.categoryId, t.createdAt.desc())
      .where(sql`${t.archivedAt} is null`),
    // Manage Products: the stock sort, the low-stock filter and the name search (migration 0010).
    index('products_stock_idx')
      .on(t.quantity, t.id)
      .where(sql`${t.archivedAt} is null`),
    // Nulls first, as migration 0010 wrote it (plain DESC).
    index('products_low_stock_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.archivedAt} is null and ${t.quantity} < ${t.minOrder}`),
    index('products_name_trgm_idx')
      .using('gin', sql`lower(${t.name}) gin_trgm_ops`)
      .where(sql`${t.archivedAt} is null`),
    // Category pages sorted by price (migration 0012).
    index('products_category_price_idx')
      .on(t.categoryId, t.priceCents, t.id)
      .where(sql`${t.archivedAt} is null`),
    index('products_brand_idx')
      .on(t.brand)
      .where(sql`${t.archivedAt} is null`),
  ],
);

/**
 * The product a row belongs to; `onDelete` says what deleting the product (never done by the shop) does to it. For
 * tables whose migration drizzle generated; hand-written ones name the key with `inlineForeignKey`.
 */
export const productIdColumn = (onDelete: 'cascade' | 'restrict') =>
  uuid('product_id')
    .notNull()
    .references(() => products.id, { onDelete });

/**
 * A typed technical attribute (pressure, free air delivery, …). Numeric values are stored in one canonical unit
 * per `unitKind` (see src/shared/catalogue/units.ts); text attributes have no unit.
 */
export const specAttributes = pgTable(
  'spec_attributes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    label: text('label').notNull(),
    type: text('type', { enum: ['number', 'text'] }).notNull(),
    unitKind: text('unit_kind'),
    /** The canonical unit's symbol, so SQL can index "8 bar" as the words a buyer types. */
    unit: text('unit'),
    /** Whether the catalogue offers it as a filter (and counts it in the facets); the admin turns it off. */
    filterable: boolean('filterable').notNull().default(true),
  },
  (t) => [uniqueIndex('spec_attributes_key_idx').on(t.key)],
);

/** Which attributes a category's products carry, in display order (a product also shows its ancestors'). */
export const categorySpecAttributes = pgTable(
  'category_spec_attributes',
  {
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => specAttributes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.attributeId] })],
);

/**
 * One row per (product, attribute): a narrow table, so a range filter is one index range scan on
 * (attribute, value, product) and a spec's min/max is an aggregate over the matching products' rows.
 */
export const productSpecs = pgTable(
  'product_specs',
  {
    productId: productIdColumn('cascade'),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => specAttributes.id, { onDelete: 'cascade' }),
    value: doublePrecision('value'),
    valueText: text('value_text'),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.attributeId] }),
    index('product_specs_range_idx')
      .on(t.attributeId, t.value, t.productId)
      .where(sql`${t.value} is not null`),
    // Every value of one attribute, text ones included: what removing it from a category counts and deletes.
    index('product_specs_attribute_idx').on(t.attributeId, t.productId),
  ],
);

/**
 * Every distinct word of the catalogue's search vectors. A mistyped query word is corrected against this small
 * table with pg_trgm similarity, and the product query itself stays an exact full-text match on a GIN index.
 */
export const searchTerms = pgTable('search_terms', { term: text('term').notNull() }, (t) => [
  uniqueIndex('search_terms_term_idx').using('btree', sql`${t.term} text_pattern_ops`),
  index('search_terms_trgm_idx').using('gin', sql`${t.term} gin_trgm_ops`),
]);
