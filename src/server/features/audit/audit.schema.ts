import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, uuidPk } from '../../db/columns';

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
