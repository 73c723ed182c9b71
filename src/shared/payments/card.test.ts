import { describe, expect, it } from 'vitest';
import {
  cardMessages,
  cardProblem,
  expiryEnd,
  expiryProblem,
  formatExpiry,
  isExpired,
  isValidCardNumber,
  luhnValid,
  parseExpiry,
} from './card';
import { TEST_CARDS } from './payments.schema';

describe('card number', () => {
  it('accepts every test card and rejects a wrong check digit', () => {
    for (const number of Object.values(TEST_CARDS)) expect(isValidCardNumber(number)).toBe(true);
    expect(isValidCardNumber('4242 4242 4242 4242')).toBe(true);
    expect(isValidCardNumber('4242-4242-4242-4242')).toBe(true);
    expect(isValidCardNumber('4242 4242 4242 4241')).toBe(false);
    expect(isValidCardNumber('4242')).toBe(false);
    expect(isValidCardNumber('4242 4242 4242 424x')).toBe(false);
    expect(isValidCardNumber('0'.repeat(20))).toBe(false);
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424243')).toBe(false);
  });
});

describe('expiry', () => {
  it('reads MM/YY, MM/YYYY and MMYY, and nothing else', () => {
    expect(parseExpiry('07/31')).toEqual({ month: 7, year: 2031 });
    expect(parseExpiry('07/2031')).toEqual({ month: 7, year: 2031 });
    expect(parseExpiry('0731')).toEqual({ month: 7, year: 2031 });
    expect(parseExpiry(' 07 / 31 ')).toEqual({ month: 7, year: 2031 });
    expect(parseExpiry('12/40')).toEqual({ month: 12, year: 2040 });
    for (const bad of ['13/31', '00/31', '7/31', '07/3', '07/203', '07-31', '', 'ab/cd'])
      expect(parseExpiry(bad), bad).toBeNull();
    expect(formatExpiry({ month: 7, year: 2031 })).toBe('07/31');
  });

  it('a card is valid through the last day of its expiry month, wherever that day still lasts', () => {
    const may2026 = { month: 5, year: 2026 };
    // The month has ended everywhere once it is noon on the 1st of the next month in UTC (midnight at UTC−12).
    expect(expiryEnd(may2026).toISOString()).toBe('2026-06-01T12:00:00.000Z');
    expect(isExpired(may2026, new Date('2026-05-01T00:00:00Z'))).toBe(false);
    expect(isExpired(may2026, new Date('2026-05-31T23:59:59Z'))).toBe(false);
    // 31 May, 23:59 in Honolulu (UTC−10).
    expect(isExpired(may2026, new Date('2026-06-01T09:59:00Z'))).toBe(false);
    expect(isExpired(may2026, new Date('2026-06-01T12:00:00Z'))).toBe(true);
    expect(isExpired({ month: 12, year: 2026 }, new Date('2027-01-01T11:59:59Z'))).toBe(false);
    expect(isExpired({ month: 12, year: 2026 }, new Date('2027-01-02T00:00:00Z'))).toBe(true);

    // The same answers from dates built in the machine's own time zone, as the browser does.
    const now = new Date(2026, 4, 15);
    expect(isExpired({ month: 5, year: 2026 }, now)).toBe(false);
    expect(isExpired({ month: 4, year: 2026 }, now)).toBe(true);
    expect(isExpired({ month: 1, year: 2027 }, now)).toBe(false);
  });

  it('says whether the expiry is malformed or past', () => {
    const now = new Date('2026-05-15T12:00:00Z');
    expect(expiryProblem('05/26', now)).toBeNull();
    expect(expiryProblem('05/2026', now)).toBeNull();
    expect(expiryProblem('04/26', now)).toBe(cardMessages.expiryPast);
    expect(expiryProblem('13/26', now)).toBe(cardMessages.expiryInvalid);
  });
});

describe('cardProblem', () => {
  const now = new Date('2026-05-15T12:00:00Z');
  const ok = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

  it('passes a well-formed card, declined test cards included (declining is the processor’s job)', () => {
    expect(cardProblem(ok, now)).toBeNull();
    expect(cardProblem({ ...ok, cardNumber: TEST_CARDS.declined, cvc: ' 1234 ' }, now)).toBeNull();
  });

  it('names the first wrong field with its message', () => {
    expect(cardProblem({ ...ok, cardNumber: '4242 4242 4242 4241', expiry: 'x' }, now)).toEqual({
      field: 'cardNumber',
      message: 'Your card number is invalid.',
    });
    expect(cardProblem({ ...ok, expiry: '01/20', cvc: '1' }, now)).toEqual({
      field: 'expiry',
      message: "Your card's expiration date is in the past.",
    });
    expect(cardProblem({ ...ok, expiry: '13/30' }, now)).toEqual({
      field: 'expiry',
      message: "Your card's expiration date is invalid. Enter it as MM/YY.",
    });
    for (const cvc of ['12', '12345', 'abc'])
      expect(cardProblem({ ...ok, cvc }, now)).toEqual({
        field: 'cvc',
        message: "Your card's security code is invalid.",
      });
  });
});
