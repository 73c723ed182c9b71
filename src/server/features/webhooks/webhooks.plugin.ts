import type { FastifyPluginAsync } from 'fastify';
import { runPeriodically } from '../../infra/periodic';
import { runRetention } from '../../infra/retention';
import { authSecret } from '../../infra/secret';
import { secretBox } from './webhooks.crypto';
import { deliver, type WebhookDeps } from './webhooks.delivery';
import { DELIVERY_JOB, dispatchOutbox } from './webhooks.outbox';
import { pruneWebhookEvents } from './webhooks.retention';
import { webhooksRoutes } from './webhooks.routes';

/**
 * Webhooks (decision 061): the outbox dispatcher (a short periodic sweep), the delivery job (one try each; the
 * handler schedules the next one itself, so the backoff and the 24-hour window are the shop's, not pg-boss's) and
 * the admin routes.
 */
export const webhooksFeature: FastifyPluginAsync = async (app) => {
  const deps: WebhookDeps = {
    db: app.database.db,
    jobs: app.jobs,
    post: app.postOutbound,
    box: secretBox(authSecret(app.config)),
    settings: app.config.webhooks,
    staff: {
      mailer: app.mailer,
      shopName: app.config.shop.name,
      baseUrl: app.config.baseUrl,
      staffEmails: app.config.staffEmails,
    },
    log: app.log,
  };
  // pg-boss's own retries only cover a try that crashed before recording its outcome (the database was away).
  app.jobs.define<{ deliveryId: string }>(
    DELIVERY_JOB,
    { retryLimit: 5, retryDelaySeconds: 10, expireInSeconds: 120 },
    ({ deliveryId }) => deliver(deps, deliveryId),
  );
  let running = false;
  runPeriodically(app, app.config.webhooks.dispatchMs, async () => {
    if (running) return;
    running = true;
    try {
      // Drains the outbox: a full batch means more may be waiting.
      while ((await dispatchOutbox(deps.db, deps.jobs)) === 100);
    } catch (err) {
      app.log.warn({ err }, 'webhook dispatch failed; trying again on the next sweep');
    } finally {
      running = false;
    }
  });
  runRetention(app, 'webhook events', (cutoff) => pruneWebhookEvents(deps.db, cutoff));
  await app.register(webhooksRoutes, { deps });
};
