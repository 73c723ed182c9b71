import type { FastifyPluginAsync } from 'fastify';
import { runPeriodically } from '../../infra/periodic';
import { equipmentAdminRoutes } from './equipment.admin-routes';
import { equipmentProofRoutes } from './equipment.proof-routes';
import { sendServiceReminders, type ReminderDeps } from './equipment.reminders';
import { equipmentRoutes } from './equipment.routes';
import { equipmentSearchRoutes } from './equipment.search';

/** How often the service reminder sweep runs: reminders go days ahead, so a quarter of an hour is on time. */
const REMINDER_SWEEP_MS = 15 * 60_000;

/** My equipment (docs/decisions/064-equipment.md): its routes and the service reminder sweep. */
export const equipmentFeature: FastifyPluginAsync = async (app) => {
  await app.register(equipmentRoutes);
  await app.register(equipmentAdminRoutes);
  await app.register(equipmentSearchRoutes);
  await app.register(equipmentProofRoutes);
  const deps: ReminderDeps = {
    db: app.database.db,
    mailer: app.mailer,
    shopName: app.config.shop.name,
    baseUrl: app.config.baseUrl,
    leadDays: app.config.serviceLeadDays,
  };
  runPeriodically(app, REMINDER_SWEEP_MS, () =>
    sendServiceReminders(deps).then(
      (n) => {
        if (n) app.log.info({ reminders: n }, 'queued service reminders');
      },
      (err: unknown) => app.log.error({ err }, 'service reminder sweep failed'),
    ),
  );
};
