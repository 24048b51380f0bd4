import { describe, expect, it } from 'vitest';
import { add, datePart, dayInMonth, difference, isoDay, monthInYear, seconds, year } from '../../../../main/engine/validation/hmrc/exslt-dates.js';

describe('EXSLT date functions as HMRC’s rules use them', () => {
  it('date:seconds counts from 1970-01-01 in UTC, for dates, date-times and day durations', () => {
    expect(seconds('1970-01-01')).toBe(0);
    expect(seconds('1970-01-02')).toBe(86_400);
    expect(seconds('1969-12-31')).toBe(-86_400);
    expect(seconds('2024-03-01') - seconds('2024-02-28')).toBe(2 * 86_400);
    expect(seconds('2023-03-01') - seconds('2023-02-28')).toBe(86_400);
    expect(seconds('2024-04-01T12:00:00Z')).toBe(seconds('2024-04-01') + 43_200);
    expect(seconds('2024-04-01T01:00:00+01:00')).toBe(seconds('2024-04-01'));
    expect(seconds('2024-04-01Z')).toBe(seconds('2024-04-01'));
    expect(seconds('P365D')).toBe(365 * 86_400);
    expect(seconds('-P1D')).toBe(-86_400);
    expect(seconds('PT1H')).toBe(3600);
  });

  it('date:seconds is NaN for what is not a date or a day duration (HMRC’s tests then fail, as HMRC’s processor has them)', () => {
    for (const bad of ['', 'yes', '2024-02-30', '2024-13-01', '24-04-01', 'P1M', 'P1Y', 'P']) expect(seconds(bad), bad).toBeNaN();
    expect(seconds(' 2024-04-01 ')).toBe(seconds('2024-04-01'));
  });

  it('date:add adds months first, keeping the day within the month, then days', () => {
    expect(add('2022-03-31', '-P12M')).toBe('2021-03-31');
    expect(add('2024-02-29', 'P12M')).toBe('2025-02-28');
    expect(add('2024-02-29', '-P12M')).toBe('2023-02-28');
    expect(add('2023-03-31', '-P1M')).toBe('2023-02-28');
    expect(add('2024-03-31', '-P3M')).toBe('2023-12-31');
    expect(add('2024-12-31', 'P1D')).toBe('2025-01-01');
    expect(add('2025-03-31', 'P1D')).toBe('2025-04-01');
    expect(add('2024-01-15', 'P1Y2M')).toBe('2025-03-15');
    expect(add('not a date', 'P1D')).toBe('');
    expect(add('2024-01-01', 'one day')).toBe('');
  });

  it('date:difference gives whole days between two dates', () => {
    expect(difference('2024-04-01', '2025-03-31')).toBe('P364D');
    expect(difference('2023-04-01', '2024-03-31')).toBe('P365D');
    expect(difference('2024-04-01', '2024-04-01')).toBe('P0D');
    expect(difference('2024-04-02', '2024-04-01')).toBe('-P1D');
    expect(seconds(difference('2024-04-01', '2025-03-31')) / 86_400).toBe(364);
    expect(difference('2024-04-01', 'x')).toBe('');
  });

  it('date:year, date:month-in-year, date:day-in-month read a date; NaN otherwise', () => {
    expect([year('2024-04-01'), monthInYear('2024-04-01'), dayInMonth('2024-04-01')]).toEqual([2024, 4, 1]);
    expect(year('2024-04-01T10:00:00')).toBe(2024);
    expect(Number.isNaN(year('2024'))).toBe(true);
    expect(Number.isNaN(monthInYear(''))).toBe(true);
  });

  it('date:date of a value is its date part; today is the clock’s UTC date', () => {
    expect(datePart('2024-04-01T23:59:59')).toBe('2024-04-01');
    expect(datePart('nope')).toBe('');
    expect(isoDay(new Date('2026-11-24T23:30:00-02:00'))).toBe('2026-11-25');
  });
});
