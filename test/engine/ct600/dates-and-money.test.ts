/**
 * The calendar and money helpers every request goes through, against the
 * rules spelled out another way: the calendar as JavaScript's Date counts
 * it, and pence as "round to the penny and check it round-trips".
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRealDate } from '../../../main/engine/ct600/period.js';
import { penceOf } from '../../../main/engine/ct600/money.js';

describe('calendar dates', () => {
  it('has the days of every month of every year from 1 to 3000, leap years as the Gregorian calendar has them', () => {
    for (let year = 1; year <= 3000; year++) {
      for (let month = 1; month <= 12; month++) {
        const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
        expect(isRealDate({ year, month, day: days }), `${year}-${month}-${days}`).toBe(true);
        expect(isRealDate({ year, month, day: days + 1 }), `${year}-${month}-${days + 1}`).toBe(false);
      }
    }
  });
  it('refuses month 0, month 13, day 0 and year 0', () => {
    for (const d of [{ year: 2024, month: 0, day: 1 }, { year: 2024, month: 13, day: 1 }, { year: 2024, month: 1, day: 0 }, { year: 0, month: 1, day: 1 }]) {
      expect(isRealDate(d)).toBe(false);
    }
  });
});

describe('pence of an amount', () => {
  /** The rule: an amount is in pence when rounding it to the penny gives back the same number. */
  const byRule = (value: number) => {
    if (!Number.isFinite(value)) return undefined;
    const pence = Math.round(value * 100);
    return Number((pence / 100).toFixed(2)) === value ? pence : undefined;
  };
  it('agrees with the rule on whole pounds, pounds and pence, fractions of a penny and huge or odd numbers', () => {
    const amounts = fc.oneof(
      fc.integer({ min: -1e13, max: 1e13 }),
      fc.integer({ min: -1e12, max: 1e12 }).map((p) => p / 100),
      fc.double({ noNaN: false }),
      fc.constantFrom(0, -0, 0.1, 19.99, 1234567.89, 0.005, 2 ** 53, -(2 ** 53), 2 ** 53 / 100, Number.MAX_VALUE, Infinity, -Infinity, NaN),
    );
    fc.assert(
      fc.property(amounts, (value) => {
        expect(Object.is(penceOf(value), byRule(value)), String(value)).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });
});
