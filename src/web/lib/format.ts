import { dollarsToCents, formatCents } from '@shared/common/money';
const count = new Intl.NumberFormat('en-US');
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
// The zone is named: a deadline read in another zone than the reader's would be off by hours.
const dateTime = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/**
 * A dollar field of the spec's contract (docs/spec.md §7: a product's `price`, an order's `total`) for people:
 * 1249.5 → "$1,249.50", by the one money formatter. A `…Cents` field goes to formatCents directly.
 */
export const formatPrice = (dollars: number) => formatCents(dollarsToCents(dollars));
export const formatCount = (n: number) => count.format(n);
export const formatDate = (iso: string) => date.format(new Date(iso));
const utcDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
/**
 * A publication date, the same for every reader: the server renders public pages in its own zone, and the browser
 * must render the same text to hydrate them ("December 7, 2026").
 */
export const formatPublished = (iso: string) => utcDate.format(new Date(iso));
/** A moment to the minute, in the reader's zone, named: "December 7, 2026 at 2:30 PM CST". */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
