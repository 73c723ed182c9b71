import { allocate } from '../shipping/index';

/**
 * US sales tax from the built-in rate table (a tax service would enter as facts for priceSale, decision 052).
 * Pure over the rows it is given; docs/decisions/037-shipping-and-tax.md has the rules.
 */

export interface TaxRateRow {
  state: string;
  zipPrefix: string;
  ratePpm: number;
  shippingTaxable: boolean;
}

export interface TaxRequest {
  destination: { state: string; zip: string };
  /** Each line's goods and its share of shipping, in cents. */
  lines: { goodsCents: number; shippingCents: number }[];
  /** An approved, unexpired certificate for the destination's state makes the sale tax-free. */
  exemptionNumber: string | null;
}

export interface TaxResult {
  ratePpm: number;
  shippingTaxable: boolean;
  /** Per line, in the request's order; they add up to `totalCents`. */
  lineCents: number[];
  totalCents: number;
  exemptionNumber: string | null;
}

/** The rate for a destination: the longest ZIP prefix of its state that matches, else none (no tax). */
export function rateFor(
  rows: TaxRateRow[],
  destination: { state: string; zip: string },
): TaxRateRow | undefined {
  let best: TaxRateRow | undefined;
  for (const r of rows) {
    if (r.state !== destination.state || !destination.zip.startsWith(r.zipPrefix)) continue;
    if (!best || r.zipPrefix.length > best.zipPrefix.length) best = r;
  }
  return best;
}

/** Tax on the whole sale rounded once (half up), then shared over the lines in proportion to their taxed amounts. */
export function taxOf(rate: TaxRateRow | undefined, request: TaxRequest): TaxResult {
  const ratePpm = rate?.ratePpm ?? 0;
  const shippingTaxable = rate?.shippingTaxable ?? false;
  const bases = request.lines.map((l) => l.goodsCents + (shippingTaxable ? l.shippingCents : 0));
  const exempt = request.exemptionNumber !== null;
  const base = bases.reduce((a, b) => a + b, 0);
  const totalCents =
    exempt || ratePpm === 0 ? 0 : Number((BigInt(base) * BigInt(ratePpm) + 500_000n) / 1_000_000n);
  return {
    ratePpm: exempt ? 0 : ratePpm,
    shippingTaxable,
    lineCents: allocate(totalCents, bases),
    totalCents,
    exemptionNumber: exempt ? request.exemptionNumber : null,
  };
}
