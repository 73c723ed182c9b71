import { boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { user } from '../accounts/accounts.schema';
import { moment } from '../../db/columns';

/**
 * An admin's choice about staff mail (decision 034). No row means the default: an admin is mailed about orders,
 * quotes, stock and imports until they turn it off, so a new admin needs no backfill and no row per customer.
 */
export const staffNotificationSettings = pgTable('staff_notification_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  staffMail: boolean('staff_mail').notNull(),
  updatedAt: moment('updated_at').notNull().defaultNow(),
});
