import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, moment, uuidPk } from '../../db/columns';
import { user } from '../accounts/accounts.schema';

/**
 * Keys integrations (an ERP, accounting) call the API with (docs/decisions/062-api-keys.md). Only the SHA-256 of
 * the secret is kept: the secret is shown once, at creation, and a stolen table opens nothing.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuidPk(),
    name: text('name').notNull(),
    /** The first characters of the secret (`sk_live_` and a few more), to tell keys apart in the list. */
    prefix: text('prefix').notNull(),
    /** Hex SHA-256 of the whole secret. */
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    /** Requests a minute this key may make. */
    ratePerMinute: integer('rate_per_minute').notNull().default(600),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: moment('expires_at'),
    lastUsedAt: moment('last_used_at'),
    revokedAt: moment('revoked_at'),
  },
  (t) => [
    check('api_keys_rate_per_minute', sql`${t.ratePerMinute} between 1 and 100000`),
    // Every keyed request finds its key by the secret's hash.
    uniqueIndex('api_keys_secret_hash_idx').on(t.secretHash),
    // The admin's list: newest first, keyset on (created_at, id).
    index('api_keys_created_id_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
