/** The calendar arithmetic every date rule of the engine shares: the proleptic Gregorian calendar, astronomical years. */
import { describe, expect, it } from 'vitest';
import { civilFromDays, daysFromCivil, daysInMonth, isIsoDate, isLeapYear } from '../../../main/engine/deadlines/calendar.js';

/** Date's own count (setUTCFullYear keeps years 0–99 as written), the reference within its range. */
function byDate(year: number, month: number, day: number): number {
  const t = new Date(0);
  t.setUTCFullYear(year, month - 1, day);
  return Math.round(t.getTime() / 86_400_000);
}

describe('the calendar', () => {
  it('has leap years every fourth year, except centuries not divisible by 400, before 1 CE too', () => {
    expect([2024, 2000, 1600, 0, -4, -400].map(isLeapYear)).toEqual([true, true, true, true, true, true]);
    expect([2023, 1900, 2100, -100, -1, 1].map(isLeapYear)).toEqual([false, false, false, false, false, false]);
    expect([daysInMonth(2024, 2), daysInMonth(2023, 2), daysInMonth(1900, 2), daysInMonth(0, 2), daysInMonth(2025, 4), daysInMonth(2025, 12)]).toEqual([29, 28, 28, 29, 30, 31]);
  });

  it('counts days from 1970-01-01 as Date does, and back, for every month of years around the turns of eras and centuries', () => {
    for (const year of [-401, -400, -1, 0, 1, 99, 100, 1582, 1899, 1900, 1970, 2000, 2024, 2100, 9999]) {
      for (let month = 1; month <= 12; month++) {
        for (const day of [1, 15, daysInMonth(year, month)]) {
          const n = daysFromCivil(year, month, day);
          expect(n, `${year}-${month}-${day}`).toBe(byDate(year, month, day));
          expect(civilFromDays(n)).toEqual({ year, month, day });
        }
      }
    }
  });

  it('knows a real ISO date from one that is not', () => {
    expect(['2024-02-29', '2000-02-29', '0004-02-29', '2025-12-31'].map(isIsoDate)).toEqual([true, true, true, true]);
    expect(['2023-02-29', '1900-02-29', '0000-01-01', '2025-04-31', '2025-13-01', '25-01-01'].map(isIsoDate)).toEqual([false, false, false, false, false, false]);
  });
});
