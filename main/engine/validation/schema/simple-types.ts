/**
 * XML Schema 1.0 simple types (Part 2) as one checker: the GovTalk envelope
 * and CT-2014 schema's types are written out in TypeScript (the XSD itself
 * stays reference data outside the repository); an XBRL taxonomy's types are
 * compiled from its schemas (xbrl/values/concept-types.ts) into the same
 * shape, so a CT600 box and an Inline XBRL fact are judged by one set of
 * rules. Each facet carries the words a user sees when a value breaks it.
 */
import { decodesAsCanonicalBase64 } from '../../base64.js';
import { daysInMonth } from '../../deadlines/calendar.js';
import { compareDecimal, parseDecimal } from './decimal.js';

/** The XSD built-in type a simple type derives from: it fixes whitespace handling and value space. */
export type Primitive =
  | 'string'
  | 'token'
  | 'decimal'
  | 'integer'
  | 'date'
  | 'dateTime'
  | 'gYear'
  | 'anyURI'
  | 'NCName'
  | 'base64Binary'
  | 'normalizedString'
  | 'boolean'
  | 'float'
  | 'double'
  | 'time'
  | 'duration'
  | 'gYearMonth'
  | 'gMonthDay'
  | 'gDay'
  | 'gMonth'
  | 'QName'
  | 'Name'
  | 'language'
  | 'hexBinary'
  /** XBRL 2.1's xbrli:dateUnion (§5.1.1.3): an xs:date or an xs:dateTime. */
  | 'dateUnion';

export interface Pattern {
  /** Anchored regular expression (XSD patterns always match the whole value). */
  re: RegExp;
  /** The XSD pattern text, quoted in messages. */
  source: string;
}

/** The facets of XML Schema Part 2 §4.3 other than pattern, as a restriction (or a chain of them) gives them. */
export interface ValueFacets {
  enumeration?: readonly string[];
  length?: number;
  minLength?: number;
  maxLength?: number;
  minInclusive?: string;
  maxInclusive?: string;
  minExclusive?: string;
  maxExclusive?: string;
  /** Most digits in the value (XML Schema Part 2 §4.3.11). */
  totalDigits?: number;
  /** Most digits after the decimal point (§4.3.12). */
  fractionDigits?: number;
  /** A whiteSpace facet stricter than the primitive's own (a string type that collapses, say). */
  whiteSpace?: 'preserve' | 'replace' | 'collapse';
}

export interface SimpleType extends ValueFacets {
  /** What the value is, in words: "an amount in whole pounds (ending .00)". */
  describe: string;
  primitive: Primitive;
  /** Every pattern must match: XSD ANDs the patterns of successive restrictions. */
  patterns?: Pattern[];
  /**
   * Attributes the schema allows on an element holding this value: its
   * amounts are complex types with simple content and an optional Currency.
   */
  attributes?: readonly { name: string; type: SimpleType; required: boolean }[];
}

/** An XSD pattern as an anchored JS regular expression. */
export function pattern(source: string, jsSource = source, flags = ''): Pattern {
  return { re: new RegExp(`^(?:${jsSource})$`, flags), source };
}

/**
 * The lexical spaces of XML Schema 1.0 Part 2 (§3.2–3.3), digits being
 * ASCII 0–9 only. A year has four digits or more, more only without a
 * leading zero, and is never 0000 (§3.2.7: "'0000' is prohibited"); a zone
 * is Z or ±hh:mm within ±14:00 (§3.2.7.3). Calendar checks follow below.
 */
const YEAR = '-?(?!0000)([1-9][0-9]{3,}|0[0-9]{3})';
const ZONE = '(Z|[+-](0[0-9]|1[0-3]):[0-5][0-9]|[+-]14:00)?';
const LEXICAL: Record<Primitive, RegExp | undefined> = {
  string: undefined,
  token: undefined,
  anyURI: undefined,
  decimal: /^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)$/,
  integer: /^[+-]?[0-9]+$/,
  date: new RegExp(`^${YEAR}-[0-9]{2}-[0-9]{2}${ZONE}$`),
  dateTime: new RegExp(`^${YEAR}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?${ZONE}$`),
  gYear: new RegExp(`^${YEAR}${ZONE}$`),
  NCName: /^[A-Za-z_\u00C0-\uFFFF][A-Za-z0-9_.\-\u00B7\u00C0-\uFFFF]*$/,
  normalizedString: undefined,
  boolean: /^(true|false|1|0)$/,
  float: /^([+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?|INF|-INF|NaN)$/,
  double: /^([+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?|INF|-INF|NaN)$/,
  time: new RegExp(`^[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?${ZONE}$`),
  duration: /^-?P(?=[0-9T])([0-9]+Y)?([0-9]+M)?([0-9]+D)?(T(?=[0-9])([0-9]+H)?([0-9]+M)?([0-9]+(\.[0-9]+)?S)?)?$/,
  gYearMonth: new RegExp(`^${YEAR}-(0[1-9]|1[0-2])${ZONE}$`),
  gMonthDay: new RegExp(`^--(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])${ZONE}$`),
  gDay: new RegExp(`^---(0[1-9]|[12][0-9]|3[01])${ZONE}$`),
  gMonth: new RegExp(`^--(0[1-9]|1[0-2])${ZONE}$`),
  QName: /^([A-Za-z_\u00C0-\uFFFF][A-Za-z0-9_.\-\u00B7\u00C0-\uFFFF]*:)?[A-Za-z_\u00C0-\uFFFF][A-Za-z0-9_.\-\u00B7\u00C0-\uFFFF]*$/,
  Name: /^[A-Za-z_:\u00C0-\uFFFF][A-Za-z0-9_.:\-\u00B7\u00C0-\uFFFF]*$/,
  language: /^[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*$/,
  hexBinary: /^([0-9a-fA-F]{2})*$/,
  dateUnion: new RegExp(`^${YEAR}-[0-9]{2}-[0-9]{2}(T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?)?${ZONE}$`),
  // Checked by isBase64 instead: a regex with a repeated group recurses per
  // group and overflows the stack on a few megabytes (a normal iXBRL attachment).
  base64Binary: undefined,
};

/** Characters people take for spaces that XML (and so XML Schema's whitespace facet) does not: they stay part of the value. */
const LOOKALIKE_SPACES: Record<string, string> = {
  '\u00a0': 'a no-break space (U+00A0)',
  '\u1680': 'an ogham space mark (U+1680)',
  '\u2000': 'an en quad (U+2000)',
  '\u2001': 'an em quad (U+2001)',
  '\u2002': 'an en space (U+2002)',
  '\u2003': 'an em space (U+2003)',
  '\u2004': 'a three-per-em space (U+2004)',
  '\u2005': 'a four-per-em space (U+2005)',
  '\u2006': 'a six-per-em space (U+2006)',
  '\u2007': 'a figure space (U+2007)',
  '\u2008': 'a punctuation space (U+2008)',
  '\u2009': 'a thin space (U+2009)',
  '\u200a': 'a hair space (U+200A)',
  '\u200b': 'a zero-width space (U+200B)',
  '\u2028': 'a line separator (U+2028)',
  '\u2029': 'a paragraph separator (U+2029)',
  '\u202f': 'a narrow no-break space (U+202F)',
  '\u205f': 'a medium mathematical space (U+205F)',
  '\u3000': 'an ideographic space (U+3000)',
  '\ufeff': 'a byte-order mark (U+FEFF)',
  '\u0085': 'a next-line character (U+0085)',
  '\u000b': 'a vertical tab (U+000B)',
  '\u000c': 'a form feed (U+000C)',
};

const LOOKALIKE = new RegExp(`[${Object.keys(LOOKALIKE_SPACES).join('')}]`);

/**
 * Why a value is outside its primitive type's lexical space, in words that
 * name XML Schema's rule; undefined when it is inside.
 */
function lexicalProblem(primitive: Primitive, value: string): string | undefined {
  if (primitive === 'base64Binary') return undefined;
  const lookalike = LOOKALIKE.exec(value)?.[0];
  if (lookalike) {
    return `it contains ${LOOKALIKE_SPACES[lookalike]}, which XML Schema does not treat as whitespace (only space, tab, carriage return and line feed are)`;
  }
  switch (primitive) {
    case 'decimal':
      if (/^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)[eE]/.test(value)) return 'an xs:decimal has no exponent';
      return undefined;
    case 'date':
    case 'dateTime':
    case 'dateUnion':
    case 'gYearMonth':
    case 'gYear': {
      const year = /^-?([0-9]+)/.exec(value)?.[1];
      if (year !== undefined && /^0+$/.test(year)) return 'year 0000 does not exist in XML Schema 1.0';
      if (year !== undefined && year.length > 4 && year.startsWith('0')) return 'a year of more than four digits may not start with 0';
      const zone = /[0-9]([+-])([0-9]{2}):([0-9]{2})$/.exec(value);
      const [hh, mm] = [Number(zone?.[2]), Number(zone?.[3])];
      if (zone && (hh > 14 || mm > 59 || (hh === 14 && mm > 0))) return `the time zone ${zone[0].slice(1)} is outside XML Schema's range -14:00 to +14:00`;
      if (primitive === 'date' && /T/.test(value)) return 'an xs:date has no time of day';
      return undefined;
    }
    default:
      return undefined;
  }
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * xs:base64Binary in linear time: alphabet characters, then at most two
 * "=", a length that is a multiple of 4, and zero unused bits in the last
 * character before the padding (XSD's B16/B04 productions: before "=" only
 * characters whose low 2 bits are zero, before "==" only those whose low 4 are).
 * Spaces were collapsed by the whitespace facet and may sit between characters.
 */
function isBase64(collapsed: string): boolean {
  const s = collapsed.includes(' ') ? collapsed.replace(/ /g, '') : collapsed;
  if (s.length % 4 !== 0) return false;
  // Canonical base64 proven by Node's decoder is base64 as below (a return's attachments: 20 MB, about 24 ms by the search);
  // anything it does not prove, and any value in the renderer, which has no Buffer, is decided by the search.
  if (typeof Buffer !== 'undefined' && decodesAsCanonicalBase64(s)) return true;
  // A single character class under * runs as a loop, not a recursion.
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(s)) return false;
  const padding = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0;
  if (padding === 0) return true;
  const last = BASE64_ALPHABET.indexOf(s.charAt(s.length - padding - 1));
  const unusedBitsMask = padding === 2 ? 0b1111 : 0b11;
  return last >= 0 && (last & unusedBitsMask) === 0;
}

const PRIMITIVE_WORDS: Record<Primitive, string> = {
  string: 'text',
  token: 'text',
  anyURI: 'a URI',
  decimal: 'a decimal number',
  integer: 'a whole number',
  date: 'a date (YYYY-MM-DD)',
  dateTime: 'a date and time (YYYY-MM-DDThh:mm:ss)',
  gYear: 'a year (YYYY)',
  NCName: 'a name without spaces or colons',
  base64Binary: 'base64 data',
  normalizedString: 'text',
  boolean: 'true or false',
  float: 'a number',
  double: 'a number',
  time: 'a time of day (hh:mm:ss)',
  duration: 'a duration (PnYnMnDTnHnMnS)',
  gYearMonth: 'a year and month (YYYY-MM)',
  gMonthDay: 'a month and day (--MM-DD)',
  gDay: 'a day of the month (---DD)',
  gMonth: 'a month (--MM)',
  QName: 'a prefixed name',
  Name: 'a name without spaces',
  language: 'a language code (en, en-GB)',
  hexBinary: 'hexadecimal data',
  dateUnion: 'a date (YYYY-MM-DD) or a date and time',
};

/**
 * Whitespace facet: xsd:string keeps the value as written, everything else
 * collapses it (§4.3.6: #x9, #xA and #xD become #x20, runs of #x20 become
 * one, and leading and trailing ones go). Only those four are whitespace:
 * not JavaScript's trim(), which would also strip a no-break space.
 */
function normalise(primitive: Primitive, raw: string, whiteSpace?: SimpleType['whiteSpace']): string {
  const facet = whiteSpace ?? (primitive === 'string' ? 'preserve' : primitive === 'normalizedString' ? 'replace' : 'collapse');
  if (facet === 'preserve') return raw;
  if (facet === 'replace') return raw.replace(/[\t\n\r]/g, ' ');
  // Most values (a report's 70,000 figures) hold no white space at all: one test, not two replacements.
  if (!XML_WHITE_SPACE.test(raw)) return raw;
  return raw.replace(/[\t\n\r ]+/g, ' ').replace(/^ | $/g, '');
}

const XML_WHITE_SPACE = /[\t\n\r ]/;

function validCalendarDate(value: string): boolean {
  const m = /^(-?[0-9]{4,})-([0-9]{2})-([0-9]{2})/.exec(value);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function validTime(value: string): boolean {
  const m = /T([0-9]{2}):([0-9]{2}):([0-9]{2})/.exec(value);
  if (!m) return false;
  const [h, min, s] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return (h < 24 && min < 60 && s < 60) || (h === 24 && min === 0 && s === 0);
}

/** Ordered comparison in the type's value space; undefined when not comparable. */
function compareValues(primitive: Primitive, a: string, b: string): number | undefined {
  if (primitive === 'decimal' || primitive === 'integer') {
    const x = parseDecimal(a);
    const y = parseDecimal(b);
    return x && y ? compareDecimal(x, y) : undefined;
  }
  if (primitive === 'float' || primitive === 'double') {
    const x = Number(a.replace(/^(-?)INF$/, '$1Infinity'));
    const y = Number(b.replace(/^(-?)INF$/, '$1Infinity'));
    return Number.isNaN(x) || Number.isNaN(y) ? undefined : x < y ? -1 : x > y ? 1 : 0;
  }
  if (primitive === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(a) && /^\d{4}-\d{2}-\d{2}$/.test(b)) {
    return a < b ? -1 : a > b ? 1 : 0;
  }
  return undefined;
}

/**
 * Length facets count characters (code points), not UTF-16 units. Counting
 * walks the whole value, so it is done only when the type has a length
 * facet: never for a 25 MB attachment.
 */
function checkLength(type: SimpleType, value: string, raw: string): string | undefined {
  if (type.length === undefined && type.minLength === undefined && type.maxLength === undefined) return undefined;
  let chars = 0;
  for (const _ of value) chars++;
  if (type.length !== undefined && chars !== type.length) {
    return `${shown(raw)} has ${chars} characters; it must have exactly ${type.length}`;
  }
  if (type.minLength !== undefined && chars < type.minLength) {
    return `${shown(raw)} is too short (${chars} characters); at least ${type.minLength} are required`;
  }
  if (type.maxLength !== undefined && chars > type.maxLength) {
    return `${shown(raw)} is too long (${chars} characters); at most ${type.maxLength} are allowed`;
  }
  return undefined;
}

/**
 * Checks one value against a simple type. Returns the reason it fails, in
 * words, or undefined when it is valid.
 */
/** A value quoted for a message (a valid value, nearly all of them, is never copied). */
function shown(raw: string): string {
  return JSON.stringify(raw.length > 60 ? `${raw.slice(0, 57)}...` : raw);
}

/** The range facets, each with how a value compares to its bound when it is kept, and the words for a message; built once, not per value. */
const BOUNDS: readonly [keyof Pick<SimpleType, 'minInclusive' | 'maxInclusive' | 'minExclusive' | 'maxExclusive'>, (c: number) => boolean, string][] = [
  ['minInclusive', (c) => c >= 0, 'at least'],
  ['maxInclusive', (c) => c <= 0, 'at most'],
  ['minExclusive', (c) => c > 0, 'more than'],
  ['maxExclusive', (c) => c < 0, 'less than'],
];

export function checkSimpleValue(type: SimpleType, raw: string): string | undefined {
  const value = normalise(type.primitive, raw, type.whiteSpace);
  // Quoted only for a message: a valid value (nearly all of them) is never copied.
  const lexical = LEXICAL[type.primitive];
  const lexicallyValid = type.primitive === 'base64Binary' ? isBase64(value) : !lexical || lexical.test(value);
  if (!lexicallyValid) {
    const why = lexicalProblem(type.primitive, value);
    return `${shown(raw)} is not ${PRIMITIVE_WORDS[type.primitive]}${why ? `: ${why}` : ''}; expected ${type.describe}`;
  }
  if ((type.primitive === 'date' || type.primitive === 'dateTime' || type.primitive === 'dateUnion') && !validCalendarDate(value)) {
    return `${shown(raw)} is not a real calendar date; expected ${type.describe}`;
  }
  if ((type.primitive === 'dateTime' || (type.primitive === 'dateUnion' && value.includes('T'))) && !validTime(value)) {
    return `${shown(raw)} is not a valid time of day; expected ${type.describe}`;
  }
  if (type.enumeration && !type.enumeration.includes(value)) {
    const allowed = type.enumeration.map((e) => JSON.stringify(e)).join(', ');
    return `${shown(raw)} is not an allowed value; allowed: ${allowed}`;
  }
  const lengthProblem = checkLength(type, value, raw);
  if (lengthProblem) return lengthProblem;
  for (const p of type.patterns ?? []) {
    if (!p.re.test(value)) return `${shown(raw)} is not ${type.describe} (pattern ${p.source})`;
  }
  const digits = digitsProblem(type, value, raw);
  if (digits) return digits;
  for (const [facet, ok, words] of BOUNDS) {
    const bound = type[facet];
    if (bound === undefined) continue;
    const c = compareValues(type.primitive, value, bound);
    if (c !== undefined && !ok(c)) return `${shown(raw)} is out of range; it must be ${words} ${bound}`;
  }
  return undefined;
}

/**
 * totalDigits and fractionDigits (§4.3.11–12) count the digits of the value,
 * not of its lexical form: leading zeros of the integer part and trailing
 * zeros of the fraction do not count ("007.50" has 3 digits, 1 after the point).
 */
function digitsProblem(type: SimpleType, value: string, raw: string): string | undefined {
  if (type.totalDigits === undefined && type.fractionDigits === undefined) return undefined;
  const m = /^[+-]?([0-9]*)(?:\.([0-9]*))?$/.exec(value);
  if (!m) return undefined;
  const whole = (m[1] ?? '').replace(/^0+/, '');
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  if (type.fractionDigits !== undefined && fraction.length > type.fractionDigits) {
    return type.fractionDigits === 0
      ? `${shown(raw)} is not a whole number; expected ${type.describe}`
      : `${shown(raw)} has ${fraction.length} digits after the decimal point; at most ${type.fractionDigits} are allowed`;
  }
  const total = whole.length + fraction.length;
  if (type.totalDigits !== undefined && total > type.totalDigits) return `${shown(raw)} has ${total} digits; at most ${type.totalDigits} are allowed`;
  return undefined;
}
