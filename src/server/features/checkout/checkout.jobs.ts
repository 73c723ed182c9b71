import fp from 'fastify-plugin';
import { runPeriodically } from '../../infra/periodic';
import { sweepIntervalMs } from '../orders/index';
import { settleCheckoutsWithIntents } from './checkout.close';
import { expireApprovals, remindApprovers } from './approvals.sweep';
import { releaseApprovalHolds } from './approvals.stock';

/**
 * Checkouts past their window whose payment started are settled at the provider, as the orders' sweep does for
 * single orders (and on the same schedule): paid when the payment went through, expired otherwise. A checkout that
 * never started one expires with the other unpaid lines in the orders' sweep.
 */
export const checkoutJobsPlugin = fp(
  async (app) => {
    const deps = app.orderDeps;
    const sweep = () =>
      settleCheckoutsWithIntents(deps).then(
        async (n) => {
          if (!n) return;
          app.log.info({ settled: n }, 'settled checkouts past their window');
          await app.readCache.changed('catalogue');
        },
        (err: unknown) => app.log.error({ err }, 'checkout settling sweep failed'),
      );
    runPeriodically(app, sweepIntervalMs(app.config.orderExpiryMs), sweep);
    // Approvals on the same schedule: both queries are served by the partial index of awaiting checkouts.
    const approvals = async () => {
      try {
        const released = await releaseApprovalHolds(deps);
        const expired = await expireApprovals(deps);
        const reminded = await remindApprovers(deps);
        if (released || expired || reminded) app.log.info({ released, expired, reminded }, 'approval sweep');
        if (released || expired) await app.readCache.changed('catalogue');
      } catch (err) {
        app.log.error({ err }, 'approval sweep failed');
      }
    };
    runPeriodically(app, sweepIntervalMs(app.config.orderExpiryMs), approvals);
  },
  { name: 'checkout-expiry', dependencies: ['config', 'read-cache', 'order-deps'] },
);
