/**
 * The Inline XBRL transformation formats accounts software uses (ixt
 * 2015-02-26 names and their TR4/TR5 spellings): numbers written with
 * thousands separators, dashes for zero, and dates written out in words.
 * A format we do not know leaves the fact unread rather than guessed.
 */
import { isIsoDate } from '../../deadlines/calendar.js';
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const WELSH_MONTHS = ['ionawr', 'chwefror', 'mawrth', 'ebrill', 'mai', 'mehefin', 'gorffennaf', 'awst', 'medi', 'hydref', 'tachwedd', 'rhagfyr'];

function monthNumber(word: string): number | undefined {
  const w = word.toLowerCase().replace(/\.$/, '');
  for (const list of [MONTHS, WELSH_MONTHS]) {
    const i = list.findIndex((m) => m === w || (w.length >= 3 && m.startsWith(w)));
    if (i >= 0) return i + 1;
  }
  const n = Number(w);
  return Number.isInteger(n) && n >= 1 && n <= 12 ? n : undefined;
}

function isoDate(year: string, month: number | undefined, day: string): string | undefined {
  if (month === undefined) return undefined;
  const y = year.length === 2 ? `20${year}` : year;
  const d = Number(day);
  if (!/^\d{4}$/.test(y) || !Number.isInteger(d) || d < 1 || d > 31) return undefined;
  const iso = `${y}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : undefined;
}


function dayMonthYear(text: string): string | undefined {
  const parts = text.trim().replace(/(\d)(st|nd|rd|th)\b/gi, '$1').split(/[\s./,-]+/).filter(Boolean);
  if (parts.length !== 3) return undefined;
  return isoDate(parts[2]!, monthNumber(parts[1]!), parts[0]!);
}

function monthDayYear(text: string): string | undefined {
  const parts = text.trim().replace(/(\d)(st|nd|rd|th)\b/gi, '$1').split(/[\s./,-]+/).filter(Boolean);
  if (parts.length !== 3) return undefined;
  return isoDate(parts[2]!, monthNumber(parts[0]!), parts[1]!);
}

function number(text: string, decimalComma: boolean): string | undefined {
  let t = text.trim().replace(/[\s\u00a0]/g, '');
  t = decimalComma ? t.replace(/\./g, '').replace(',', '.') : t.replace(/,/g, '');
  return /^\d+(\.\d+)?$/.test(t) ? t : undefined;
}

/**
 * The value of a fact under its format (local name of the format QName), or
 * undefined when the text does not fit the format. No format: the text as it
 * stands (numbers must then be plain digits).
 */
export function applyTransform(format: string | null, text: string, numeric: boolean): string | undefined {
  const f = (format ?? '').toLowerCase().replace(/-/g, '');
  if (!f) {
    if (!numeric) return text;
    const t = text.trim();
    return /^\d+(\.\d+)?$/.test(t) ? t : undefined;
  }
  if (f === 'zerodash' || f === 'fixedzero' || f === 'numdash') return '0';
  if (f === 'fixedempty' || f === 'nocontent') return '';
  if (f === 'fixedtrue' || f === 'booleantrue') return 'true';
  if (f === 'fixedfalse' || f === 'booleanfalse') return 'false';
  if (f === 'numdotdecimal' || f === 'numcommadot' || f === 'numspacedot' || f === 'numdotdecimalin') return number(text, false);
  if (f === 'numcommadecimal' || f === 'numdotcomma' || f === 'numspacecomma') return number(text, true);
  if (f.startsWith('datedaymonthyear') || f.startsWith('datedaymonthnameyear') || f === 'dateslasheu' || f === 'datedoteu' || f === 'datelongeu' || f === 'datelonguk' || f === 'dateshorteu' || f === 'dateshortuk' || f === 'datedaymonthyearcy') {
    return dayMonthYear(text);
  }
  if (f.startsWith('datemonthdayyear') || f.startsWith('datemonthnamedayyear') || f === 'dateslashus' || f === 'datedotus' || f === 'datelongus' || f === 'dateshortus') return monthDayYear(text);
  if (f === 'dateyearmonthday' || f === 'datedoubleslashymd') {
    const m = /^(\d{4})\D+(\d{1,2})\D+(\d{1,2})$/.exec(text.trim());
    return m ? isoDate(m[1]!, monthNumber(m[2]!), m[3]!) : undefined;
  }
  return undefined;
}
