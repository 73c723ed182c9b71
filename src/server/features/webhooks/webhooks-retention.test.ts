// Webhook events' retention sweep, on a fake clock (EVENT_RETENTION_DAYS, docs/decisions/061-webhooks.md).
import { inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import { retentionCutoff } from '../../infra/retention';
import { createTestApp, type TestApp } from '../../test/helper';
import { pruneWebhookEvents } from './webhooks.retention';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' });
}, 180_000);
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const DAY = 86_400_000;
const sweep = () => pruneWebhookEvents(t.app.database.db, retentionCutoff(t.app.config.eventRetentionDays));
const at = (ms: number) => {
  // Only Date: the database and the app's timers keep running.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
};

describe('webhook event retention', () => {
  it('after the retention deletes finished events with their deliveries and tries, keeping unfinished ones', async () => {
    const db = t.app.database.db;
    // Disabled: the running dispatcher leaves these hand-made rows alone.
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({ url: 'https://hooks.example/in', events: ['order.created'], enabled: false, secretEnc: 'x' })
      .returning();
    const event = (id: string, dispatched: boolean) => ({
      id,
      type: 'order.created',
      payload: { id },
      dispatchedAt: dispatched ? new Date() : null,
    });
    const tag = Date.now().toString(36);
    const ids = ['delivered', 'failed', 'pending', 'undispatched', 'unheard'].map((k) => `evt_${k}_${tag}`);
    const [delivered, failed, pending, undispatched, unheard] = ids as [
      string,
      string,
      string,
      string,
      string,
    ];
    await db
      .insert(webhookEvents)
      .values([
        event(delivered, true),
        event(failed, true),
        event(pending, true),
        event(undispatched, false),
        event(unheard, true),
      ]);
    const retryUntil = new Date(Date.now() + DAY);
    const deliveries = await db
      .insert(webhookDeliveries)
      .values(
        (
          [
            [delivered, 'delivered'],
            [failed, 'failed'],
            [pending, 'pending'],
          ] as const
        ).map(([eventId, status]) => ({ eventId, endpointId: endpoint!.id, status, retryUntil })),
      )
      .returning();
    await db.insert(webhookAttempts).values({ deliveryId: deliveries[0]!.id, status: 200, durationMs: 12 });
    const left = async () =>
      (await db.select({ id: webhookEvents.id }).from(webhookEvents).where(inArray(webhookEvents.id, ids)))
        .map((r) => r.id)
        .sort();

    expect(await sweep()).toBe(0);
    at(89 * DAY);
    expect(await sweep()).toBe(0);
    expect(await left()).toHaveLength(5);

    at(91 * DAY);
    expect(await sweep()).toBe(3);
    expect(await left()).toEqual([pending, undispatched].sort());
    const kept = await db
      .select({ eventId: webhookDeliveries.eventId })
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.eventId, ids));
    expect(kept).toEqual([{ eventId: pending }]);
    expect(
      await db
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.deliveryId, [deliveries[0]!.id])),
    ).toEqual([]);
    expect(await sweep()).toBe(0);
  });
});
