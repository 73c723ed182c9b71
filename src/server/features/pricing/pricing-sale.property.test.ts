import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dallas, factsOf, houston, la, LB } from '../../test/pricing';
import { priceSale } from './pricing.sale';

describe('priceSale: properties', () => {
  const productArb = fc.record({
    name: fc.constant('P'),
    priceCents: fc.integer({ min: 1, max: 200_000 }),
    breaks: fc.constant([]),
    contractCents: fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: null }),
    unitWeightGrams: fc.option(fc.integer({ min: 0, max: 60 * LB }), { nil: null, freq: 8 }),
    shipsAs: fc.constantFrom('parcel' as const, 'parcel' as const, 'freight' as const),
    freightClass: fc.constantFrom(null, '85', '500'),
  });
  const saleArb = fc.record({
    products: fc.array(productArb, { minLength: 1, maxLength: 5 }),
    quantities: fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 5, maxLength: 5 }),
    destination: fc.constantFrom(dallas, houston, la, { state: 'NY', zip: '10001', from: 'shop' as const }),
    exempt: fc.boolean(),
    liftgate: fc.boolean(),
  });

  it('every option chosen charges what it was quoted, and every total is the sum of its lines', () => {
    fc.assert(
      fc.property(saleArb, (s) => {
        const facts = factsOf(Object.fromEntries(s.products.map((p, i) => [`p${i}`, p])), {
          exemptions: s.exempt ? [{ number: 'X', states: ['CA', 'TX'] }] : [],
        });
        const lines = s.products.map((_, i) => ({ productId: `p${i}`, quantity: s.quantities[i]! }));
        const req = { lines, destination: s.destination, liftgate: s.liftgate };
        const quoted = priceSale(facts, req);
        for (const o of quoted.options) {
          const sale = priceSale(facts, { ...req, choose: { optionId: o.optionId } });
          expect(sale.choiceProblem).toBeNull();
          expect([sale.shippingCents, sale.taxCents, sale.totalCents]).toEqual([
            o.cents,
            o.taxCents,
            o.totalCents,
          ]);
          expect(sale.lines.reduce((a, l) => a + l.shippingCents, 0)).toBe(sale.shippingCents);
          expect(sale.lines.reduce((a, l) => a + l.taxCents, 0)).toBe(sale.taxCents);
          expect(sale.lines.reduce((a, l) => a + l.totalCents, 0)).toBe(sale.totalCents);
          for (const l of sale.lines) {
            expect(l.goodsCents + l.savings.quantityCents + l.savings.contractCents).toBe(
              l.quantity * l.basePriceCents,
            );
            expect(l.shippingCents).toBeGreaterThanOrEqual(0);
            expect(l.taxCents).toBeGreaterThanOrEqual(0);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
