import { sql } from 'drizzle-orm';
import { paths } from '@shared/common/web-paths';
import type { FastifyBaseLogger } from 'fastify';
import type { WebhookSettings } from '../../infra/config-webhooks';
import type { Db, Tx } from '../../infra/db';
import type { JobQueue } from '../../infra/jobs';
import { OutboundError, type OutboundPoster } from '../../infra/outbound';
import { notifyStaff, type StaffMail } from '../notifications/index';
import { signatureHeader, type SecretBox } from './webhooks.crypto';
import { DELIVERY_JOB, RETRY_WINDOW } from './webhooks.outbox';

export interface WebhookDeps {
  db: Db;
  jobs: JobQueue;
  post: OutboundPoster;
  box: SecretBox;
  settings: WebhookSettings;
  staff: StaffMail;
  log: FastifyBaseLogger;
}

type DeliveryRow = {
  id: string;
  eventId: string;
  status: string;
  attempts: number;
  payload: unknown;
  endpointId: string;
  url: string;
  enabled: boolean;
  secretEnc: string;
  previousSecretEnc: string | null;
};

/** The longest wait between two tries: past it, a failing endpoint is tried hourly until the window closes. */
const MAX_DELAY_SECONDS = 3600;

/**
 * One try of one delivery (the job's work): POSTs the event signed per Standard Webhooks and records the outcome.
 * A delivered or given-up delivery is left alone, so a job handed out twice after a crash sends at most once more,
 * with the same `webhook-id`.
 */
export async function deliver(deps: WebhookDeps, deliveryId: string): Promise<void> {
  const { rows } = await deps.db.execute<DeliveryRow>(sql`
    select d.id, d.event_id as "eventId", d.status, d.attempts, e.payload, ep.id as "endpointId", ep.url,
      ep.enabled, ep.secret_enc as "secretEnc",
      case when ep.previous_secret_expires_at > now() then ep.previous_secret_enc end as "previousSecretEnc"
    from webhook_deliveries d
    join webhook_events e on e.id = d.event_id
    join webhook_endpoints ep on ep.id = d.endpoint_id
    where d.id = ${deliveryId}::uuid`);
  const row = rows[0];
  if (!row || row.status !== 'pending') return;
  if (!row.enabled) {
    await deps.db.execute(sql`update webhook_deliveries set status = 'failed', next_attempt_at = null
      where id = ${row.id}::uuid and status = 'pending'`);
    return;
  }
  const body = typeof row.payload === 'string' ? row.payload : JSON.stringify(row.payload);
  const secrets = [row.secretEnc, ...(row.previousSecretEnc ? [row.previousSecretEnc] : [])].map(
    deps.box.open,
  );
  const at = new Date();
  const started = performance.now();
  let status: number | null = null;
  let error: string | null = null;
  try {
    const answer = await deps.post({
      url: row.url,
      body,
      timeoutMs: deps.settings.timeoutMs,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Toolhouse-Webhooks/1',
        'webhook-id': row.eventId,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signatureHeader(secrets, row.eventId, at, body),
      },
    });
    status = answer.status;
    if (status < 200 || status > 299) error = `answered ${status}`;
  } catch (err) {
    if (!(err instanceof OutboundError)) throw err;
    error = err.message;
  }
  const durationMs = Math.round(performance.now() - started);
  await deps.db.transaction((tx) => recordTry(tx, deps, row, { status, error, durationMs }));
}

async function recordTry(
  tx: Tx,
  deps: WebhookDeps,
  row: DeliveryRow,
  t: { status: number | null; error: string | null; durationMs: number },
) {
  // The endpoint first, as deleting it locks it before its deliveries: the same order never deadlocks. Deleted
  // meanwhile: nothing is left to record.
  const endpoint = await tx.execute(
    sql`select id from webhook_endpoints where id = ${row.endpointId}::uuid for no key update`,
  );
  if (!endpoint.rows.length) return;
  // Only the try that saw the delivery as it is now records (a second copy of the job after a crash does not).
  const claimed = await tx.execute(sql`
    update webhook_deliveries set attempts = attempts + 1
    where id = ${row.id}::uuid and status = 'pending' and attempts = ${row.attempts} returning id`);
  await tx.execute(sql`insert into webhook_attempts (delivery_id, status, error, duration_ms)
    values (${row.id}::uuid, ${t.status}, ${t.error}, ${t.durationMs})`);
  if (!claimed.rows.length) return;
  if (!t.error) {
    await tx.execute(sql`update webhook_deliveries set status = 'delivered', delivered_at = now(),
      next_attempt_at = null where id = ${row.id}::uuid`);
    await tx.execute(
      sql`update webhook_endpoints set failing_since = null where id = ${row.endpointId}::uuid`,
    );
    return;
  }
  const { rows } = await tx.execute<{ expired: boolean; pastWindow: boolean }>(sql`
    update webhook_endpoints ep set failing_since = coalesce(ep.failing_since, now())
    from webhook_deliveries d where ep.id = ${row.endpointId}::uuid and d.id = ${row.id}::uuid
    returning coalesce(ep.failing_since, now()) <= now() - ${RETRY_WINDOW} as expired,
      d.retry_until <= now() as "pastWindow"`);
  const expired = rows[0]?.expired ?? false;
  if (expired) await disableEndpoint(tx, deps, row);
  if (expired || rows[0]?.pastWindow) {
    await tx.execute(sql`update webhook_deliveries set status = 'failed', next_attempt_at = null
      where id = ${row.id}::uuid`);
    return;
  }
  // Exponential backoff (with a little jitter so many deliveries to one receiver that came back do not all retry
  // in the same second), capped at an hour.
  const base = Math.min(deps.settings.retrySeconds * 2 ** row.attempts, MAX_DELAY_SECONDS);
  const delay = Math.ceil(base * (1 + Math.random() * 0.1));
  await tx.execute(sql`update webhook_deliveries
    set next_attempt_at = now() + ${delay} * interval '1 second' where id = ${row.id}::uuid`);
  await deps.jobs.send(DELIVERY_JOB, { deliveryId: row.id }, { tx, startAfterSeconds: delay });
}

/** 24 hours of failures: the endpoint stops receiving, and the admins hear of it in the same transaction. */
async function disableEndpoint(tx: Tx, deps: WebhookDeps, row: DeliveryRow) {
  const { rows } = await tx.execute(sql`
    update webhook_endpoints set enabled = false, updated_at = now(),
      disabled_reason = 'Every delivery failed for 24 hours'
    where id = ${row.endpointId}::uuid and enabled returning id`);
  if (!rows.length) return;
  deps.log.warn({ endpoint: row.endpointId }, 'webhook endpoint disabled after failing for 24 hours');
  await notifyStaff(tx, deps.staff, {
    subject: 'A webhook endpoint was disabled',
    paragraphs: [
      `Every delivery to ${row.url} has failed for 24 hours, so the shop stopped sending events to it.`,
      'Check the delivery log, fix the receiver, then enable the endpoint again.',
    ],
    action: { label: 'Open webhooks', url: `${deps.staff.baseUrl}${paths.webhooksAdmin}` },
  });
}
