import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@shared/payments/payments.schema';
import { isExpiryInFuture, parseExpiry, passesLuhn } from './card-rules';

describe('card rules', () => {
  it('accepts every test card and rejects a wrong check digit', () => {
    for (const number of Object.values(TEST_CARDS)) expect(passesLuhn(number)).toBe(true);
    expect(passesLuhn('4242 4242 4242 4242')).toBe(true);
    expect(passesLuhn('4242 4242 4242 4241')).toBe(false);
    expect(passesLuhn('4242')).toBe(false);
    expect(passesLuhn('4242 4242 4242 424x')).toBe(false);
  });

  it('reads MM/YY and knows when it is past', () => {
    expect(parseExpiry('07/31')).toEqual({ month: 7, year: 2031 });
    expect(parseExpiry('0731')).toEqual({ month: 7, year: 2031 });
    expect(parseExpiry('13/31')).toBeNull();
    expect(parseExpiry('7/31')).toBeNull();
    const now = new Date(2026, 4, 15);
    expect(isExpiryInFuture({ month: 5, year: 2026 }, now)).toBe(true);
    expect(isExpiryInFuture({ month: 4, year: 2026 }, now)).toBe(false);
    expect(isExpiryInFuture({ month: 1, year: 2027 }, now)).toBe(true);
  });
});
