import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { uuidPk, moment, createdAt, inlineForeignKey } from './columns';
import { products } from './catalogue-schema';

/**
 * The inventory ledger: one row per change of a product's stock, with the stock before and after. A product's
 * `quantity` always equals the sum of its rows' `delta` (the opening row is written by a trigger on insert).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: uuid('product_id').notNull(),
    delta: integer('delta').notNull(),
    quantityBefore: integer('quantity_before').notNull(),
    quantityAfter: integer('quantity_after').notNull(),
    /** created, import, order_reserved, order_cancelled, order_expired, order_paid_late, restock. */
    reason: text('reason').notNull(),
    // No foreign key: a movement stays readable whatever happens to the order it came from.
    orderId: uuid('order_id'),
    actorEmail: text('actor_email'),
    createdAt: createdAt(),
  },
  (t) => [
    inlineForeignKey(t.productId, products.id).onDelete('cascade'),
    check('stock_movements_balanced', sql`${t.quantityAfter} = ${t.quantityBefore} + ${t.delta}`),
    // A product's history, newest first, paged by id (nulls first, as migration 0008 wrote it: plain DESC).
    index('stock_movements_product_idx').on(t.productId, t.id.desc().nullsFirst()),
  ],
);

/** A product's PDF documents (datasheets, manuals, certificates); the bytes live in the media store. */
export const productDocuments = pgTable(
  'product_documents',
  {
    id: uuidPk(),
    productId: uuid('product_id').notNull(),
    kind: text('kind', { enum: ['datasheet', 'manual', 'certificate'] }).notNull(),
    title: text('title').notNull(),
    fileName: text('file_name').notNull(),
    /** The media store key (`documents/<hash>.pdf`). */
    mediaKey: text('media_key').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    inlineForeignKey(t.productId, products.id).onDelete('cascade'),
    index('product_documents_product_idx').on(t.productId, t.createdAt),
  ],
);

/** One CSV import: its options, progress while it runs, and its report once done. */
export const catalogueImports = pgTable(
  'catalogue_imports',
  {
    id: uuidPk(),
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    fileName: text('file_name').notNull(),
    mode: text('mode', { enum: ['all-or-nothing', 'valid-rows'] }).notNull(),
    createCategories: boolean('create_categories').notNull(),
    status: text('status', { enum: ['validating', 'writing', 'done', 'rejected', 'failed'] }).notNull(),
    totalBytes: integer('total_bytes').notNull(),
    processedBytes: integer('processed_bytes').notNull().default(0),
    rows: integer('rows').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    /** The first bad rows ({ line, column, message }), capped so a file of junk cannot grow the row without bound. */
    problems: jsonb('problems')
      .notNull()
      .default(sql`'[]'::jsonb`),
    message: text('message'),
    createdAt: createdAt(),
    finishedAt: moment('finished_at'),
    /**
     * When the process running the import last proved it is alive (database clock); an import left validating or
     * writing whose heartbeat is too old is failed by a sweep (decision 020).
     */
    heartbeatAt: moment('heartbeat_at'),
  },
  (t) => [index('catalogue_imports_created_idx').on(t.createdAt.desc().nullsFirst())],
);
