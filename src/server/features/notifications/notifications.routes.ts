import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationsContract as calls } from '@shared/notifications/notifications.contract';
import { contractRoute } from '../../http/contract-route';
import { currentUser } from '../../http/auth-guard';
import { getStaffMailSetting, setStaffMail } from './notifications.service';

const tags = ['notifications'];
const self = { param: 'email', message: 'You can only see and change your own notification settings.' };

/** An admin's own staff-mail preference (docs/decisions/034-staff-notifications.md). */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const { staffEmails } = app.config;

  app.route({
    ...contractRoute(calls.setting, {
      tags,
      summary: 'Whether this admin is mailed about orders, quotes, stock and imports (self, admin)',
      errors: [400, 401, 403, 404],
    }),
    config: { auth: 'admin', self },
    handler: async (req) => getStaffMailSetting(db, staffEmails, req.params.email),
  });

  app.route({
    ...contractRoute(calls.update, {
      tags,
      summary: 'Turn staff mail on or off for this admin (self, admin)',
      errors: [400, 401, 403],
    }),
    config: { auth: 'admin', self },
    handler: async (req) => setStaffMail(db, staffEmails, currentUser(req), req.body.staffMail),
  });
};
