// Both databases: issue #22 asks for its shipping, tax and backorder rules to be proven on PGlite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { rateFor, taxOf, type TaxRateRow } from './tax.rates';

const rows: TaxRateRow[] = [
  { state: 'TX', zipPrefix: '', ratePpm: 62_500, shippingTaxable: true },
  { state: 'TX', zipPrefix: '752', ratePpm: 82_500, shippingTaxable: true },
  { state: 'CA', zipPrefix: '', ratePpm: 72_500, shippingTaxable: false },
];
const dallas = { state: 'TX', zip: '75201' };

describe('the rate for a destination', () => {
  it('take the longest matching ZIP prefix of the state, else the state’s own, else none', () => {
    expect(rateFor(rows, dallas)?.ratePpm).toBe(82_500);
    expect(rateFor(rows, { state: 'TX', zip: '79901' })?.ratePpm).toBe(62_500);
    expect(rateFor(rows, { state: 'OR', zip: '97201' })).toBeUndefined();
  });
});

describe('tax on a sale', () => {
  const sale = (exemptionNumber: string | null = null) => ({
    destination: dallas,
    lines: [
      { goodsCents: 1_000_000, shippingCents: 30_000 },
      { goodsCents: 2_599, shippingCents: 1_234 },
    ],
    exemptionNumber,
  });
  it('tax goods and, where the state says so, shipping; round once, shares adding up to the cent', () => {
    const r = taxOf(rateFor(rows, dallas), sale());
    // (1,000,000 + 30,000 + 2,599 + 1,234) × 8.25% = 85,291.2 → 85,291
    expect(r.totalCents).toBe(85_291);
    expect(r.lineCents.reduce((a, b) => a + b, 0)).toBe(85_291);
    expect(r).toMatchObject({ ratePpm: 82_500, shippingTaxable: true, exemptionNumber: null });
  });
  it('leave shipping untaxed where the state does not tax it', () => {
    const r = taxOf(rateFor(rows, { state: 'CA', zip: '94105' }), {
      ...sale(),
      destination: { state: 'CA', zip: '94105' },
    });
    expect(r.totalCents).toBe(Math.round((1_000_000 + 2_599) * 0.0725));
  });
  it('round half a cent up', () => {
    expect(
      taxOf(
        { state: 'TX', zipPrefix: '', ratePpm: 50_000, shippingTaxable: false },
        { ...sale(), lines: [{ goodsCents: 10, shippingCents: 0 }] },
      ).totalCents,
    ).toBe(1);
  });
  it('charge nothing with an exemption, and name its number', () => {
    const r = taxOf(rateFor(rows, dallas), sale('EX-123'));
    expect(r).toMatchObject({ totalCents: 0, lineCents: [0, 0], exemptionNumber: 'EX-123' });
  });
  it('charge nothing where no rate is configured', () => {
    expect(taxOf(undefined, sale()).totalCents).toBe(0);
  });
});
