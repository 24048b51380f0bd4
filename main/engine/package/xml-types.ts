/**
 * Lexical checks for the XML Schema types the taxonomy package schema uses,
 * matched to libxml2 (the engine behind Arelle's lxml and xmllint), which is
 * the oracle our tests compare against.
 */
import { daysInMonth as calendarDaysInMonth } from '../deadlines/calendar.js';

/** xs:language after whitespace collapse: RFC 3066-style tag, 1–8 letters then 1–8 alphanumerics per subtag. */
export function isXsLanguage(value: string): boolean {
  return /^[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*$/.test(collapse(value));
}

/**
 * xs:date. libxml2 does not collapse surrounding whitespace for dates, so
 * neither do we. Year ≥ 1 (or negative), real calendar day, optional zone up to ±14:00.
 */
export function isXsDate(value: string): boolean {
  const m = /^(-?)(\d{4,})-(\d{2})-(\d{2})(Z|[+-](\d{2}):(\d{2}))?$/.exec(value);
  if (!m) return false;
  const year = Number(m[2]);
  const month = Number(m[3]);
  const day = Number(m[4]);
  if (m[2]!.length > 4 && m[2]!.startsWith('0')) return false;
  if (year === 0) return false;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(m[1] ? -year : year, month)) return false;
  if (m[6] !== undefined) {
    const hh = Number(m[6]);
    const mm = Number(m[7]);
    if (mm > 59 || hh > 14 || (hh === 14 && mm > 0)) return false;
  }
  return true;
}

/** XSD 1.0 writes 1 BCE as -0001, a leap year: the calendar counts it as the astronomical year 0. */
function daysInMonth(year: number, month: number): number {
  return calendarDaysInMonth(year < 0 ? year + 1 : year, month);
}

/**
 * xs:anyURI as libxml2 checks it: characters a URI may not hold (spaces,
 * non-ASCII, <>"{}|\^`) are tolerated as if escaped; what remains must parse
 * as an RFC 3986 URI reference (one "#", valid %-escapes, "[" only in a host,
 * no empty scheme).
 */
export function isXsAnyUri(value: string): boolean {
  const v = collapse(value).replace(/[\u0000-\u001f\u007f-\uffff <>"{}|\\^`]/g, '_');
  if (v === '') return true;
  if (/%(?![0-9A-Fa-f]{2})/.test(v)) return false;
  const hash = v.indexOf('#');
  const beforeFragment = hash < 0 ? v : v.slice(0, hash);
  const fragment = hash < 0 ? '' : v.slice(hash + 1);
  if (/[#[\]]/.test(fragment)) return false;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(beforeFragment);
  let rest = beforeFragment;
  if (scheme) rest = beforeFragment.slice(scheme[0].length);
  else if (/^[^/?]*:/.test(beforeFragment)) return false; // first relative segment may not hold ":"
  let authority = '';
  if (rest.startsWith('//')) {
    const end = rest.slice(2).search(/[/?]/);
    authority = end < 0 ? rest.slice(2) : rest.slice(2, 2 + end);
    rest = end < 0 ? '' : rest.slice(2 + end);
  }
  if (/[[\]]/.test(rest)) return false;
  const host = authority.replace(/^[^@]*@/, '');
  if (/[[\]]/.test(host) && !/^\[[0-9A-Fa-f:.vV]+\](:\d*)?$/.test(host)) return false;
  return true;
}

/**
 * xs:ID / xs:NCName (after whitespace collapsing): an XML name without ":". Name characters
 * follow XML 1.0 fifth edition (letters of any script, "_", then also
 * digits, ".", "-", middle dot and combining marks).
 */
export function isXsNcName(value: string): boolean {
  return /^[A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\u{10000}-\u{EFFFF}][A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\u{10000}-\u{EFFFF}\-.0-9\u00B7\u0300-\u036F\u203F\u2040]*$/u.test(value);
}

export function collapse(value: string): string {
  return value.replace(/[\t\n\r ]+/g, ' ').trim();
}
