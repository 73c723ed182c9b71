// The shop's calendar days (validUntil, wantedBy) are UTC days: read and shown in UTC, they never shift by one.
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** "2026-12-01" → "December 1, 2026". */
export const formatDay = (isoDay: string) => day.format(new Date(`${isoDay.slice(0, 10)}T00:00:00Z`));

/** Today plus `days`, as YYYY-MM-DD (UTC), for a date input's value or min. */
export const dayFromToday = (days = 0) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
