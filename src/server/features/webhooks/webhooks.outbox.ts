import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { WebhookEventType } from '@shared/webhooks/webhooks.events';
import type { Db, Tx } from '../../infra/db';
import type { JobQueue } from '../../infra/jobs';

export const DELIVERY_JOB = 'webhook-delivery';
/** How long failed tries of a delivery are retried (and how long an endpoint may fail before it is disabled). */
export const RETRY_WINDOW = sql`interval '24 hours'`;

/** The event's id, sent as `webhook-id`: the same on every try, so receivers drop duplicates by it. */
export const newEventId = () => `msg_${randomBytes(16).toString('hex')}`;

export interface WebhookEventInput {
  type: WebhookEventType;
  /** The company the object belongs to, when it belongs to one. */
  companyId?: string | null | undefined;
  /** The object as the API answers it, ids included; never secrets. */
  data: object;
}

/**
 * Writes one event to the outbox in the caller's transaction: it exists exactly when the change commits, and the
 * dispatcher delivers it from there (at least once). Nothing is written when no enabled endpoint listens to the type.
 */
export async function recordEvent(tx: Tx | Db, event: WebhookEventInput): Promise<void> {
  await recordEvents(tx, [event]);
}

/**
 * Several events in one statement (the lines of one sale): one round trip whatever their number, each its own event
 * and id. Events of one call share a type check, so they need not share a type.
 */
export async function recordEvents(tx: Tx | Db, events: readonly WebhookEventInput[]): Promise<void> {
  if (events.length === 0) return;
  const timestamp = new Date().toISOString();
  // JSON round trip: dates become ISO strings and undefined fields vanish, as in the API's answers.
  const rows = events.map((event) => ({
    id: newEventId(),
    type: event.type,
    company_id: event.companyId ?? null,
    payload: { type: event.type, timestamp, data: JSON.parse(JSON.stringify(event.data)) as unknown },
  }));
  await tx.execute(sql`
    insert into webhook_events (id, type, company_id, payload)
    select e.id, e.type, e.company_id, e.payload
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as e(id text, type text, company_id uuid, payload jsonb)
    where exists (select 1 from webhook_endpoints where enabled and e.type = any(events))`);
}

/** A `webhook.test` event for one endpoint only. */
export async function recordTestEvent(db: Db, endpointId: string): Promise<string> {
  const id = newEventId();
  const payload = JSON.stringify({
    type: 'webhook.test',
    timestamp: new Date().toISOString(),
    data: { endpointId, message: 'A test event sent from the Webhooks page.' },
  });
  await db.execute(sql`
    insert into webhook_events (id, type, endpoint_id, payload)
    values (${id}, 'webhook.test', ${endpointId}::uuid, ${payload}::jsonb)`);
  return id;
}

/**
 * Turns undispatched outbox rows into one delivery per matching enabled endpoint (unique per event and endpoint) and
 * one durable job per delivery, all in one transaction: a crash leaves either all of it or the rows to take again.
 * `skip locked` lets several instances dispatch side by side. Answers how many events it took.
 */
export async function dispatchOutbox(db: Db, jobs: JobQueue, batch = 100): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows: events } = await tx.execute<{ id: string; type: string; endpointId: string | null }>(sql`
      select id, type, endpoint_id as "endpointId" from webhook_events
      where dispatched_at is null order by created_at limit ${batch} for update skip locked`);
    for (const event of events) {
      const target = event.endpointId
        ? sql`ep.id = ${event.endpointId}::uuid`
        : sql`${event.type} = any(ep.events)`;
      const { rows } = await tx.execute<{ id: string }>(sql`
        insert into webhook_deliveries (event_id, endpoint_id, retry_until)
        select ${event.id}, ep.id, now() + ${RETRY_WINDOW} from webhook_endpoints ep
        where ep.enabled and ${target}
        on conflict (event_id, endpoint_id) do nothing
        returning id`);
      for (const delivery of rows) await jobs.send(DELIVERY_JOB, { deliveryId: delivery.id }, { tx });
    }
    if (events.length)
      await tx.execute(sql`update webhook_events set dispatched_at = now()
        where id in (${sql.join(
          events.map((e) => sql`${e.id}`),
          sql`, `,
        )})`);
    return events.length;
  });
}
