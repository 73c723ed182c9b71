/**
 * Money, one way (docs/decisions/050-one-money-type.md): integer cents everywhere inside the shop; dollars only at
 * the spec's contract edge (SPEC.md §7) and in what people read or type. This is the only module that multiplies or
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

export type ParsedCents = { ok: true; cents: Cents } | { ok: false; error: string };

/**
 * Dollars as a person types them → cents, by string arithmetic (no float on the way): "12.3" → 1230,
 * "1,234.50" → 123450, "$5" → 500. Refuses an empty text, more than 2 decimals, a malformed number and, unless
 * `allowNegative`, a negative amount. The messages read after a field's name ("Minimum charge must …").
 */
export function parseDollars(text: string, opts: { allowNegative?: boolean } = {}): ParsedCents {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: 'is required' };
  const match = /^(-)?\s*\$?\s*(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?$/.exec(trimmed);
  if (!match || (match[2] === undefined && !match[3]))
    return { ok: false, error: 'must be an amount in dollars' };
  const [, minus, whole = '0', fraction = ''] = match;
  if (fraction.length > 2) return { ok: false, error: 'must have at most 2 decimals' };
  const digits = whole.replaceAll(',', '');
  if (digits.length > 13) return { ok: false, error: 'is too large' };
  const cents = Number(digits) * 100 + Number(fraction.padEnd(2, '0'));
  if (minus && cents !== 0) {
    if (!opts.allowNegative) return { ok: false, error: 'must not be negative' };
    return { ok: true, cents: -cents };
  }
  return { ok: true, cents };
}

/** Basis points → percent (1250 → 12.5), for rates the API shows as percentages. */
export const basisPointsToPercent = (bp: number): number => bp / 100;

/** Percent → basis points (12.5 → 1250), rounded to a whole basis point. */
export const percentToBasisPoints = (percent: number): number => Math.round(percent * 100);

/** `part` as a whole percentage of `whole` (a progress bar's 0–100), 0 when there is no whole. */
export const percentOf = (part: number, whole: number): number =>
  whole ? Math.round((part * 100) / whole) : 0;

/**
 * Splits `total` cents into parts proportional to `weights`, by largest remainder: each part is its exact share
 * rounded down, and the cents left over go one each to the parts that lost the most to rounding (the earlier part on
 * a tie), so the parts always add up to `total` exactly. All weights 0 (nothing to weigh by) splits evenly.
 * Used for a sale's shipping and tax shares and for refunds spread over lines (docs/decisions/053-partial-refunds.md).
 */
export function allocate(total: Cents, weights: readonly number[]): Cents[] {
  if (!Number.isInteger(total)) throw new Error(`allocate: ${total} is not a whole number of cents`);
  if (weights.length === 0) return [];
  if (weights.some((w) => !Number.isInteger(w) || w < 0))
    throw new Error('allocate: weights must be whole numbers, 0 or more');
  const sign = total < 0 ? -1 : 1;
  const amount = Math.abs(total);
  const ws = weights.every((w) => w === 0) ? weights.map(() => 1) : weights;
  const sum = ws.reduce((a, b) => a + b, 0);
  // Integer arithmetic (BigInt), so a large total × weight never loses a cent to float rounding.
  const exact = ws.map((w) => BigInt(amount) * BigInt(w));
  const parts = exact.map((e) => Number(e / BigInt(sum)));
  const remainders = exact.map((e, i) => ({ i, r: e % BigInt(sum) }));
  let left = amount - parts.reduce((a, b) => a + b, 0);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts.map((p) => sign * p);
}

/**
 * The share of `total` that `units` of `of` units carry, rounded so that successive shares of a line add up to the
 * whole: share(n) − share(m) is what units m+1…n carry, and share(of) is `total` itself.
 */
export const shareOfUnits = (total: Cents, units: number, of: number): Cents =>
  of <= 0 ? 0 : allocate(total, [units, of - units])[0]!;
