import { describe, expect, it } from 'vitest';
import {
  basisPointsToPercent,
  centsToDollarText,
  centsToDollars,
  dollarsToCents,
  formatCents,
  hasAtMostTwoDecimals,
  percentOf,
  percentToBasisPoints,
} from './money';
import { parseDollars } from './money-parse';
import { allocate, shareOfUnits } from './money-allocate';
import { dollarsTextSchema } from './money.schema';

describe('formatCents', () => {
  it('prints dollars with a thousands separator and two decimals', () => {
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(100_000_000_00)).toBe('$100,000,000.00');
    expect(formatCents(-500)).toBe('-$5.00');
  });
  it('prints nothing for a value that is not a number', () => {
    expect(formatCents(Number.NaN)).toBe('');
  });
});

describe('parseDollars', () => {
  const cents = (text: string, opts?: { allowNegative?: boolean }) => {
    const r = parseDollars(text, opts);
    return r.ok ? r.cents : r.error;
  };
  it('reads dollars exactly, by the text', () => {
    expect(cents('12.3')).toBe(1230);
    expect(cents('1,234.50')).toBe(123450);
    expect(cents('19.99')).toBe(1999);
    expect(cents('0.07')).toBe(7);
    expect(cents('.5')).toBe(50);
    expect(cents('5.')).toBe(500);
    expect(cents(' $5 ')).toBe(500);
    expect(cents('1234567.89')).toBe(123456789);
    expect(cents('0')).toBe(0);
    expect(cents('-0')).toBe(0);
  });
  it('refuses more than 2 decimals, malformed numbers and empty text', () => {
    expect(cents('1.234')).toBe('must have at most 2 decimals');
    expect(cents('')).toBe('is required');
    expect(cents('   ')).toBe('is required');
    for (const bad of ['NaN', 'abc', '1.2.3', '1,23', '12,34.5', '1e3', 'Infinity', '.', '$', '--1', '1-'])
      expect(cents(bad), bad).toBe('must be an amount in dollars');
    expect(cents('99999999999999')).toBe('is too large');
  });
  it('refuses a negative amount unless it is allowed', () => {
    expect(cents('-5')).toBe('must not be negative');
    expect(cents('-5.25', { allowNegative: true })).toBe(-525);
  });
});

describe('the contract edge', () => {
  it('round-trips every cent value from 0 to $10,000 exactly', () => {
    for (let c = 0; c <= 1_000_000; c++) {
      const d = centsToDollars(c);
      if (dollarsToCents(d) !== c) throw new Error(`${c} → ${d} → ${dollarsToCents(d)}`);
      // The dollars are the very number a JSON client would parse from the two-decimal text.
      if (d !== Number(centsToDollarText(c))) throw new Error(`${c} → ${d}, text ${centsToDollarText(c)}`);
      if (!hasAtMostTwoDecimals(d)) throw new Error(`${d} read as more than 2 decimals`);
    }
  });
  it('rounds float sums back to whole cents on the cents side', () => {
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(19.99)).toBe(1999);
  });
  it('tells amounts with more than 2 decimals apart', () => {
    expect(hasAtMostTwoDecimals(19.999)).toBe(false);
    expect(hasAtMostTwoDecimals(Number.NaN)).toBe(false);
  });
  it('writes dollar text for inputs and CSV cells', () => {
    expect(centsToDollarText(123450)).toBe('1234.50');
    expect(centsToDollarText(7)).toBe('0.07');
    expect(centsToDollarText(-525)).toBe('-5.25');
  });
});

describe('percentages', () => {
  it('converts basis points and percentages both ways', () => {
    expect(basisPointsToPercent(1250)).toBe(12.5);
    expect(percentToBasisPoints(12.5)).toBe(1250);
    expect(percentToBasisPoints(7.25)).toBe(725);
  });
  it('gives a whole percentage of a whole, 0 when there is none', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(5, 0)).toBe(0);
  });
});

describe('dollarsTextSchema', () => {
  it('turns a form text into cents, or names the problem', () => {
    expect(dollarsTextSchema().parse('1,234.50')).toBe(123450);
    const bad = dollarsTextSchema().safeParse('1.234');
    expect(bad.success ? null : bad.error.issues[0]!.message).toBe('must have at most 2 decimals');
    const big = dollarsTextSchema({ max: 1000 }).safeParse('10.01');
    expect(big.success ? null : big.error.issues[0]!.message).toBe('is too large');
  });
});

describe('allocate (largest remainder)', () => {
  it('splits exactly, giving the leftover cents to the largest remainders', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(1000, [3, 7])).toEqual([300, 700]);
    expect(allocate(5, [1, 2])).toEqual([2, 3]);
    expect(allocate(1, [1, 1])).toEqual([1, 0]);
    expect(allocate(0, [2, 3])).toEqual([0, 0]);
    expect(allocate(7, [0, 0])).toEqual([4, 3]);
    expect(allocate(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(allocate(10, [])).toEqual([]);
  });
  it('always sums to the total, each part within a cent of its exact share', () => {
    for (let seed = 1; seed < 300; seed++) {
      const weights = [seed % 7, (seed * 13) % 11, ((seed * 29) % 5) + 1, seed % 3];
      const total = (seed * 7919) % 100_003;
      const parts = allocate(total, weights);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      const sum = weights.reduce((a, b) => a + b, 0);
      parts.forEach((p, i) => expect(Math.abs(p - (total * weights[i]!) / sum)).toBeLessThan(1));
    }
  });
  it('refuses fractions of a cent and negative weights', () => {
    expect(() => allocate(1.5, [1])).toThrow();
    expect(() => allocate(1, [-1, 2])).toThrow();
  });
});

describe('shareOfUnits', () => {
  it('successive shares of a line add up to the whole and never go backwards', () => {
    for (const [total, of] of [
      [1000, 3],
      [999, 7],
      [1, 4],
      [12345, 12],
    ] as const) {
      let previous = 0;
      for (let n = 0; n <= of; n++) {
        const s = shareOfUnits(total, n, of);
        expect(s).toBeGreaterThanOrEqual(previous);
        previous = s;
      }
      expect(shareOfUnits(total, of, of)).toBe(total);
      expect(shareOfUnits(total, 0, of)).toBe(0);
    }
    expect(shareOfUnits(1000, 1, 3)).toBe(333);
    expect(shareOfUnits(1000, 2, 3)).toBe(667);
  });
});
