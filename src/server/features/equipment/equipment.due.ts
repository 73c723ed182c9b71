import { sql, type SQL } from 'drizzle-orm';
import type { DueService } from '@shared/equipment/equipment.schema';
import type { Db, Tx } from '../../infra/db';
import { serialRangeHolds } from './equipment.fit';

/**
 * When each service of a machine falls due. A plan item's next interval counts from its last recorded service (or
 * the install at 0 h): due at the earlier of "last hours + N h", reached at the machine's weekly running hours from
 * its last reading, and "last date + M months". The interval number is the count of services done + 1: it is what
 * a reminder is keyed by, so a recorded service starts a new interval and a new reminder.
 */

const DAY_MS = 86_400_000;

export interface DueFacts {
  runningHours: number;
  hoursPerWeek: number;
  hoursReadAt: Date;
  installedOn: string;
  everyHours: number | null;
  everyMonths: number | null;
  lastHours: number | null;
  lastDoneOn: string | null;
  servicesDone: number;
}

export function addMonths(day: string, months: number): Date {
  const d = new Date(`${day}T00:00:00.000Z`);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  // The same day of the month, or the month's last day (31 Jan + 1 month = 28/29 Feb).
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target;
}

/** The next due point of one plan item, or null when it can never fall due (hours only, machine never runs). */
export function nextDue(f: DueFacts): { intervalNo: number; dueOn: Date; dueAtHours: number | null } | null {
  const candidates: Date[] = [];
  let dueAtHours: number | null = null;
  if (f.everyHours !== null) {
    dueAtHours = (f.lastHours ?? 0) + f.everyHours;
    const toGo = dueAtHours - f.runningHours;
    if (toGo <= 0) candidates.push(f.hoursReadAt);
    else if (f.hoursPerWeek > 0)
      candidates.push(new Date(f.hoursReadAt.getTime() + Math.ceil((toGo / f.hoursPerWeek) * 7 * DAY_MS)));
  }
  if (f.everyMonths !== null) candidates.push(addMonths(f.lastDoneOn ?? f.installedOn, f.everyMonths));
  if (!candidates.length) return null;
  const dueOn = new Date(Math.min(...candidates.map((d) => d.getTime())));
  return { intervalNo: f.servicesDone + 1, dueOn, dueAtHours };
}

export interface DueRow extends DueService {
  machineId: string;
  registeredBy: string;
  dueDate: Date;
}

type Raw = {
  machine_id: string;
  registered_by: string;
  running_hours: number;
  hours_per_week: number;
  hours_read_at: string | Date;
  installed_on: string | Date;
  plan_item_id: string;
  every_hours: number | null;
  every_months: number | null;
  product_id: string;
  product_name: string;
  last_hours: number | null;
  last_done: string | Date | null;
  done: number | string;
};

const dayText = (v: string | Date) => (v instanceof Date ? v.toISOString().slice(0, 10) : v.slice(0, 10));

/** The plan items of the chosen machines (within each item's serial range) and when each is next due. */
export async function dueServices(db: Db | Tx, machineIds: SQL, now: Date): Promise<DueRow[]> {
  const rows = await db.execute<Raw>(sql`
    select m.id as machine_id, m.registered_by, m.running_hours, m.hours_per_week, m.hours_read_at, m.installed_on,
      i.id as plan_item_id, i.every_hours, i.every_months, i.product_id, p.name as product_name,
      s.at_hours as last_hours, s.done_on as last_done,
      (select count(*) from machine_services c where c.machine_id = m.id and c.plan_item_id = i.id) as done
    from machines m
    join service_plan_items i on i.model_id = m.model_id and ${serialRangeHolds(sql`i`)}
    join products p on p.id = i.product_id
    left join lateral (
      select ms.at_hours, ms.done_on from machine_services ms
      where ms.machine_id = m.id and ms.plan_item_id = i.id order by ms.created_at desc limit 1
    ) s on true
    where m.id in (${machineIds})
    order by m.id, i.id`);
  const out: DueRow[] = [];
  for (const r of rows.rows) {
    const due = nextDue({
      runningHours: Number(r.running_hours),
      hoursPerWeek: Number(r.hours_per_week),
      hoursReadAt: new Date(r.hours_read_at),
      installedOn: dayText(r.installed_on),
      everyHours: r.every_hours === null ? null : Number(r.every_hours),
      everyMonths: r.every_months === null ? null : Number(r.every_months),
      lastHours: r.last_hours === null ? null : Number(r.last_hours),
      lastDoneOn: r.last_done === null ? null : dayText(r.last_done),
      servicesDone: Number(r.done),
    });
    if (!due) continue;
    out.push({
      machineId: r.machine_id,
      registeredBy: r.registered_by,
      planItemId: r.plan_item_id,
      productId: r.product_id,
      productName: r.product_name,
      intervalNo: due.intervalNo,
      dueDate: due.dueOn,
      dueOn: due.dueOn.toISOString().slice(0, 10),
      dueAtHours: due.dueAtHours,
      overdue: due.dueOn.getTime() < now.getTime(),
    });
  }
  return out.sort((a, b) => a.dueDate.getTime() - b.dueDate.getTime());
}
