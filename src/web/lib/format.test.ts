import { describe, expect, it } from 'vitest';
import { formatCount, formatDateTime, formatPrice } from './format';

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

// Issue 39 item 11: a deadline ("Pay by …") names the time and its zone, not only the day.
describe('formatDateTime', () => {
  it('shows the day, the time to the minute and the zone', () => {
    expect(formatDateTime('2026-05-02T10:07:00.000Z')).toMatch(
      /^[A-Z][a-z]+ \d{1,2}, \d{4}(,| at) \d{1,2}:\d{2}\s?[AP]M \S+$/,
    );
    expect(formatDateTime('2026-05-02T10:07:00.000Z')).toContain(':07');
  });
});
