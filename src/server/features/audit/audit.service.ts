import { and, asc, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import {
  parseAuditCursor,
  type AuditEntry,
  type AuditKind,
  type AuditPage,
  type AuditSort,
} from '@shared/audit/audit.schema';
import { fieldError } from '../../infra/errors';
import { startsWith } from '../../infra/keyset';
import { auditLog } from '../../db/schema';
import type { SessionUser } from '../../http/auth-guard';
import type { Db, Tx } from '../../infra/db';

export interface AuditRecord {
  kind: AuditKind;
  entityType:
    | 'product'
    | 'order'
    | 'user'
    | 'news'
    | 'category'
    | 'import'
    | 'quote'
    | 'checkout'
    | 'shipping_method'
    | 'shipping_zones'
    | 'pickup_location'
    | 'tax_rates'
    | 'tax_exemption'
    | 'shipment'
    | 'company'
    | 'equipment_model'
    | 'return'
    | 'api_key';
  entityId: string;
  summary: string;
  before?: unknown;
  after?: unknown;
}

/** Writes an audit entry inside the caller's transaction: if the change rolls back, so does its entry. */
export async function recordAudit(tx: Tx | Db, actor: Pick<SessionUser, 'id' | 'email'>, r: AuditRecord) {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    kind: r.kind,
    entityType: r.entityType,
    entityId: r.entityId,
    summary: r.summary,
    before: r.before ?? null,
    after: r.after ?? null,
  });
}

/**
 * Entries strictly after the cursor in (created_at, id) order, newest or oldest first: ties on the timestamp are
 * split by id.
 */
function afterCursor(before: string, sort: AuditSort): SQL {
  const cursor = parseAuditCursor(before);
  if (!cursor) throw fieldError('bad_request', 'before', 'must be the nextBefore of a previous page');
  const op = sql.raw(sort === 'newest' ? '<' : '>');
  return cursor.id
    ? sql`(${auditLog.createdAt}, ${auditLog.id}) ${op} (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : sql`${auditLog.createdAt} ${op} ${cursor.at}::timestamptz`;
}

export async function listAudit(
  db: Db,
  q: {
    kind?: AuditKind | undefined;
    actor?: string | undefined;
    sort?: AuditSort;
    limit: number;
    before?: string | undefined;
  },
): Promise<AuditPage> {
  const sort = q.sort ?? 'newest';
  const rows = await db
    .select({
      ...getTableColumns(auditLog),
      // A JavaScript Date keeps milliseconds only; the cursor needs the stored microseconds.
      at: sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(auditLog)
    .where(
      and(
        q.kind ? eq(auditLog.kind, q.kind) : undefined,
        q.actor ? sql`${auditLog.actorEmail} like ${startsWith(q.actor.toLowerCase())}` : undefined,
        q.before ? afterCursor(q.before, sort) : undefined,
      ),
    )
    .orderBy(
      ...(sort === 'newest'
        ? [desc(auditLog.createdAt), desc(auditLog.id)]
        : [asc(auditLog.createdAt), asc(auditLog.id)]),
    )
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const entries: AuditEntry[] = page.map((r) => ({
    _id: r.id,
    actorEmail: r.actorEmail,
    kind: r.kind as AuditKind,
    entityType: r.entityType,
    entityId: r.entityId,
    summary: r.summary,
    before: r.before ?? null,
    after: r.after ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
  const last = page.at(-1);
  return { entries, nextBefore: rows.length > q.limit && last ? `${last.at}~${last.id}` : null };
}

/** Who did what to one record, oldest first: an order's timeline names the admins who acted on it. */
export async function auditEntriesAbout(
  db: Db,
  entityType: AuditRecord['entityType'],
  entityId: string,
): Promise<{ kind: AuditKind; actorEmail: string; createdAt: Date; summary: string }[]> {
  const rows = await db
    .select({
      kind: auditLog.kind,
      actorEmail: auditLog.actorEmail,
      createdAt: auditLog.createdAt,
      summary: auditLog.summary,
    })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  return rows.map((r) => ({ ...r, kind: r.kind as AuditKind }));
}

/**
 * The latest entry of this kind whose `after` holds `value` under `key`, if any: how a record learns what another
 * feature did about it (a checkout's lines learn that their checkout was an accepted quote).
 */
export async function auditEntryNaming(
  db: Db,
  kind: AuditKind,
  key: string,
  value: string,
): Promise<{ entityId: string; actorEmail: string; createdAt: Date } | undefined> {
  const [row] = await db
    .select({ entityId: auditLog.entityId, actorEmail: auditLog.actorEmail, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.kind, kind), sql`${auditLog.after} ->> ${key} = ${value}`))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return row;
}
