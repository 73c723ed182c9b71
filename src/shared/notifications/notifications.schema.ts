import { z } from 'zod';

/** What the admin's toggle reads and writes (docs/decisions/034-staff-notifications.md). */
export const staffMailLabel = 'Email me about orders, quotes, stock and imports';

/** PUT /api/notifications/{email}: the admin's own choice; nothing else may be sent. */
export const staffMailUpdateSchema = z.strictObject({
  staffMail: z.boolean({ error: 'must be true or false' }),
});
export type StaffMailUpdate = z.infer<typeof staffMailUpdateSchema>;

/** GET and PUT /api/notifications/{email}. */
export const staffMailSettingSchema = z.object({
  email: z.string(),
  /** The admin's choice (on until they turn it off). */
  staffMail: z.boolean(),
  /** The address is in STAFF_EMAILS: it is mailed whatever the choice says. */
  listedInConfig: z.boolean(),
});
export type StaffMailSetting = z.infer<typeof staffMailSettingSchema>;
