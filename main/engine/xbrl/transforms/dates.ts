/**
 * The registry's date transforms for the forms UK accounts use: numbers
 * with separators, English month names (TR1's strict spellings and TR2's
 * looser ones), Welsh month names (TR5), and the Japanese era and CJK forms
 * TR2 defines. Days must exist in their month ("31 April" is not read) where
 * the registry's own grammar checks it; the TR1 slash and dot forms are
 * taken digit for digit, as the registry defines them, and their result is
 * then checked against the concept's date type.
 *
 * Each function returns the value (xs:date, xs:gMonthDay or xs:gYearMonth
 * lexical form), or undefined when the text does not fit the grammar.
 */
import {
  devanagariDigits,
  ENGLISH_LONG_TITLE,
  ENGLISH_MONTH,
  ENGLISH_SHORT_TITLE,
  englishMonth,
  fullWidthDigits,
  isoDate,
  monthDay,
  WELSH_MONTH,
  WELSH_MONTH_MUTATED,
  welshMonth,
  whole,
  yearMonth,
  yr4,
  z2,
} from './lexical.js';

type Read = (text: string) => string | undefined;

/** Day, month and year from a pattern's groups, checked against the calendar. */
const dmy = (pattern: RegExp, order: { d: number; m: number; y: number }, month: (s: string) => number = Number, prepare: (s: string) => string = (s) => s): Read => (t) => {
  const g = pattern.exec(prepare(t));
  return g ? isoDate(g[order.y]!, month(g[order.m]!), g[order.d]!) : undefined;
};
const dm = (pattern: RegExp, order: { d: number; m: number }, month: (s: string) => number = (s) => Number(z2(s))): Read => (t) => {
  const g = pattern.exec(t);
  return g ? monthDay(month(g[order.m]!), g[order.d]!) : undefined;
};
const my = (pattern: RegExp, order: { m: number; y: number }, month: (s: string) => number = Number, prepare: (s: string) => string = (s) => s): Read => (t) => {
  const g = pattern.exec(prepare(t));
  return g ? yearMonth(g[order.y]!, month(g[order.m]!)) : undefined;
};

// TR1 (2010-04-20): numbers as written, digit for digit.
const SLASH = whole('([0-9]+)/([0-9]+)/([0-9]+)');
const DOT = whole('([0-9]+)\\.([0-9]+)\\.([0-9]+)');
const DAYMONTH_SLASH = whole('([0-9]{1,2})/([0-9]{1,2})');
export const dateslashus: Read = (t) => ((g) => (g ? `${yr4(g[3]!)}-${z2(g[1]!)}-${z2(g[2]!)}` : undefined))(SLASH.exec(t));
export const dateslasheu: Read = (t) => ((g) => (g ? `${yr4(g[3]!)}-${z2(g[2]!)}-${z2(g[1]!)}` : undefined))(SLASH.exec(t));
export const datedotus: Read = (t) => ((g) => (g ? `${yr4(g[3]!)}-${z2(g[1]!)}-${z2(g[2]!)}` : undefined))(DOT.exec(t));
export const datedoteu: Read = (t) => ((g) => (g ? `${yr4(g[3]!)}-${z2(g[2]!)}-${z2(g[1]!)}` : undefined))(DOT.exec(t));
export const dateslashdaymontheu: Read = (t) => ((g) => (g ? `--${z2(g[2]!)}-${z2(g[1]!)}` : undefined))(DAYMONTH_SLASH.exec(t));
export const dateslashmonthdayus: Read = (t) => ((g) => (g ? `--${z2(g[1]!)}-${z2(g[2]!)}` : undefined))(DAYMONTH_SLASH.exec(t));

// TR1's English forms: single spaces, month names with a capital first letter only, 2- or 4-digit years.
const DAY = '([0-9]|[0-9]{2})';
const YEAR24 = '([0-9]{2}|[0-9]{4})';
export const datelongus = dmy(whole(`${ENGLISH_LONG_TITLE} ${DAY}, ${YEAR24}`), { m: 1, d: 2, y: 3 }, englishMonth);
export const dateshortus = dmy(whole(`${ENGLISH_SHORT_TITLE} ${DAY}, ${YEAR24}`), { m: 1, d: 2, y: 3 }, englishMonth);
export const datelonguk = dmy(whole(`${DAY} ${ENGLISH_LONG_TITLE} ${YEAR24}`), { d: 1, m: 2, y: 3 }, englishMonth);
export const dateshortuk = dmy(whole(`${DAY} ${ENGLISH_SHORT_TITLE} ${YEAR24}`), { d: 1, m: 2, y: 3 }, englishMonth);
export const datelongdaymonthuk = dm(whole(`${DAY} ${ENGLISH_LONG_TITLE}`), { d: 1, m: 2 }, englishMonth);
export const dateshortdaymonthuk = dm(whole(`([0-9]{1,2})\\s+${ENGLISH_SHORT_TITLE}`), { d: 1, m: 2 }, englishMonth);
export const datelongmonthdayus = dm(whole(`${ENGLISH_LONG_TITLE} ${DAY}`), { m: 1, d: 2 }, englishMonth);
export const dateshortmonthdayus = dm(whole(`${ENGLISH_SHORT_TITLE}\\s+([0-9]{1,2})[A-Za-z]{0,2}`), { m: 1, d: 2 }, englishMonth);
export const datelongyearmonth = my(whole(`${YEAR24}\\s+${ENGLISH_LONG_TITLE}`), { y: 1, m: 2 }, englishMonth);
export const dateshortyearmonth = my(whole(`${YEAR24}\\s+${ENGLISH_SHORT_TITLE}`), { y: 1, m: 2 }, englishMonth);
export const datelongmonthyear = my(whole(`${ENGLISH_LONG_TITLE}\\s+${YEAR24}`), { m: 1, y: 2 }, englishMonth);
export const dateshortmonthyear = my(whole(`${ENGLISH_SHORT_TITLE}\\s+${YEAR24}`), { m: 1, y: 2 }, englishMonth);

// TR2 onwards: any non-digits between the parts; 1-, 2- or 4-digit years.
const D12 = '([0-9]{1,2})';
const Y = '([0-9]{4}|[0-9]{1,2})';
const Y_ = '([0-9]{1,2}|[0-9]{4})';
export const datedaymonth = dm(whole(`${D12}[^0-9]+${D12}`), { d: 1, m: 2 });
export const datemonthday = dm(whole(`${D12}[^0-9]+${D12}[A-Za-z]*`), { m: 1, d: 2 });
export const datedaymonthyear = dmy(whole(`${D12}[^0-9]+${D12}[^0-9]+${Y}`), { d: 1, m: 2, y: 3 });
/** TR4's date-day-month-year also reads Devanagari digits. */
export const dateDayMonthYear = dmy(whole(`${D12}[^0-9]+${D12}[^0-9]+${Y}`), { d: 1, m: 2, y: 3 }, Number, devanagariDigits);
export const datemonthdayyear = dmy(whole(`${D12}[^0-9]+${D12}[^0-9]+${Y}`), { m: 1, d: 2, y: 3 });
export const datedaymonthen = dm(whole(`${D12}[^0-9]+${ENGLISH_MONTH}`), { d: 1, m: 2 }, englishMonth);
export const datemonthdayen = dm(whole(`${ENGLISH_MONTH}[^0-9]+${D12}[A-Za-z]{0,2}`), { m: 1, d: 2 }, englishMonth);
export const datedaymonthyearen = dmy(whole(`${D12}[^0-9]+${ENGLISH_MONTH}[^0-9]+${Y}`), { d: 1, m: 2, y: 3 }, englishMonth);
export const datemonthdayyearen = dmy(whole(`${ENGLISH_MONTH}[^0-9]+([0-9]+)[^0-9]+${Y}`), { m: 1, d: 2, y: 3 }, englishMonth);
export const datemonthyearen = my(whole(`${ENGLISH_MONTH}[^0-9]+${Y_}`), { m: 1, y: 2 }, englishMonth);
export const dateyearmonthen = my(whole(`${Y_}[^0-9]+${ENGLISH_MONTH}`), { y: 1, m: 2 }, englishMonth);

// TR3's numeric month-year and year-month-day; TR4's year-month and month-year (with Devanagari or full-width digits).
const MONTHYEAR = whole(`${D12}[^0-9]+${Y}`);
export const datemonthyear = my(MONTHYEAR, { m: 1, y: 2 }, (s) => Number(z2(s)));
export const dateMonthYear = my(MONTHYEAR, { m: 1, y: 2 }, (s) => Number(z2(s)), devanagariDigits);
const YEARMONTH = new RegExp(`^[ \\t\\n\\r]*${Y}[^0-9]+${D12}[^0-9]*$`, 'u');
export const dateYearMonth = my(YEARMONTH, { y: 1, m: 2 }, (s) => Number(z2(s)), fullWidthDigits);
const YEARMONTHDAY = new RegExp(`^[ \\t\\n\\r]*${Y}[^0-9]+${D12}[^0-9]+${D12}[^0-9]*$`, 'u');
export const dateyearmonthday = dmy(YEARMONTHDAY, { y: 1, m: 2, d: 3 }, Number, fullWidthDigits);

// TR2's Japanese era and CJK year-month(-day) forms.
const ERA_START: Record<string, number> = { 明治: 1867, 明: 1867, 大正: 1911, 大: 1911, 昭和: 1925, 昭: 1925, 平成: 1988, 平: 1988, 令和: 2018, 令: 2018 };
const S = '\\s*';
const ERA = `(${Object.keys(ERA_START).join('|')})`;
const ERA_YMD = new RegExp(`^${S}${ERA}${S}([0-9]{1,2}|元)${S}年${S}([0-9]{1,2})${S}月${S}([0-9]{1,2})${S}日${S}$`, 'u');
const ERA_YM = new RegExp(`^${S}${ERA}${S}([0-9]{1,2}|元)${S}年${S}([0-9]{1,2})${S}月${S}$`, 'u');
const eraYear = (era: string, year: string) => String(ERA_START[era]! + (year === '元' ? 1 : Number(year)));
export const dateerayearmonthdayjp: Read = (t) => {
  const g = ERA_YMD.exec(fullWidthDigits(t));
  return g ? isoDate(eraYear(g[1]!, g[2]!), Number(g[3]), g[4]!) : undefined;
};
export const dateerayearmonthjp: Read = (t) => {
  const g = ERA_YM.exec(fullWidthDigits(t));
  return g ? yearMonth(eraYear(g[1]!, g[2]!), Number(g[3])) : undefined;
};
const CJK_YMD = new RegExp(`^${S}${Y_}${S}年${S}([0-9]{1,2})${S}月${S}([0-9]{1,2})${S}日${S}$`, 'u');
const CJK_YM = new RegExp(`^${S}${Y_}${S}年${S}([0-9]{1,2})${S}月${S}$`, 'u');
export const dateyearmonthdaycjk = dmy(CJK_YMD, { y: 1, m: 2, d: 3 }, Number, fullWidthDigits);
export const dateyearmonthcjk = my(CJK_YM, { y: 1, m: 2 }, Number, fullWidthDigits);

// TR5's Welsh forms: a day, any non-letters, then the month's stem and any letters up to the year.
export const datedaymonthcy = dm(whole(`${D12}[^0-9]*[^0-9a-zA-Z]+${WELSH_MONTH}[^0-9]{0,7}`), { d: 1, m: 2 }, welshMonth);
export const datedaymonthyearcy = dmy(whole(`${D12}[^0-9]*[^0-9a-zA-Z]+${WELSH_MONTH}[^0-9]+${Y_}`), { d: 1, m: 2, y: 3 }, welshMonth);
export const datemonthyearcy = my(whole(`${WELSH_MONTH_MUTATED}[^0-9]+${Y_}`), { m: 1, y: 2 }, welshMonth);
