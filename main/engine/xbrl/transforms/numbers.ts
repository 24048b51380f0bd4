/**
 * The registry's number transforms, each with the grammar of the version
 * that defines it. TR1 and TR2/TR3 are strict about grouping (digits in
 * threes between separators); TR4 and TR5 accept any mix of digits and the
 * grouping separator before the one decimal separator, and give the
 * canonical decimal. A text outside the grammar is not read: "12.345,67"
 * under num-dot-decimal is a format error, never 12.34567.
 *
 * Each function returns the value, or undefined when the text does not fit.
 */
import { canonicalDecimal, DECIMAL, fullWidthDigits, whole, z2 } from './lexical.js';

type Read = (text: string) => string | undefined;

/** Strict grouping: a first group of 1–3 digits, then groups of 3 after `group`, then `decimal` and digits. */
const grouped = (group: string, decimal: string, optionalGroup = false) => whole(`[0-9]{1,3}(?:${group}${optionalGroup ? '?' : ''}[0-9]{3})*(?:${decimal}[0-9]+)?`);

const strip = (text: string, chars: RegExp) => text.trim().replace(chars, '');

// TR1 (2010-04-20): the separators are fixed per transform.
const NUMCOMMADOT = grouped(',', '\\.');
const NUMSPACEDOT = grouped('[ \\u00A0]', '\\.');
const NUMDOTCOMMA = grouped('\\.', ',');
const NUMSPACECOMMA = grouped('[ \\u00A0]', ',');
const NUMCOMMA = whole('[0-9]+(?:,[0-9]+)?');
const NUMDASH = whole('-');

export const numcommadot: Read = (t) => (NUMCOMMADOT.test(t) ? strip(t, /,/g) : undefined);
export const numspacedot: Read = (t) => (NUMSPACEDOT.test(t) ? strip(t, /[ \u00A0]/g) : undefined);
export const numdotcomma: Read = (t) => (NUMDOTCOMMA.test(t) ? strip(t, /\./g).replace(',', '.') : undefined);
export const numspacecomma: Read = (t) => (NUMSPACECOMMA.test(t) ? strip(t, /[ \u00A0]/g).replace(',', '.') : undefined);
export const numcomma: Read = (t) => (NUMCOMMA.test(t) ? t.trim().replace(',', '.') : undefined);
export const numdash: Read = (t) => (NUMDASH.test(t) ? '0' : undefined);

// TR2 and TR3 (2011-07-31, 2015-02-26): the group separator may be left out between groups.
const NUMDOTDECIMAL = grouped('[, \\u00A0]', '\\.', true);
const NUMCOMMADECIMAL = grouped('[. \\u00A0]', ',', true);
/** Hyphen-minus and the Unicode dashes the registry lists for a nil-like zero. */
const ZERODASH = whole('[-\\u058A\\u05BE\\u2010-\\u2015\\uFE58\\uFE63\\uFF0D]');
const NUMUNITDECIMAL = /^(0|[1-9][0-9]{0,2}(?:[.,\uFF0C\uFF0E]?[0-9]{3})*)[^0-9,.\uFF0C\uFF0E]+([0-9]{1,2})[^0-9,.\uFF0C\uFF0E]*$/u;
/** Indian grouping: the last three digits, then pairs ("1,00,000.50"). */
const NUMDOTDECIMALIN = /^(?:((?:[0-9]{1,2}[, \u00A0])?(?:[0-9]{2}[, \u00A0])*[0-9]{3})(\.[0-9]+)?|([0-9]+)(\.[0-9]+)?)$/;
const NUMUNITDECIMALIN = /^(?:((?:[0-9]{1,2}[, \u00A0])?(?:[0-9]{2}[, \u00A0])*[0-9]{3})[^0-9]+([0-9]{1,2})[^0-9]*|([0-9]+)[^0-9]+([0-9]{1,2})[^0-9]*)$/;

export const numdotdecimal: Read = (t) => (NUMDOTDECIMAL.test(t) ? strip(t, /[, \u00A0]/g) : undefined);
export const numcommadecimal: Read = (t) => (NUMCOMMADECIMAL.test(t) ? strip(t, /[. \u00A0]/g).replace(',', '.') : undefined);
export const zerodash: Read = (t) => (ZERODASH.test(t) ? '0' : undefined);
export const numunitdecimal: Read = (t) => {
  const m = NUMUNITDECIMAL.exec(fullWidthDigits(t));
  return m ? `${m[1]!.replace(/[.,\uFF0C\uFF0E]/g, '')}.${z2(m[2]!)}` : undefined;
};
export const numdotdecimalin: Read = (t) => {
  const m = NUMDOTDECIMALIN.exec(t);
  if (!m) return undefined;
  const int = (m[1] ?? m[3]!).replace(/[, \u00A0]/g, '');
  return int + (m[2] ?? m[4] ?? '');
};
export const numunitdecimalin: Read = (t) => {
  const m = NUMUNITDECIMALIN.exec(t);
  if (!m) return undefined;
  return `${(m[1] ?? m[3]!).replace(/[, \u00A0]/g, '')}.${z2(m[2] ?? m[4]!)}`;
};

// TR4 (2020-02-12) and TR5 (2022-02-16): any grouping; the result must be a decimal, given canonically.
const decimalOf = (digits: string) => (DECIMAL.test(digits) ? canonicalDecimal(digits) : undefined);
const NUM_DOT_DECIMAL = whole('[, \\u00A00-9]*(?:\\.[ \\u00A00-9]+)?');
const NUM_COMMA_DECIMAL = whole('[. \\u00A00-9]*(?:,[ \\u00A00-9]+)?');
const APOSTROPHES = "'`\u00B4\u2019\u2032";
const NUM_DOT_DECIMAL_APOS = whole(`[,${APOSTROPHES} \\u00A00-9]*(?:\\.[ \\u00A00-9]+)?`);
const NUM_COMMA_DECIMAL_APOS = whole(`[.${APOSTROPHES} \\u00A00-9]*(?:,[ \\u00A00-9]+)?`);
const NUM_UNIT_DECIMAL = /^([0-9\uFF10-\uFF19.,\uFF0C]+)([^0-9\uFF10-\uFF19.,\uFF0C][^0-9\uFF10-\uFF19]*)([0-9\uFF10-\uFF19]{1,2})[^0-9\uFF10-\uFF19]*$/u;
const NUM_UNIT_DECIMAL_APOS = new RegExp(`^([0-9\\uFF10-\\uFF19.,\\uFF0C${APOSTROPHES}\\uFF07]+)([^0-9\\uFF10-\\uFF19.,\\uFF0C${APOSTROPHES}\\uFF07][^0-9\\uFF10-\\uFF19]*)([0-9\\uFF10-\\uFF19]{1,2})[^0-9\\uFF10-\\uFF19]*$`, 'u');

export const numDotDecimal: Read = (t) => (NUM_DOT_DECIMAL.test(t) ? decimalOf(strip(t, /[, \u00A0]/g)) : undefined);
export const numCommaDecimal: Read = (t) => (NUM_COMMA_DECIMAL.test(t) ? decimalOf(strip(t, /[. \u00A0]/g).replace(',', '.')) : undefined);
export const numDotDecimalApos: Read = (t) => (NUM_DOT_DECIMAL_APOS.test(t) ? decimalOf(strip(t, new RegExp(`[,${APOSTROPHES} \\u00A0]`, 'g'))) : undefined);
export const numCommaDecimalApos: Read = (t) => (NUM_COMMA_DECIMAL_APOS.test(t) ? decimalOf(strip(t, new RegExp(`[.${APOSTROPHES} \\u00A0]`, 'g')).replace(',', '.')) : undefined);
const unitDecimal = (pattern: RegExp, separators: RegExp): Read => (t) => {
  const m = pattern.exec(fullWidthDigits(t));
  if (!m) return undefined;
  const major = m[1]!.replace(separators, '');
  const minor = z2(m[3]!);
  return major && minor ? decimalOf(`${major}.${minor}`) : undefined;
};
export const numUnitDecimal = unitDecimal(NUM_UNIT_DECIMAL, /[.,\uFF0C\uFF0E]/g);
export const numUnitDecimalApos = unitDecimal(NUM_UNIT_DECIMAL_APOS, new RegExp(`[.,\\uFF0C\\uFF0E${APOSTROPHES}\\uFF07]`, 'g'));
export const numdotdecimalinTR4: Read = (t) => {
  const v = numdotdecimalin(t);
  return v === undefined ? undefined : canonicalDecimal(v);
};

/** The fixed transforms: whatever the text, the registry's constant. */
export const fixed = (value: string): Read => () => value;
