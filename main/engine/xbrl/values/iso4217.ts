/**
 * ISO 4217 currency codes, kept as data (iso4217-codes.json: its source, the
 * package it came from and the date it was taken). XBRL 2.1 §4.8.2: a
 * monetary item's unit is one measure in the iso4217 namespace whose local
 * name is an ISO 4217 code: "GBP", never "gbp" (codes are upper case) and
 * never "GBX" (pence sterling is a market convention, not an ISO currency).
 * scripts/iso4217-codes.mjs regenerates the list from Debian's iso-codes.
 */
import LIST from './iso4217-codes.json';

export const ISO4217_NS = 'http://www.xbrl.org/2003/iso4217';

const CODES: ReadonlySet<string> = new Set(LIST.codes);

export const isIso4217Code = (code: string): boolean => CODES.has(code);

/** Why a measure is not an ISO 4217 currency, in words; undefined when it is one. */
export function currencyProblem(namespace: string | undefined, localName: string): string | undefined {
  if (namespace !== ISO4217_NS) return `is not in the ISO 4217 namespace (${ISO4217_NS})`;
  if (CODES.has(localName)) return undefined;
  if (CODES.has(localName.toUpperCase())) return `"${localName}" is not an ISO 4217 code: codes are written in capitals ("${localName.toUpperCase()}")`;
  return `"${localName}" is not an ISO 4217 currency code`;
}
