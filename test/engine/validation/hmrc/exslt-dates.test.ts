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
    // libexslt reads a value as written: HMRC's rules put every value through normalize-space first.
    expect(seconds(' 2024-04-01 ')).toBeNaN();
    for (const yearZero of ['0000-03-31', '0000', '0000-03-31T00:00:00Z']) expect(seconds(yearZero), yearZero).toBeNaN();
    for (const spaced of ['\u00a02024-04-01', '2024-04-01\u3000', '\ufeff2024-04-01', '2024-04-01\u2003']) expect(seconds(spaced), spaced).toBeNaN();
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
    // date:year also reads a gYear or gYearMonth (EXSLT: "xs:dateTime, xs:date, xs:gYearMonth or xs:gYear").
    expect(year('2024')).toBe(2024);
    expect(year('2024-03')).toBe(2024);
    expect(year('0000-04-01')).toBeNaN();
    expect(Number.isNaN(year('24'))).toBe(true);
    expect(Number.isNaN(monthInYear(''))).toBe(true);
  });

  it('date:date of a value is its date part; today is the clock’s UTC date', () => {
    expect(datePart('2024-04-01T23:59:59')).toBe('2024-04-01');
    expect(datePart('nope')).toBe('');
    expect(isoDay(new Date('2026-11-24T23:30:00-02:00'))).toBe('2026-11-25');
  });

  describe('time zones, as libxslt keeps them', () => {
    it('a date with a zone is the day in that zone: date:seconds counts from its midnight there', () => {
      expect(seconds('2025-03-31Z')).toBe(seconds('2025-03-31'));
      expect(seconds('2025-03-31+01:00')).toBe(seconds('2025-03-31') - 3600);
      expect(seconds('2025-03-31-12:00')).toBe(seconds('2025-03-31') + 43_200);
      expect(seconds('2025-03-31+05:30')).toBe(seconds('2025-03-31') - 19_800);
      // libexslt's bounds on a zone are hours 00–23 and minutes 00–59.
      expect(seconds('2025-03-31+23:59')).toBe(seconds('2025-03-31') - 86_340);
      expect(seconds('2025-03-31+24:00')).toBeNaN();
    });

    it('date:add carries the zone onto its result', () => {
      expect(add('2025-03-31Z', '-P12M')).toBe('2024-03-31Z');
      expect(add('2025-03-31+01:00', '-P3M')).toBe('2024-12-31+01:00');
      expect(add('2025-03-31-12:00', 'P1D')).toBe('2025-04-01-12:00');
      expect(add('2024-02-29-05:00', '-P12M')).toBe('2023-02-28-05:00');
      // A part of a day makes a date-time; one without a zone is then written in UTC.
      expect(add('2025-03-31', 'P1DT12H')).toBe('2025-04-01T12:00:00Z');
      expect(add('2025-03-31+01:00', 'PT24H')).toBe('2025-04-01+01:00');
    });

    it('date:difference measures between the two instants, zones included', () => {
      expect(difference('2024-04-01+01:00', '2025-03-31')).toBe('P364DT1H');
      expect(difference('2024-04-01', '2025-03-31+01:00')).toBe('P363DT23H');
      expect(difference('2025-03-31-12:00', '2025-03-31')).toBe('-PT12H');
      expect(difference('2024-04-01-12:00', '2025-03-31-12:00')).toBe('P364D');
      expect(seconds(difference('2024-04-01+01:00', '2025-03-31')) / 86_400).toBeCloseTo(364 + 1 / 24, 10);
      // A date-time against a date is compared as two dates.
      expect(difference('2024-04-01', '2024-04-01T10:00:00')).toBe('P0D');
    });

    it('date:date keeps a zone written as Z or as a non-zero offset', () => {
      expect(datePart('2025-03-31Z')).toBe('2025-03-31Z');
      expect(datePart('2025-03-31+14:00')).toBe('2025-03-31+14:00');
      expect(datePart('2025-03-31-00:00')).toBe('2025-03-31');
    });
  });
});
