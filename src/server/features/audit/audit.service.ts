import { and, desc, eq, lt } from 'drizzle-orm';
import type { AuditEntry, AuditKind, AuditPage } from '../../../shared/audit/audit.schema';
import { auditLog } from '../../db/schema';
import type { SessionUser } from '../../plugins/auth-guard';
import type { Db, Tx } from '../../plugins/db';

export interface AuditRecord {
  kind: AuditKind;
  entityType: 'product' | 'order' | 'user' | 'news';
  entityId: string;
  summary: string;
  before?: unknown;
  after?: unknown;
}

/** Writes an audit entry inside the caller's transaction: if the change rolls back, so does its entry. */
export async function recordAudit(tx: Tx | Db, actor: SessionUser, r: AuditRecord) {
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

export async function listAudit(
  db: Db,
  q: { kind?: AuditKind | undefined; limit: number; before?: string | undefined },
): Promise<AuditPage> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      and(
        q.kind ? eq(auditLog.kind, q.kind) : undefined,
        q.before ? lt(auditLog.createdAt, new Date(q.before)) : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
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
  return {
    entries,
    nextBefore: rows.length > q.limit ? (page.at(-1)?.createdAt.toISOString() ?? null) : null,
  };
}
