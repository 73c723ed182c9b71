import { describe, expect, it } from 'vitest';
import { formatCount, formatPrice } from './format';

describe('formatPrice', () => {
  it('shows dollars with cents and thousands separators', () => {
    expect(formatPrice(1249.5)).toBe('$1,249.50');
    expect(formatPrice(89)).toBe('$89.00');
    expect(formatPrice(0.99)).toBe('$0.99');
  });
});

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(formatCount(12500)).toBe('12,500');
  });
});
