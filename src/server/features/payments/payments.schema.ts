import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, inlineForeignKey } from '../../db/columns';
import { orders } from '../orders/orders.schema';
import { checkouts } from '../checkout/checkout.schema';
import { accountPayments } from '../credit/credit.schema';

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
