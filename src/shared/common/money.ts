/**
 * Money, one way (docs/decisions/050-one-money-type.md): integer cents everywhere inside the shop; dollars only at
 * the spec's contract edge (docs/spec.md §7) and in what people read or type. This is the only module that multiplies or
 * divides by 100 (eslint.config.js forbids it elsewhere), so a float never carries money through a calculation.
 */

/** A whole number of US cents. A plain number (not branded) so the columns, contracts and rules adopt it as they are. */
export type Cents = number;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** The one formatter of money for people (mail, PDF, audit text, the web): 123450 → "$1,234.50", -500 → "-$5.00". */
export const formatCents = (cents: Cents): string => (Number.isFinite(cents) ? usd.format(cents / 100) : '');

/**
 * Cents → the dollars of the spec's contract: exact for every whole number of cents (a division by 100 is correctly
 * rounded, so 1999 → 19.99 is the nearest double to 19.99, the same number `19.99` parses to).
 */
export const centsToDollars = (cents: Cents): number => cents / 100;

/**
 * Dollars of the spec's contract → cents. The one rounding, on the cents side: 19.99 * 100 is 1998.9999999999998,
 * and Math.round brings it back to 1999. Dollars with more than 2 decimals round to the nearest cent; a schema that
 * must refuse them uses `hasAtMostTwoDecimals` first.
 */
export const dollarsToCents = (dollars: number): Cents => Math.round(dollars * 100);

/** Whether a dollar amount of the API is a whole number of cents (19.99 yes, 19.999 no), without float drift. */
export const hasAtMostTwoDecimals = (dollars: number): boolean =>
  Number.isFinite(dollars) && Math.abs(dollarsToCents(dollars) - dollars * 100) < 1e-6;

/** A dollar amount with exactly two decimals and no symbol or separators, as a form input or a CSV cell holds it. */
export const centsToDollarText = (cents: Cents): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** Basis points → percent (1250 → 12.5), for rates the API shows as percentages. */
export const basisPointsToPercent = (bp: number): number => bp / 100;

/** Percent → basis points (12.5 → 1250), rounded to a whole basis point. */
export const percentToBasisPoints = (percent: number): number => Math.round(percent * 100);

/** `part` as a whole percentage of `whole` (a progress bar's 0–100), 0 when there is no whole. */
export const percentOf = (part: number, whole: number): number =>
  whole ? Math.round((part * 100) / whole) : 0;
