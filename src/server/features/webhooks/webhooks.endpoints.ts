import { isIP } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import type { Paged } from '@shared/common/paging.schema';
import type {
  WebhookCreated,
  WebhookEndpoint,
  WebhookInput,
  WebhookPageQuery,
  WebhookUpdate,
} from '@shared/webhooks/webhooks.schema';
import { webhookEndpoints } from '../../db/schema';
import type { Db } from '../../infra/db';
import { AppError, fieldError, notFound } from '../../infra/errors';
import { afterCursor, cutPage, keyText, orderBySort, type KeysetSort } from '../../infra/keyset';
import { isPublicAddress } from '../../infra/remote-file';
import { newSigningSecret, type SecretBox } from './webhooks.crypto';
import { recordTestEvent } from './webhooks.outbox';

/** What the endpoint services need: the database, the secret box and whether private URLs are allowed. */
export interface EndpointDeps {
  db: Db;
  box: SecretBox;
  allowPrivate: boolean;
}

type Row = typeof webhookEndpoints.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toEndpoint = (r: Row): WebhookEndpoint => ({
  id: r.id,
  url: r.url,
  description: r.description,
  events: r.events,
  enabled: r.enabled,
  disabledReason: r.disabledReason,
  failingSince: iso(r.failingSince),
  previousSecretExpiresAt:
    r.previousSecretExpiresAt && r.previousSecretExpiresAt > new Date()
      ? iso(r.previousSecretExpiresAt)
      : null,
  createdAt: r.createdAt.toISOString(),
});

/**
 * The URL as saved: https (or http with OUTBOUND_ALLOW_PRIVATE), and not a loopback, private or link-local address
 * written out. A name is checked again, against every address it resolves to, on each connection (postOutbound).
 */
export function checkUrl(raw: string, allowPrivate: boolean): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw fieldError('bad_request', 'url', 'must be a valid URL, like https://erp.example.com/hooks');
  }
  if (url.username || url.password)
    throw fieldError('bad_request', 'url', 'must not carry a user name or password');
  if (allowPrivate) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw fieldError('bad_request', 'url', 'must be an http or https URL');
    return url.toString();
  }
  if (url.protocol !== 'https:') throw fieldError('bad_request', 'url', 'must be an https URL');
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const local = host === 'localhost' || /\.(localhost|local|internal|home\.arpa)$/.test(host);
  if (local || (isIP(host) && !isPublicAddress(host)))
    throw fieldError('bad_request', 'url', 'points to a private or local network address, which is refused');
  return url.toString();
}

async function load(db: Db, id: string): Promise<Row> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row) throw notFound('Webhook endpoint');
  return row;
}

export const getEndpoint = async (db: Db, id: string) => toEndpoint(await load(db, id));

export async function createEndpoint(deps: EndpointDeps, input: WebhookInput): Promise<WebhookCreated> {
  const url = checkUrl(input.url, deps.allowPrivate);
  const secret = newSigningSecret();
  const [row] = await deps.db
    .insert(webhookEndpoints)
    .values({
      url,
      description: input.description ?? '',
      events: input.events,
      enabled: input.enabled ?? true,
      secretEnc: deps.box.seal(secret),
    })
    .returning();
  return { ...toEndpoint(row!), secret };
}

export async function updateEndpoint(deps: EndpointDeps, id: string, input: WebhookUpdate) {
  await load(deps.db, id);
  const [row] = await deps.db
    .update(webhookEndpoints)
    .set({
      ...(input.url !== undefined && { url: checkUrl(input.url, deps.allowPrivate) }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.events !== undefined && { events: input.events }),
      // Enabling again starts a fresh failing streak; disabling by hand says nothing about failures.
      ...(input.enabled !== undefined && {
        enabled: input.enabled,
        disabledReason: null,
        failingSince: null,
      }),
      updatedAt: new Date(),
    })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return toEndpoint(row!);
}

export async function deleteEndpoint(db: Db, id: string) {
  const rows = await db
    .delete(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  if (!rows.length) throw notFound('Webhook endpoint');
  return { acknowledged: true as const };
}

/** A new secret; the current one moves to "previous" and keeps signing for 24 hours, so receivers can switch. */
export async function rotateSecret(deps: EndpointDeps, id: string): Promise<WebhookCreated> {
  const current = await load(deps.db, id);
  const secret = newSigningSecret();
  const [row] = await deps.db
    .update(webhookEndpoints)
    .set({
      secretEnc: deps.box.seal(secret),
      previousSecretEnc: current.secretEnc,
      previousSecretExpiresAt: sql`now() + interval '24 hours'`,
      updatedAt: new Date(),
    })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.secretEnc, current.secretEnc)))
    .returning();
  if (!row) throw new AppError('conflict', 'The secret was rotated meanwhile; reload and try again.');
  return { ...toEndpoint(row), secret };
}

export async function sendTest(db: Db, id: string) {
  const row = await load(db, id);
  if (!row.enabled)
    throw new AppError('conflict', 'This endpoint is disabled: enable it before sending a test.');
  return { eventId: await recordTestEvent(db, id) };
}

const newest: KeysetSort = {
  name: 'newest',
  key: sql`${webhookEndpoints.createdAt}`,
  dir: 'desc',
  id: sql`${webhookEndpoints.id}`,
  idType: 'uuid',
  type: 'timestamptz',
};

export async function listEndpoints(db: Db, q: WebhookPageQuery): Promise<Paged<WebhookEndpoint>> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        row: webhookEndpoints,
        cursorKey: keyText(newest),
        cursorId: sql<string>`${webhookEndpoints.id}::text`,
      })
      .from(webhookEndpoints)
      .where(q.cursor ? afterCursor(newest, q.cursor) : undefined)
      .orderBy(orderBySort(newest))
      .limit(q.limit + 1),
    db.select({ n: sql<number>`count(*)::int` }).from(webhookEndpoints),
  ]);
  const cut = cutPage(newest, rows, q.limit);
  return {
    items: cut.rows.map((r) => toEndpoint(r.row)),
    nextCursor: cut.nextCursor,
    total: counted?.n ?? 0,
  };
}
