/**
 * Splitting cents into shares that add up exactly: part of the money module (docs/decisions/050-one-money-type.md),
 * in a file of its own so the first page's JavaScript, which only formats, does not carry it.
 */
import type { Cents } from './money';

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
