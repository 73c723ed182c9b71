import { sql } from 'drizzle-orm';
import type { Paged } from '@shared/common/paging.schema';
import type { WebhookDelivery, WebhookPageQuery } from '@shared/webhooks/webhooks.schema';
import type { Db } from '../../infra/db';
import { AppError, notFound } from '../../infra/errors';
import { afterCursor, cutPage, keyText, orderBySort, type KeysetSort } from '../../infra/keyset';
import type { JobQueue } from '../../infra/jobs';
import { DELIVERY_JOB, RETRY_WINDOW } from './webhooks.outbox';

/** Tries shown per delivery: the latest, enough to see a pattern without unbounded answers. */
const TRIES_SHOWN = 20;

const newest: KeysetSort = {
  name: 'newest',
  key: sql`d.created_at`,
  dir: 'desc',
  id: sql`d.id`,
  idType: 'uuid',
  type: 'timestamptz',
};

type Row = {
  id: string;
  eventId: string;
  eventType: string;
  status: string;
  attempts: number;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
  cursorKey: string;
  cursorId: string;
};

const deliveryColumns = sql`d.id, d.event_id as "eventId", e.type as "eventType", d.status, d.attempts,
  to_json(d.next_attempt_at) #>> '{}' as "nextAttemptAt", to_json(d.delivered_at) #>> '{}' as "deliveredAt",
  to_json(d.created_at) #>> '{}' as "createdAt"`;

async function triesOf(db: Db, ids: string[]) {
  if (!ids.length) return new Map<string, WebhookDelivery['tries']>();
  const { rows } = await db.execute<WebhookDelivery['tries'][number] & { deliveryId: string }>(sql`
    select t.delivery_id as "deliveryId", t.status, t.error, t.duration_ms as "durationMs",
      to_json(t.created_at) #>> '{}' as "attemptedAt"
    from unnest(${`{${ids.join(',')}}`}::uuid[]) as ids(id)
    cross join lateral (select * from webhook_attempts a where a.delivery_id = ids.id
      order by a.created_at desc limit ${TRIES_SHOWN}) t`);
  const byDelivery = new Map<string, WebhookDelivery['tries']>();
  for (const { deliveryId, ...t } of rows)
    byDelivery.set(deliveryId, [...(byDelivery.get(deliveryId) ?? []), t]);
  return byDelivery;
}

const iso = (s: string | null) => (s ? new Date(s).toISOString() : null);

/** GET /api/admin/webhooks/{id}/deliveries: newest first, each with its latest tries. */
export async function listDeliveries(
  db: Db,
  endpointId: string,
  q: WebhookPageQuery,
): Promise<Paged<WebhookDelivery>> {
  const { rows: found } = await db.execute(
    sql`select 1 from webhook_endpoints where id = ${endpointId}::uuid`,
  );
  if (!found.length) throw notFound('Webhook endpoint');
  const where = sql`d.endpoint_id = ${endpointId}::uuid`;
  const [{ rows }, { rows: counted }] = await Promise.all([
    db.execute<Row>(sql`
      select ${deliveryColumns}, ${keyText(newest)} as "cursorKey", d.id::text as "cursorId"
      from webhook_deliveries d join webhook_events e on e.id = d.event_id
      where ${where} ${q.cursor ? sql`and ${afterCursor(newest, q.cursor)}` : sql``}
      order by ${orderBySort(newest)} limit ${q.limit + 1}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from webhook_deliveries d where ${where}`),
  ]);
  const cut = cutPage(newest, rows, q.limit);
  const tries = await triesOf(
    db,
    cut.rows.map((r) => r.id),
  );
  return {
    items: cut.rows.map(({ cursorKey: _k, cursorId: _i, ...r }) => ({
      ...r,
      nextAttemptAt: iso(r.nextAttemptAt),
      deliveredAt: iso(r.deliveredAt),
      createdAt: iso(r.createdAt)!,
      tries: tries.get(r.id) ?? [],
    })),
    nextCursor: cut.nextCursor,
    total: Number(counted[0]?.n ?? 0),
  };
}

/**
 * Sends a delivery again (same event, same `webhook-id`), with a fresh 24-hour retry window: the admin fixed the
 * receiver and wants what it missed.
 */
export async function resendDelivery(db: Db, jobs: JobQueue, endpointId: string, deliveryId: string) {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ enabled: boolean; status: string }>(sql`
      select ep.enabled, d.status from webhook_deliveries d join webhook_endpoints ep on ep.id = d.endpoint_id
      where d.id = ${deliveryId}::uuid and d.endpoint_id = ${endpointId}::uuid for update of d`);
    const row = rows[0];
    if (!row) throw notFound('Delivery');
    if (!row.enabled)
      throw new AppError('conflict', 'This endpoint is disabled: enable it before resending.');
    if (row.status === 'pending')
      throw new AppError('conflict', 'This delivery is already waiting for its next try.');
    await tx.execute(sql`update webhook_deliveries set status = 'pending', next_attempt_at = now(),
      retry_until = now() + ${RETRY_WINDOW} where id = ${deliveryId}::uuid`);
    await jobs.send(DELIVERY_JOB, { deliveryId }, { tx });
    const { rows: out } =
      await tx.execute<Row>(sql`select ${deliveryColumns}, '' as "cursorKey", '' as "cursorId"
      from webhook_deliveries d join webhook_events e on e.id = d.event_id where d.id = ${deliveryId}::uuid`);
    const { cursorKey: _k, cursorId: _i, ...r } = out[0]!;
    return {
      ...r,
      nextAttemptAt: iso(r.nextAttemptAt),
      deliveredAt: iso(r.deliveredAt),
      createdAt: iso(r.createdAt)!,
      tries: [],
    };
  });
}
