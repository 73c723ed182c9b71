import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, moment, uuidPk } from '../../db/columns';

/**
 * Webhooks (decision 061): where events go. The signing secrets are encrypted with the server secret (the signer
 * needs them in clear); the previous one keeps signing until `previousSecretExpiresAt` after a rotation.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuidPk(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    secretEnc: text('secret_enc').notNull(),
    previousSecretEnc: text('previous_secret_enc'),
    previousSecretExpiresAt: moment('previous_secret_expires_at'),
    /** The first failed try since the last success: 24 hours of failing disables the endpoint. */
    failingSince: moment('failing_since'),
    disabledReason: text('disabled_reason'),
    createdAt: createdAt(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_created_idx').on(t.createdAt.desc(), t.id.desc())],
);

/**
 * The outbox: one row per event, written in the transaction of the change. The dispatcher turns each undispatched
 * row into deliveries. `endpointId` targets one endpoint only (a "send test" event).
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    companyId: uuid('company_id'),
    endpointId: uuid('endpoint_id').references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
    dispatchedAt: moment('dispatched_at'),
  },
  (t) => [
    index('webhook_events_undispatched_idx')
      .on(t.createdAt)
      .where(sql`${t.dispatchedAt} is null`),
    index('webhook_events_endpoint_idx').on(t.endpointId),
    // The retention sweep: events older than the retention, oldest first.
    index('webhook_events_created_idx').on(t.createdAt),
  ],
);

/** One event to one endpoint: unique per pair, so a dispatcher running twice never sends an event twice. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuidPk(),
    eventId: text('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** pending, delivered or failed. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: moment('next_attempt_at'),
    /** Failed tries are retried until then (24 hours from the dispatch or the last "Resend"). */
    retryUntil: moment('retry_until').notNull(),
    deliveredAt: moment('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_endpoint_idx').on(t.eventId, t.endpointId),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** Each try of a delivery: the answer's status (none when nothing answered), the error in words, when. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuidPk(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    status: integer('status'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    attemptedAt: createdAt(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attemptedAt)],
);
