import type { CallSchemas } from '../common/contract';
import { defineContract } from '../common/contract';
import { emailParamsSchema } from '../accounts/accounts.schema';
import { notificationsCalls } from './notifications.calls';
import { staffMailSettingSchema, staffMailUpdateSchema } from './notifications.schema';

const notificationsSchemas = {
  setting: { params: emailParamsSchema, response: staffMailSettingSchema },
  update: { params: emailParamsSchema, body: staffMailUpdateSchema, response: staffMailSettingSchema },
} satisfies Record<string, CallSchemas>;
export type NotificationsSchemas = typeof notificationsSchemas;

/** The staff-mail preference calls with their schemas. */
export const notificationsContract = defineContract(notificationsCalls, notificationsSchemas);
