import { sql } from 'drizzle-orm';
import {
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
import { uuidPk, moment, createdAt, inlineForeignKey } from './columns';
import { user } from './auth-schema';
import { productIdColumn } from './catalogue-schema';
import { checkouts } from './buying-schema';
import { orders } from './orders-schema';
import { accountPayments } from './credit-schema';

export const news = pgTable(
  'news',
  {
    id: uuidPk(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    authorName: text('author_name').notNull(),
    publishedAt: moment('published_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: moment('updated_at'),
  },
  (t) => [index('news_published_at_idx').on(t.publishedAt.desc(), t.id)],
);

/** Intents of the built-in test-mode processor (Stripe keeps its own). */
export const testPaymentIntents = pgTable(
  'test_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    // One of the three: the intent pays one order, one checkout or one payment of account invoices.
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    checkoutId: uuid('checkout_id'),
    accountPaymentId: uuid('account_payment_id').references(() => accountPayments.id, {
      onDelete: 'cascade',
    }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status').notNull().default('requires_payment_method'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    inlineForeignKey(t.checkoutId, checkouts.id).onDelete('cascade'),
    uniqueIndex('test_intents_order_amount_idx').on(t.orderId, t.amountCents),
    uniqueIndex('test_intents_checkout_amount_idx').on(t.checkoutId, t.amountCents),
    uniqueIndex('test_intents_account_payment_amount_idx').on(t.accountPaymentId, t.amountCents),
    check(
      'test_intents_one_payable',
      sql`num_nonnulls(${t.orderId}, ${t.checkoutId}, ${t.accountPaymentId}) = 1`,
    ),
    uniqueIndex('test_intents_secret_idx').on(t.clientSecret),
  ],
);

/** Refunds of the built-in test-mode processor: one per idempotency key, never more than the intent took. */
export const testPaymentRefunds = pgTable(
  'test_payment_refunds',
  {
    id: text('id').primaryKey(),
    intentId: text('intent_id')
      .notNull()
      .references(() => testPaymentIntents.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').notNull().default('succeeded'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('test_refunds_key_idx').on(t.idempotencyKey),
    index('test_refunds_intent_idx').on(t.intentId),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuidPk(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    productId: productIdColumn('restrict'),
    productName: text('product_name').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    rating: integer('rating').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    uniqueIndex('reviews_order_idx').on(t.orderId),
    index('reviews_product_idx').on(t.productId, t.createdAt.desc()),
    index('reviews_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** Every admin action, written in the same transaction as the change. Append-only: no API edits or deletes it. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuidPk(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email').notNull(),
    kind: text('kind').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    summary: text('summary').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    // Keyset paging on (created_at, id): many entries can share one timestamp.
    index('audit_created_id_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_kind_created_id_idx').on(t.kind, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_actor_pattern_idx').using('btree', sql`${t.actorEmail} text_pattern_ops`),
    // An order's timeline reads the entries about it (migration 0014).
    index('audit_entity_idx').on(t.entityType, t.entityId, t.createdAt),
  ],
);

export * from './auth-schema';
export * from './catalogue-schema';
export * from './catalogue-data-schema';
export * from './buying-schema';
export * from './orders-schema';
export * from './invoices-schema';
export * from './quotes-schema';
export * from './notifications-schema';
export * from './fulfilment-schema';
export * from './shipments-schema';
export * from './companies-schema';
export * from './credit-schema';
export * from './equipment-schema';
export * from './webhooks-schema';

/**
 * Results of calls made with an `Idempotency-Key` header, per user and key, so a retried order or payment call
 * returns the first result instead of acting twice. The primary key makes concurrent duplicates race for one row.
 * `status` stays null while the first call runs.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
export * from './returns-schema';
export * from './api-keys-schema';
export * from './procurement-schema';
