import { describe, expect, it } from 'vitest';
import {
  firstOrderableQuantity,
  fromPriceCents,
  packProblem,
  priceBreaksProblem,
  priceBreaksSchema,
  savingCents,
  stepQuantity,
  unitPriceCentsAt,
} from './pricing';

// The example: 1–9 $12.40, 10–49 $11.20, 50+ $9.90.
const breaks = [
  { minQuantity: 50, unitPriceCents: 990 },
  { minQuantity: 10, unitPriceCents: 1120 },
];

describe('price breaks', () => {
  it.each([
    [1, 1240],
    [9, 1240],
    [10, 1120],
    [49, 1120],
    [50, 990],
    [500, 990],
  ])('%i units cost %i cents each', (q, cents) => {
    expect(unitPriceCentsAt(q, 1240, breaks)).toBe(cents);
  });

  it('has one price without breaks, a "from" price and the saving reached', () => {
    expect(unitPriceCentsAt(100, 1240, [])).toBe(1240);
    expect(fromPriceCents(1240, Math.min(...breaks.map((b) => b.unitPriceCents)))).toBe(990);
    expect(fromPriceCents(1240, null)).toBe(1240);
    expect(savingCents(9, 1240, breaks)).toBe(0);
    expect(savingCents(10, 1240, breaks)).toBe(1200);
  });

  it('refuses duplicate minimums, a price rising with quantity, and breaks not below the product price', () => {
    expect(priceBreaksSchema.safeParse([{ minQuantity: 10, price: 11.2 }]).success).toBe(true);
    expect(
      priceBreaksSchema.safeParse([
        { minQuantity: 10, price: 11.2 },
        { minQuantity: 10, price: 10 },
      ]).success,
    ).toBe(false);
    expect(
      priceBreaksSchema.safeParse([
        { minQuantity: 10, price: 9 },
        { minQuantity: 50, price: 10 },
      ]).success,
    ).toBe(false);
    expect(priceBreaksSchema.safeParse([{ minQuantity: 1, price: 9 }]).success).toBe(false);
    expect(priceBreaksSchema.safeParse([{ minQuantity: 5, price: 9.999 }]).success).toBe(false);
    expect(priceBreaksProblem(12.4, [{ minQuantity: 10, price: 12.4 }])).toMatch(/below the product price/);
    expect(priceBreaksProblem(12.4, [{ minQuantity: 10, price: 11.2 }])).toBeNull();
  });
});

describe('pack sizes', () => {
  it('accepts whole packs only', () => {
    expect(packProblem(20, 10)).toBeNull();
    expect(packProblem(15, 10)).toBe('This product is sold in packs of 10: order a multiple of 10.');
    expect(packProblem(7, 1)).toBeNull();
  });

  it('starts at the minimum order rounded up to a pack and steps by packs', () => {
    expect(firstOrderableQuantity({ minOrder: 15, packSize: 10 })).toBe(20);
    expect(firstOrderableQuantity({ minOrder: 3, packSize: 1 })).toBe(3);
    expect(stepQuantity(20, { minOrder: 15, packSize: 10 }, 1)).toBe(30);
    expect(stepQuantity(20, { minOrder: 15, packSize: 10 }, -1)).toBe(20);
  });
});

describe('unitPriceCentsAt with a contract price (decision 039)', () => {
  const breaks = [{ minQuantity: 10, unitPriceCents: 8_000 }];
  it('charges min(break price at the quantity, contract price), never below 1 cent', () => {
    expect(unitPriceCentsAt(1, 10_000, breaks, 8_500)).toBe(8_500);
    expect(unitPriceCentsAt(10, 10_000, breaks, 8_500)).toBe(8_000);
    expect(unitPriceCentsAt(10, 10_000, breaks, 7_000)).toBe(7_000);
    expect(unitPriceCentsAt(10, 10_000, breaks, null)).toBe(8_000);
    expect(unitPriceCentsAt(1, 10_000, breaks, 0)).toBe(1);
  });
});
