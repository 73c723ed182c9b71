/**
 * The notifications feature's public face: staff mail (STAFF_EMAILS and the admins who opted in) that other
 * features queue in their own transactions, and the admins' preference routes.
 */
export { notifyStaff, staffRecipients, type StaffMail, type StaffNotice } from './notifications.service';
export { notificationsRoutes } from './notifications.routes';
