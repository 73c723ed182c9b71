import { sql } from 'drizzle-orm';
import type { StaffMailSetting } from '@shared/notifications/notifications.schema';
import { staffNotificationSettings } from '../../db/schema';
import type { Db, Tx } from '../../infra/db';
import { composeMail, type Mailer } from '../../infra/mail';
import { notFound } from '../../infra/errors';

/**
 * How staff mail goes out: the mail queue, the shop's name and address for links, and STAFF_EMAILS. Order and
 * catalogue deps carry these same fields, so they are passed as they are.
 */
export interface StaffMail {
  mailer: Mailer;
  shopName: string;
  baseUrl: string;
  staffEmails: readonly string[];
}

/** One event staff hear of: what happened and the admin page where they act on it. */
export interface StaffNotice {
  subject: string;
  paragraphs: string[];
  action: { label: string; url: string };
}

// Built once: a formatter is costly to create. The same format as the customers' mails.

/**
 * STAFF_EMAILS and every admin who has not turned staff mail off (no row is "on"), each address once whatever its
 * case. Read in the caller's transaction, so a change and the list it mails agree.
 */
export async function staffRecipients(tx: Tx | Db, staffEmails: readonly string[]): Promise<string[]> {
  const { rows } = await tx.execute<{ email: string }>(sql`
    select u.email from "user" u
    left join staff_notification_settings s on s.user_id = u.id
    where u.role = 'admin' and coalesce(s.staff_mail, true) and not coalesce(u.banned, false)
    order by u.email`);
  const byKey = new Map<string, string>();
  for (const email of [...staffEmails, ...rows.map((r) => r.email)])
    if (!byKey.has(email.toLowerCase())) byKey.set(email.toLowerCase(), email);
  return [...byKey.values()];
}

/**
 * Queues one mail per staff recipient in the caller's transaction: the change and its notice commit together or
 * not at all, and since only the committing instance stores them, several instances still send one mail per event.
 * One mail each rather than one with every address: recipients do not learn each other's addresses.
 */
export async function notifyStaff(tx: Tx | Db, staff: StaffMail, notice: StaffNotice): Promise<number> {
  const to = await staffRecipients(tx, staff.staffEmails);
  for (const address of to)
    await staff.mailer.send(composeMail(staff.shopName, { to: address, greeting: 'Hello,', ...notice }), {
      tx,
    });
  return to.length;
}

/** The admin's own choice; `listedInConfig` tells them when STAFF_EMAILS mails them anyway. */
export async function getStaffMailSetting(
  db: Db,
  staffEmails: readonly string[],
  email: string,
): Promise<StaffMailSetting> {
  const { rows } = await db.execute<{ email: string; staffMail: boolean | null }>(sql`
    select u.email, s.staff_mail as "staffMail" from "user" u
    left join staff_notification_settings s on s.user_id = u.id
    where lower(u.email) = lower(${email})`);
  const row = rows[0];
  if (!row) throw notFound('User');
  return {
    email: row.email,
    staffMail: row.staffMail ?? true,
    listedInConfig: staffEmails.some((a) => a.toLowerCase() === row.email.toLowerCase()),
  };
}

/** Stores the admin's choice (idempotent). */
export async function setStaffMail(
  db: Db,
  staffEmails: readonly string[],
  user: { id: string; email: string },
  staffMail: boolean,
): Promise<StaffMailSetting> {
  await db
    .insert(staffNotificationSettings)
    .values({ userId: user.id, staffMail })
    .onConflictDoUpdate({
      target: staffNotificationSettings.userId,
      set: { staffMail, updatedAt: new Date() },
    });
  return getStaffMailSetting(db, staffEmails, user.email);
}
