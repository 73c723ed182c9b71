import { and, eq, inArray, isNotNull, lt, notExists } from 'drizzle-orm';
import { webhookDeliveries, webhookEvents } from '../../db/schema';
import type { Db } from '../../infra/db';
import { RETENTION_BATCH } from '../../infra/retention';

/**
 * Deletes up to a batch of events written before `cutoff` that are finished: dispatched, and no delivery of theirs
 * still pending (each was delivered, or failed for its whole retry window). Their deliveries and tries go with them
 * (foreign keys cascade), so the log of an endpoint reaches back EVENT_RETENTION_DAYS. Answers how many went.
 */
export async function pruneWebhookEvents(db: Db, cutoff: Date): Promise<number> {
  const finished = db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(
      and(
        lt(webhookEvents.createdAt, cutoff),
        isNotNull(webhookEvents.dispatchedAt),
        notExists(
          db
            .select({ one: webhookDeliveries.id })
            .from(webhookDeliveries)
            .where(
              and(eq(webhookDeliveries.eventId, webhookEvents.id), eq(webhookDeliveries.status, 'pending')),
            ),
        ),
      ),
    )
    .orderBy(webhookEvents.createdAt)
    .limit(RETENTION_BATCH);
  const gone = await db
    .delete(webhookEvents)
    .where(inArray(webhookEvents.id, finished))
    .returning({ id: webhookEvents.id });
  return gone.length;
}
