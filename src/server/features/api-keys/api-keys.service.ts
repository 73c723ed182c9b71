import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { ApiKey, ApiKeyCreate, ApiKeyCreated, ApiKeyListQuery } from '@shared/api-keys/api-keys.schema';
import { apiKeyCreateSchema } from '@shared/api-keys/api-keys.schema';
import { API_KEY_PREFIX, API_KEY_SHOWN_CHARS, type ApiScope } from '@shared/api-keys/api-keys.scopes';
import type { Paged } from '@shared/common/paging.schema';
import { apiKeys } from '../../db/schema';
import type { SessionUser } from '../../http/auth-guard';
import type { Db } from '../../infra/db';
import { AppError, fieldError, notFound } from '../../infra/errors';
import { afterCursor, cutPage, keyText, orderBySort, type KeysetSort } from '../../infra/keyset';
import { recordAudit } from '../audit/audit.service';

type Row = typeof apiKeys.$inferSelect;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** 32 random bytes: far beyond guessing, so one unsalted SHA-256 is enough to keep it (no password stretching). */
const newSecret = () => `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;

/** A key valid through `expiresOn` stops at the end of that day, UTC. */
const endOfDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60_000);

export function statusOf(row: Pick<Row, 'revokedAt' | 'expiresAt'>, now = new Date()): ApiKey['status'] {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  return 'active';
}

function toApiKey(row: Row, now = new Date()): ApiKey {
  return {
    _id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiScope[],
    ratePerMinute: row.ratePerMinute,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status: statusOf(row, now),
  };
}

/** POST /api/api-keys: a new key; its secret is in this answer and nowhere else, ever. Audited. */
export async function createApiKey(db: Db, actor: SessionUser, input: ApiKeyCreate): Promise<ApiKeyCreated> {
  const k = apiKeyCreateSchema.parse(input);
  const expiresAt = k.expiresOn ? endOfDay(k.expiresOn) : null;
  if (expiresAt && expiresAt <= new Date())
    throw fieldError('bad_request', 'expiresOn', 'must not be in the past');
  const secret = newSecret();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({
        name: k.name,
        prefix: secret.slice(0, API_KEY_SHOWN_CHARS),
        secretHash: sha256(secret),
        scopes: k.scopes,
        ratePerMinute: k.ratePerMinute,
        createdBy: actor.id,
        expiresAt,
      })
      .returning();
    const key = toApiKey(row!);
    await recordAudit(tx, actor, {
      kind: 'api_key.created',
      entityType: 'api_key',
      entityId: key._id,
      summary: `Created API key "${key.name}" (${key.scopes.join(', ')})`,
      after: { name: key.name, prefix: key.prefix, scopes: key.scopes, expiresAt: key.expiresAt },
    });
    return { key, secret };
  });
}

const newest: KeysetSort = {
  name: 'newest',
  key: sql`${apiKeys.createdAt}`,
  dir: 'desc',
  id: sql`${apiKeys.id}`,
  idType: 'uuid',
  type: 'timestamptz',
};

/** GET /api/api-keys: newest first, a page at a time; never a secret or its hash. */
export async function listApiKeys(db: Db, q: ApiKeyListQuery): Promise<Paged<ApiKey>> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({ row: apiKeys, cursorKey: keyText(newest), cursorId: sql<string>`${apiKeys.id}::text` })
      .from(apiKeys)
      .where(q.cursor ? afterCursor(newest, q.cursor) : undefined)
      .orderBy(orderBySort(newest))
      .limit(q.limit + 1),
    db.select({ n: sql<number>`count(*)::int` }).from(apiKeys),
  ]);
  const cut = cutPage(newest, rows, q.limit);
  const now = new Date();
  return {
    items: cut.rows.map((r) => toApiKey(r.row, now)),
    nextCursor: cut.nextCursor,
    total: counted?.n ?? 0,
  };
}

/** DELETE /api/api-keys/{id}: the key stops working at once, on every instance (each request reads the table). */
export async function revokeApiKey(db: Db, actor: SessionUser, id: string): Promise<ApiKey> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning();
    if (!row) {
      const [existing] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id));
      if (!existing) throw notFound('API key');
      // Revoking twice is what the admin wanted anyway.
      return toApiKey(existing);
    }
    await recordAudit(tx, actor, {
      kind: 'api_key.revoked',
      entityType: 'api_key',
      entityId: row.id,
      summary: `Revoked API key "${row.name}"`,
    });
    return toApiKey(row);
  });
}

/**
 * The key a secret belongs to, if it may be used now. Found by the hash's unique index, then compared in constant
 * time, so neither the lookup nor the comparison tells anything about a near miss.
 */
export async function authenticateApiKey(db: Db, secret: string, now = new Date()): Promise<Row> {
  const hash = sha256(secret);
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.secretHash, hash));
  if (!row || !timingSafeEqual(Buffer.from(row.secretHash), Buffer.from(hash)))
    throw new AppError('unauthorized', 'This API key is not valid.');
  const status = statusOf(row, now);
  if (status === 'revoked') throw new AppError('unauthorized', 'This API key was revoked.');
  if (status === 'expired') throw new AppError('unauthorized', 'This API key has expired.');
  return row;
}

/** How often a key's last-used time is written: a busy key would otherwise write a row on every request. */
export const LAST_USED_EVERY_MS = 60_000;

/**
 * Records that a key was used, at most once a minute per key: once per process by the memo, and across instances by
 * the condition on the stored time.
 */
export function lastUsedRecorder(db: Db) {
  const written = new Map<string, number>();
  return async (id: string, now = Date.now()) => {
    if (now - (written.get(id) ?? 0) < LAST_USED_EVERY_MS) return;
    written.set(id, now);
    if (written.size > 10_000) written.delete(written.keys().next().value!);
    const at = new Date(now);
    await db
      .update(apiKeys)
      .set({ lastUsedAt: at })
      .where(
        and(
          eq(apiKeys.id, id),
          or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now - LAST_USED_EVERY_MS))),
        ),
      );
  };
}
