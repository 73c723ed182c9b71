import { describe, expect, it } from 'vitest';
import { addWorkingDays, formatDeadline, isWorkingDay, utcDay } from './working-days';

// 2026-12-07 is a Monday.
const at = (day: string, time = '10:00') => new Date(`${day}T${time}:00.000Z`);

describe('addWorkingDays', () => {
  it('counts Monday to Friday and keeps the time of day', () => {
    expect(addWorkingDays(at('2026-12-07'), 3)).toEqual(at('2026-12-10'));
    expect(addWorkingDays(at('2026-12-07', '23:59'), 1)).toEqual(at('2026-12-08', '23:59'));
  });

  it('skips the weekend', () => {
    expect(addWorkingDays(at('2026-12-11'), 1)).toEqual(at('2026-12-14')); // Friday → Monday
    expect(addWorkingDays(at('2026-12-09'), 3)).toEqual(at('2026-12-14')); // Wednesday → Monday
    expect(addWorkingDays(at('2026-12-07'), 5)).toEqual(at('2026-12-14')); // one week
    expect(addWorkingDays(at('2026-12-07'), 30)).toEqual(at('2027-01-18')); // six weeks
  });

  it('a start on a weekend counts from Monday', () => {
    expect(addWorkingDays(at('2026-12-12'), 1)).toEqual(at('2026-12-14')); // Saturday
    expect(addWorkingDays(at('2026-12-13'), 1)).toEqual(at('2026-12-14')); // Sunday
    expect(addWorkingDays(at('2026-12-12'), 3)).toEqual(at('2026-12-16'));
  });

  it('zero days is the start itself; fractions and negatives are refused', () => {
    expect(addWorkingDays(at('2026-12-12'), 0)).toEqual(at('2026-12-12'));
    expect(() => addWorkingDays(at('2026-12-07'), -1)).toThrow(RangeError);
    expect(() => addWorkingDays(at('2026-12-07'), 1.5)).toThrow(RangeError);
  });

  it('always lands on a working day when days > 0', () => {
    for (let d = 0; d < 14; d++)
      for (const n of [1, 2, 3, 7]) {
        const start = new Date(at('2026-12-07').getTime() + d * 86_400_000);
        expect(isWorkingDay(addWorkingDays(start, n))).toBe(true);
      }
  });
});

describe('utcDay', () => {
  it('is the UTC calendar day', () => {
    expect(utcDay(new Date('2026-12-07T23:30:00-05:00'))).toBe('2026-12-08');
  });
});

describe('formatDeadline', () => {
  it('names the weekday, the day and the time, in UTC', () => {
    expect(formatDeadline('2026-12-10T15:35:00.000Z')).toBe('Thu, Dec 10, 2026, 3:35 PM UTC');
  });
});
