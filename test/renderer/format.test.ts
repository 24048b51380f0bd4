/**
 * The window's formatter: money from integer pence (whole-pound and pence
 * boxes, negative, zero, the largest the CT600 schema allows), money typed and
 * read back, rates, UK dates and times in a fixed time zone, and file sizes.
 */
import { describe, expect, it } from 'vitest';
import {
  displayAmountText,
  formatAmount,
  keepDatesTogether,
  formatMoney,
  formatWholePounds,
  formatRate,
  ratesInText,
  formatSize,
  formatSizeExactly,
  machineAmount,
  normaliseAmountText,
  parseAmount,
  ukCalendarDate,
  ukDate,
  ukDateTime,
  ukDayMonth,
  ukPeriod,
} from '../../renderer/src/format/index.js';

describe('money', () => {
  it('shows a whole-pound box without pence and a pence box with them', () => {
    expect(formatMoney(25_000_000, 'whole-pounds')).toBe('£250,000');
    expect(formatMoney(760_000, 'pence')).toBe('£7,600.00');
    expect(formatMoney(760_050, 'pence')).toBe('£7,600.50');
    expect(formatMoney(99_999, 'pence')).toBe('£999.99');
  });

  it('keeps pence in a whole-pound box that has them, so a figure HMRC refuses is not rounded out of sight', () => {
    expect(formatMoney(25_000_040, 'whole-pounds')).toBe('£250,000.40');
  });

  it('writes a negative amount with the sign before the £, the same way everywhere', () => {
    expect(formatMoney(-123_400, 'whole-pounds')).toBe('-£1,234');
    expect(formatMoney(-123_456, 'pence')).toBe('-£1,234.56');
    expect(formatMoney(-5, 'pence')).toBe('-£0.05');
    expect(formatAmount(-123_400, 'whole-pounds')).toBe('-1,234');
  });

  it('writes zero as £0 in a whole-pound box and £0.00 in a pence box, never as -£0', () => {
    expect(formatMoney(0, 'whole-pounds')).toBe('£0');
    expect(formatMoney(0, 'pence')).toBe('£0.00');
    expect(formatMoney(-0, 'pence')).toBe('£0.00');
  });

  it('writes the largest amounts the schema allows digit for digit', () => {
    // The CT600 money pattern allows 11 digits of pounds: 99,999,999,999.99.
    expect(formatMoney(9_999_999_999_999, 'pence')).toBe('£99,999,999,999.99');
    expect(formatMoney(-9_999_999_999_999, 'pence')).toBe('-£99,999,999,999.99');
    expect(formatMoney(9_999_999_999_900, 'whole-pounds')).toBe('£99,999,999,999');
    // Beyond a float's exact range as pence: still every digit.
    expect(formatMoney(123_456_789_012_345_678n, 'pence')).toBe('£1,234,567,890,123,456.78');
    expect(machineAmount(9_999_999_999_999)).toBe('99999999999.99');
  });

  it('states whole pounds for penalties and limits', () => {
    expect(formatWholePounds(100)).toBe('£100');
    expect(formatWholePounds(250_000)).toBe('£250,000');
  });

  it('reads back what a bookkeeper types: commas, spaces and £ anywhere', () => {
    expect(parseAmount('250000')).toEqual({ ok: true, pence: 25_000_000n });
    expect(parseAmount('£250,000')).toEqual({ ok: true, pence: 25_000_000n });
    expect(parseAmount(' 250 000.00 ')).toEqual({ ok: true, pence: 25_000_000n });
    expect(parseAmount('-£1,234.5')).toEqual({ ok: true, pence: -123_450n });
    expect(parseAmount('£-1,234')).toEqual({ ok: true, pence: -123_400n });
    expect(parseAmount('\u22121234')).toEqual({ ok: true, pence: -123_400n });
    expect(parseAmount('.5')).toEqual({ ok: false });
    expect(parseAmount('')).toEqual({ ok: true, pence: undefined });
    expect(parseAmount('12a')).toEqual({ ok: false });
    expect(parseAmount('1.2.3')).toEqual({ ok: false });
  });

  it('rounds pence typed beyond two places half up, from the digits and not through a float', () => {
    // 1.005 * 100 is 100.49999… as a float; the figure typed is 1.005.
    expect(parseAmount('1.005')).toEqual({ ok: true, pence: 101n });
    expect(parseAmount('1.004')).toEqual({ ok: true, pence: 100n });
    expect(parseAmount('0.125')).toEqual({ ok: true, pence: 13n });
    expect(parseAmount('99999999999.994')).toEqual({ ok: true, pence: 9_999_999_999_999n });
  });

  it('keeps the machine form in the draft and shows the formatted figure once the field loses focus', () => {
    expect(normaliseAmountText('£250,000', 'whole-pounds')).toBe('250000');
    expect(displayAmountText('250000', 'whole-pounds')).toBe('250,000');
    expect(normaliseAmountText('7,600.5', 'pence')).toBe('7600.50');
    expect(displayAmountText('7600.50', 'pence')).toBe('7,600.50');
    expect(normaliseAmountText('40,000.00', 'whole-pounds')).toBe('40000');
    expect(normaliseAmountText('-1,234', 'pence')).toBe('-1234.00');
    expect(displayAmountText('-1234', 'whole-pounds')).toBe('-1,234');
    // Text that is not an amount is left for the field's error to name.
    expect(normaliseAmountText('twelve', 'pence')).toBe('twelve');
    expect(displayAmountText('twelve', 'pence')).toBe('twelve');
    expect(displayAmountText('', 'pence')).toBe('');
  });
});

describe('rates', () => {
  it('shows a rate as a percentage without trailing zeros', () => {
    expect(formatRate('19.00')).toBe('19%');
    expect(formatRate('26.50')).toBe('26.5%');
    expect(formatRate('26.5')).toBe('26.5%');
    expect(formatRate(25)).toBe('25%');
    expect(formatRate('19%')).toBe('19%');
    expect(formatRate('0')).toBe('0%');
    expect(formatRate('0.00')).toBe('0%');
    expect(formatRate('07.10')).toBe('7.1%');
    expect(formatRate('')).toBe('');
  });

  it('writes the rates inside a check’s sentence the same way, and nothing else in it', () => {
    expect(ratesInText('rate 19.00% is the small profits rate; use the main rate of 25.00%')).toBe('rate 19% is the small profits rate; use the main rate of 25%');
    expect(ratesInText('rate 26.50% is not allowed; box 345 is 7600.00')).toBe('rate 26.5% is not allowed; box 345 is 7600.00');
  });
});

describe('dates and times (the user’s local time; here fixed to the UK)', () => {
  const london = { timeZone: 'Europe/London' };

  it('writes a calendar day in words, never moved by a time zone', () => {
    expect(ukDate('2026-11-24')).toBe('24 November 2026');
    expect(ukDate('2024-04-01')).toBe('1 April 2024');
    expect(ukDate('2024-02-29')).toBe('29 February 2024');
    expect(ukDate('2025-02-29')).toBe('2025-02-29');
    expect(ukDate('not a date')).toBe('not a date');
    expect(ukCalendarDate({ year: 2025, month: 3, day: 31 })).toBe('31 March 2025');
    expect(ukPeriod('2024-04-01', '2025-03-31')).toBe('1 April 2024 to 31 March 2025');
    expect(ukPeriod(null, '2025-03-31')).toBe('To 31 March 2025');
    expect(ukPeriod(null, null)).toBeNull();
    expect(ukDayMonth('03-31')).toBe('31 March');
  });

  it('writes a timestamp as the day and the 24-hour time', () => {
    expect(ukDateTime('2026-11-24T20:42:53Z', london)).toBe('24 November 2026 at 20:42');
    expect(ukDateTime('2026-11-25T00:02:52Z', london)).toBe('25 November 2026 at 00:02');
    expect(ukDateTime('garbage', london)).toBe('garbage');
  });

  it('shows British Summer Time in summer and GMT in winter, around the changes', () => {
    // BST starts at 01:00 GMT on 29 March 2026: the clocks go from 01:00 to 02:00.
    expect(ukDateTime('2026-03-29T00:59:00Z', london)).toBe('29 March 2026 at 00:59');
    expect(ukDateTime('2026-03-29T01:00:00Z', london)).toBe('29 March 2026 at 02:00');
    // BST ends at 01:00 GMT on 25 October 2026: 01:59 BST, then 01:00 GMT.
    expect(ukDateTime('2026-10-25T00:59:00Z', london)).toBe('25 October 2026 at 01:59');
    expect(ukDateTime('2026-10-25T01:00:00Z', london)).toBe('25 October 2026 at 01:00');
    // Late on 31 March in summer time is already 1 April in the UK.
    expect(ukDateTime('2026-03-31T23:30:00Z', london)).toBe('1 April 2026 at 00:30');
    expect(ukDateTime('2026-12-31T23:30:00Z', london)).toBe('31 December 2026 at 23:30');
  });

  it('shows the time in the zone it is given, for a user outside the UK', () => {
    expect(ukDateTime('2026-11-24T20:42:00Z', { timeZone: 'Asia/Kolkata' })).toBe('25 November 2026 at 02:12');
  });
});

describe('sizes', () => {
  it('writes bytes, KB and MB as a person reads them', () => {
    expect(formatSize(0)).toBe('0 bytes');
    expect(formatSize(1)).toBe('1 byte');
    expect(formatSize(512)).toBe('512 bytes');
    expect(formatSize(1023)).toBe('1,023 bytes');
    expect(formatSize(1024)).toBe('1 KB');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(10 * 1024 + 600)).toBe('11 KB');
    expect(formatSize(830 * 1024 + 100)).toBe('830 KB');
    expect(formatSize(1024 * 1024 - 1)).toBe('1 MB');
    expect(formatSize(1_258_291)).toBe('1.2 MB');
    expect(formatSize(256 * 1024 * 1024)).toBe('256 MB');
    expect(formatSize(3 * 1024 * 1024 * 1024)).toBe('3 GB');
    expect(formatSizeExactly(1_258_291)).toBe('1.2 MB (1,258,291 bytes)');
    expect(formatSizeExactly(512)).toBe('512 bytes');
  });
});

describe('dates held together in running text', () => {
  it('joins day, month and year with no-break spaces and leaves the rest alone', () => {
    expect(keepDatesTogether('turnover for 1 April 2024 to 31 March 2025 in the accounts')).toBe('turnover for 1\u00a0April\u00a02024 to 31\u00a0March\u00a02025 in the accounts');
    expect(keepDatesTogether('box 145 is 1 April; 2024 was a year; 12 Apples 2024')).toBe('box 145 is 1 April; 2024 was a year; 12 Apples 2024');
  });
});
