import { dollarsToCents, formatCents } from '@shared/common/money';
const count = new Intl.NumberFormat('en-US');
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/**
 * A dollar field of the spec's contract (SPEC.md §7: a product's `price`, an order's `total`) for people:
 * 1249.5 → "$1,249.50", by the one money formatter. A `…Cents` field goes to formatCents directly.
 */
export const formatPrice = (dollars: number) => formatCents(dollarsToCents(dollars));
export const formatCount = (n: number) => count.format(n);
export const formatDate = (iso: string) => date.format(new Date(iso));
