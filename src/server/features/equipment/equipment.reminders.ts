import { sql } from 'drizzle-orm';
import { paths } from '@shared/common/web-paths';
import { serviceReminders, user } from '../../db/schema';
import { composeMail, type Mailer } from '../../infra/mail';
import type { Db } from '../../infra/db';
import { dueServices, type DueRow } from './equipment.due';

/**
 * Service on time (docs/decisions/064-equipment.md): a periodic sweep over every machine finds the services due
 * within the lead window and mails the buyer who registered it, once per machine, plan item and interval. The
 * reminder row is inserted in the transaction that queues the mail: a restart, a second pass or a second instance
 * finds it and sends nothing.
 */

export interface ReminderDeps {
  db: Db;
  mailer: Mailer;
  shopName: string;
  baseUrl: string;
  leadDays: number;
}

/** Machines read per batch of the sweep (keyset by id). */
const BATCH = 200;
const DAY_MS = 86_400_000;

export async function sendServiceReminders(deps: ReminderDeps, now = new Date()): Promise<number> {
  const horizon = now.getTime() + deps.leadDays * DAY_MS;
  let after = '00000000-0000-0000-0000-000000000000';
  let mailed = 0;
  for (;;) {
    const ids = await deps.db.execute<{ id: string }>(
      sql`select id from machines where id > ${after}::uuid order by id limit ${BATCH}`,
    );
    if (!ids.rows.length) return mailed;
    after = ids.rows.at(-1)!.id;
    const list = sql.join(
      ids.rows.map((r) => sql`${r.id}::uuid`),
      sql`, `,
    );
    const due = (await dueServices(deps.db, list, now)).filter((d) => d.dueDate.getTime() <= horizon);
    const byMachine = new Map<string, DueRow[]>();
    for (const d of due) byMachine.set(d.machineId, [...(byMachine.get(d.machineId) ?? []), d]);
    for (const [machineId, items] of byMachine) {
      if (await remindOnce(deps, machineId, items)) mailed++;
    }
  }
}

/** Claims each item's reminder row; mails the ones this call claimed (none: another pass already did). */
async function remindOnce(deps: ReminderDeps, machineId: string, items: DueRow[]): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const claimed: DueRow[] = [];
    for (const it of items) {
      const [row] = await tx
        .insert(serviceReminders)
        .values({ machineId, planItemId: it.planItemId, intervalNo: it.intervalNo })
        .onConflictDoNothing()
        .returning();
      if (row) claimed.push(it);
    }
    if (!claimed.length) return false;
    const [to] = await tx
      .select({ name: user.name, email: user.email })
      .from(user)
      .where(sql`${user.id} = ${items[0]!.registeredBy}`);
    if (!to) return false;
    const machine = await tx.execute<{ label: string }>(
      sql`select em.name || ' #' || m.serial as label from machines m join equipment_models em on em.id = m.model_id where m.id = ${machineId}::uuid`,
    );
    const label = machine.rows[0]?.label ?? 'your machine';
    const link = `${deps.baseUrl}${paths.machineKit(machineId)}?items=${claimed.map((c) => c.planItemId).join(',')}`;
    const mail = composeMail(deps.shopName, {
      to: to.email,
      subject: `Service due soon for your ${label}`,
      greeting: `Hello ${to.name},`,
      paragraphs: [
        `Your ${label} is due for service:`,
        ...claimed.map(
          (c) =>
            `${c.productName}: due ${c.dueOn}${c.dueAtHours !== null ? ` or at ${c.dueAtHours.toLocaleString('en-US')} running hours` : ''}.`,
        ),
        'The link below puts the kit in your cart, ready to order.',
      ],
      action: { label: 'Put the kit in my cart', url: link },
    });
    await deps.mailer.send(mail, { tx });
    return true;
  });
}
