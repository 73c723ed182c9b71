import type { FastifyPluginAsync } from 'fastify';
import { runPeriodically } from '../../infra/periodic';
import type { CreditDeps } from './credit.model';
import { sendAccountReminders } from './credit.reminders';
import { creditRoutes } from './credit.routes';
import { defineAccountRefundJob, settleAccountPayments } from './credit.settlement';
import { sweepIntervalMs } from '../orders/index';

/** How often the reminder sweep looks for account invoices to remind of. */
const REMINDER_SWEEP_MS = 15 * 60_000;

/** Paying on account: its routes and the reminder sweep (docs/decisions/041-paying-on-account.md). */
export const creditFeature: FastifyPluginAsync = async (app) => {
  const deps: CreditDeps = { orders: app.orderDeps, provider: app.payments, credit: app.config.credit };
  await app.register(creditRoutes, { deps });
  defineAccountRefundJob(app.jobs, deps);
  // Card payments of account invoices settle like checkouts: at start-up (a confirmation lost to a crash) and on
  // every sweep interval after.
  runPeriodically(app, sweepIntervalMs(app.config.orderExpiryMs), () =>
    settleAccountPayments(deps).then(
      (n) => {
        if (n) app.log.info({ settled: n }, 'settled account card payments');
      },
      (err: unknown) => app.log.error({ err }, 'account payment settlement sweep failed'),
    ),
  );
  runPeriodically(app, REMINDER_SWEEP_MS, () =>
    sendAccountReminders(deps).then(
      (n) => {
        if (n) app.log.info({ reminders: n }, 'queued account invoice reminders');
      },
      (err: unknown) => app.log.error({ err }, 'account reminder sweep failed'),
    ),
  );
};
