/**
 * Working days for the approval window (docs/decisions/054-approval-window.md): Monday to Friday, counted in UTC, no
 * public holidays. Shared so the server's deadline and what the pages say come from one rule.
 */

const DAY_MS = 86_400_000;

/** Saturday and Sunday (UTC) are not working days. */
export const isWorkingDay = (d: Date) => d.getUTCDay() !== 0 && d.getUTCDay() !== 6;

/**
 * `from` moved forward by `days` working days, at the same time of day: Monday 10:00 + 3 is Thursday 10:00, Friday
 * 10:00 + 1 is Monday 10:00, and a start on a weekend counts from Monday (Saturday 10:00 + 1 is Monday 10:00).
 */
export function addWorkingDays(from: Date, days: number): Date {
  if (!Number.isInteger(days) || days < 0)
    throw new RangeError(`days must be a whole number ≥ 0, not ${days}`);
  let at = from.getTime();
  for (let left = days; left > 0;) {
    at += DAY_MS;
    if (isWorkingDay(new Date(at))) left--;
  }
  return new Date(at);
}

/** The UTC calendar day of `d`, as YYYY-MM-DD. */
export const utcDay = (d: Date) => d.toISOString().slice(0, 10);

const deadline = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
});

/** A deadline as mails and pages show it, in UTC as the working days are counted: "Thu, Dec 10, 2026, 3:35 PM UTC". */
export const formatDeadline = (d: Date | string | number) => `${deadline.format(new Date(d))} UTC`;
