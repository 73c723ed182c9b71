import { endpoints } from '../common/contract';
import type { NotificationsSchemas } from './notifications.contract';

/** Method and path of the staff-mail preference calls. No zod here: the browser imports this. */
export const notificationsCalls = endpoints<NotificationsSchemas>()({
  /** An admin's own staff-mail choice. */
  setting: { method: 'GET', path: '/notifications/{email}' },
  /** Turns the admin's own staff mail on or off. */
  update: { method: 'PUT', path: '/notifications/{email}' },
});
