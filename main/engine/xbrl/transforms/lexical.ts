/**
 * The pieces the Inline XBRL Transformation Registry's grammars share:
 * leading and trailing XML whitespace, two-digit days and months, two-digit
 * years read as 20yy, month names by language, and calendar checks. Each
 * registry version's transforms (numbers.ts, dates.ts) are built from these.
 */

/** XML whitespace, which every registry grammar allows around the text. */
export const WS = '[ \\t\\n\\r]*';

/** A whole-text pattern: the registry's grammar between optional whitespace at both ends. */
export const whole = (body: string, flags = 'u') => new RegExp(`^${WS}${body}${WS}$`, flags);

/** One digit becomes two: the registry writes days and months as 2 digits in its output. */
export const z2 = (s: string) => (s.length === 1 ? `0${s}` : s);

/** One- and two-digit years are this century (the registry's rule): "5" is 2005, "15" is 2015. */
export const yr4 = (s: string) => (s.length === 1 ? `200${s}` : s.length === 2 ? `20${s}` : s);

/** Full-width digits (Japanese and Chinese text) as ASCII, as TR2 and later read them. */
export const fullWidthDigits = (s: string) => s.replace(/[\uFF10-\uFF19]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xff10 + 48));

/** Devanagari digits as ASCII, as TR4's numeric date transforms read them. */
export const devanagariDigits = (s: string) => s.replace(/[\u0966-\u096F]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0x966 + 48));

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** Whether year, month and day name a day of the Gregorian calendar (years 1–9999, as xs:date's value space here). */
export function realDate(year: string, month: number, day: string): boolean {
  if (!/^[0-9]{1,4}$/.test(year) || !/^[0-9]+$/.test(day)) return false;
  const y = Number(year);
  const d = Number(day);
  if (y < 1 || month < 1 || month > 12 || d < 1) return false;
  return d <= (month === 2 && leap(y) ? 29 : DAYS_IN_MONTH[month - 1]!);
}

/** The last day a month can have in any year (29 for February): what a day-and-month without a year is checked against. */
export const maxDayOfMonth = (month: number) => (month === 2 ? 29 : DAYS_IN_MONTH[month - 1]!);

/** An ISO date from its parts, or undefined when it is no calendar day. */
export function isoDate(year: string, month: number, day: string): string | undefined {
  const y = yr4(year);
  const d = z2(day);
  return realDate(y, month, d) ? `${y}-${String(month).padStart(2, '0')}-${d}` : undefined;
}

/** An xs:gMonthDay ("--MM-DD") when the day fits the month in some year. */
export function monthDay(month: number, day: string): string | undefined {
  const d = z2(day);
  if (month < 1 || month > 12 || d < '01' || d > String(maxDayOfMonth(month))) return undefined;
  return `--${String(month).padStart(2, '0')}-${d}`;
}

/** An xs:gYearMonth ("YYYY-MM") when the month is 1–12. */
export function yearMonth(year: string, month: number): string | undefined {
  return month >= 1 && month <= 12 ? `${yr4(year)}-${String(month).padStart(2, '0')}` : undefined;
}

/**
 * English month names as the registry lists them: full and three-letter
 * names with a capital first letter, or all in capitals ("January", "Jan",
 * "JAN", "JANUARY", and "Sept"); all lower case is not in the registry's
 * grammar. The name is a whole word: "Janvember" is not "Jan" followed by a
 * separator (the reference processor's pattern lets that through; the
 * registry's month names do not).
 */
const ENGLISH = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const title = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
export const ENGLISH_MONTH = `(${[...ENGLISH.map(title), 'Sept', ...ENGLISH.map((m) => title(m.slice(0, 3))), 'SEPT', ...ENGLISH.map((m) => m.slice(0, 3).toUpperCase()), ...ENGLISH.map((m) => m.toUpperCase())].join('|')})(?![A-Za-z])`;
export const ENGLISH_LONG_TITLE = `(${ENGLISH.map(title).join('|')})`;
export const ENGLISH_SHORT_TITLE = `(${ENGLISH.map((m) => title(m.slice(0, 3))).join('|')})`;

export function englishMonth(word: string): number {
  const w = word.toLowerCase();
  if (w === 'sept') return 9;
  return ENGLISH.findIndex((m) => m === w || m.slice(0, 3) === w) + 1;
}

/**
 * Welsh month names (TR5): the stems the registry lists, in lower case,
 * capitals or with a capital first letter. Day-month forms take the plain
 * stems; month-year forms also the mutated ones ("fai", "ngor", "dach").
 */
const WELSH: Record<string, number> = { ion: 1, chwe: 2, maw: 3, ebr: 4, mai: 5, meh: 6, gor: 7, aws: 8, med: 9, hyd: 10, tach: 11, rhag: 12 };
const WELSH_MUTATED: Record<string, number> = { ...WELSH, faw: 3, fai: 5, feh: 6, ngor: 7, fed: 9, dach: 11, nhach: 11, thach: 11, rag: 12 };
const cased = (words: string[]) => `(${[...words, ...words.map((w) => w.toUpperCase()), ...words.map(title)].join('|')})`;
export const WELSH_MONTH = cased(Object.keys(WELSH));
export const WELSH_MONTH_MUTATED = cased(Object.keys(WELSH_MUTATED));
export const welshMonth = (word: string) => WELSH_MUTATED[word.toLowerCase()] ?? 0;

/**
 * xs:decimal's lexical form after the separators are taken out, and its
 * canonical form (no leading zeros, no trailing fractional zeros), as TR4
 * and TR5 give their numbers.
 */
export const DECIMAL = /^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)$/;
export function canonicalDecimal(text: string): string {
  const [int = '', frac = ''] = text.trim().split('.');
  const i = int.replace(/^0+/, '') || '0';
  const f = frac.replace(/0+$/, '');
  return f ? `${i}.${f}` : i;
}
