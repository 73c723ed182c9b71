import fp from 'fastify-plugin';
import { registerQueueDepth } from '../../infra/metrics';
import { runPeriodically } from '../../infra/periodic';
import { defineSaleRefundJob } from './orders.refunds';
import { defineRefundJob, REFUND_JOB, sweepExpiredOrders } from './orders.service';

/**
 * How often abandoned orders are swept: at most 30 s late, and more often for a window that short (tests), never
 * more than once a second.
 */
export const sweepIntervalMs = (windowMs: number) =>
  Math.min(30_000, Math.max(1_000, Math.round(windowMs / 2)));

/**
 * The orders' background work. Abandoned unpaid orders give their stock back on time: swept once the app is ready
 * and every sweep interval after; every change is conditional, so several instances sweeping at once do no harm, and
 * an intent in flight is cancelled at the provider first. Between sweeps, reads and payments already treat an order
 * past its window as expired. Refunds the provider could not make at once are retried by the refund job.
 */
export const orderJobsPlugin = fp(
  async (app) => {
    const deps = app.orderDeps;
    defineRefundJob(app.jobs, deps);
    defineSaleRefundJob(app.jobs, deps);
    registerQueueDepth(app, REFUND_JOB, async () => (await app.jobs.depth())[REFUND_JOB]?.pending ?? 0);
    const sweep = () =>
      sweepExpiredOrders(deps).then(
        async (n) => {
          if (!n) return;
          app.log.info({ expired: n }, 'expired unpaid orders');
          // Released stock changes what the catalogue shows, here and on every other instance.
          await app.readCache.changed('catalogue');
        },
        (err: unknown) => app.log.error({ err }, 'order expiry sweep failed'),
      );
    runPeriodically(app, sweepIntervalMs(app.config.orderExpiryMs), sweep);
  },
  {
    name: 'order-expiry',
    dependencies: ['config', 'read-cache', 'jobs', 'metrics', 'order-deps'],
  },
);
