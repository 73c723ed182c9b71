import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { user } from '../features/accounts/accounts.schema';

// Owned by the HTTP plumbing (src/server/http/idempotency.ts), which runs around every feature's routes; no feature writes it.
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
